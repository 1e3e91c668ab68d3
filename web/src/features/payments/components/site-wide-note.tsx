// On the exam and training accounts pages that show money (overall transactions, payout
// requests): a line saying the figures are the whole site's, not the exams' or trainings' alone
// (a site has one balance, from which payouts are drawn).
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AccountArea } from '../api/payments-api';

export function SiteWideNote({ area }: { area?: AccountArea }) {
  const { t } = useTranslation('payments');
  if (!area) return null;
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="site-wide-note" data-area={area}>
      {t(`accounts.areas.${area}.site_wide`)}
    </Alert>
  );
}
