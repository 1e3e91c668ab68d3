import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PostStatus } from '../api/publishing-api';

const COLOURS: Record<PostStatus, ChipProps['color']> = {
  draft: 'default',
  submitted: 'warning',
  published: 'success',
  unpublished: 'error',
};

/** Draft grey, waiting for approval amber, published (on the public site) green, unpublished red. */
export function PostStatusChip({ status }: { status: PostStatus }) {
  const { t } = useTranslation('publishing');
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      variant={status === 'published' ? 'filled' : 'outlined'}
      label={t(`statuses.${status}`, { defaultValue: status })}
      data-testid="post-status"
      data-status={status}
    />
  );
}
