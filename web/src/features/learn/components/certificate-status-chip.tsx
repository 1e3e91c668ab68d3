import { Chip } from '@mui/material';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import type { CertificateStatus } from '../api/learn-api';

/** issued green, pending amber, revoked red. */
export function CertificateStatusChip({ status, size = 'medium' }: { status: CertificateStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('learn');
  const props =
    status === 'issued'
      ? ({ color: 'success', icon: <VerifiedOutlinedIcon /> } as const)
      : status === 'revoked'
        ? ({ color: 'error', icon: <BlockIcon /> } as const)
        : ({ color: 'warning', icon: <HourglassEmptyIcon /> } as const);
  return <Chip size={size} {...props} label={t(`certificate.status.${status}`, { defaultValue: status })} data-testid="certificate-status" data-status={status} />;
}
