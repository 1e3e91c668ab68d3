// The site's feedback as a table on a wide screen and as cards on a phone: who sent it (name,
// designation, the e-mail they gave, which only the admin sees), the rating, the message, when and
// its status. The admin approves it (it shows on the home page) or hides it.
import { Box, Button, Chip, Link, Stack, TableCell, TableRow, Typography, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Stars } from '../../../components/ui/stars';
import { formatDate } from '../../../lib/lang';
import type { AdminFeedback, FeedbackStatus } from '../api/site-extras-api';
import { ListTable } from './list-table';

const COLOURS: Record<FeedbackStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  hidden: 'default',
};

/** Waiting amber, approved (on the home page) green, hidden grey. */
export function FeedbackStatusChip({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('publishing');
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      variant={status === 'approved' ? 'filled' : 'outlined'}
      label={t(`feedbacks.statuses.${status}`, { defaultValue: status })}
      data-testid="feedback-status"
      data-status={status}
    />
  );
}

export interface FeedbackListProps {
  items: AdminFeedback[];
  lang: string;
  /** The feedback being changed. */
  busy: number | null;
  onApprove: (f: AdminFeedback, approve: boolean) => void;
}

type RowProps = Omit<FeedbackListProps, 'items'> & { feedback: AdminFeedback };

/** Approve unless approved, Hide unless hidden: a pending one has both. */
function Actions({ feedback: f, busy, onApprove }: RowProps) {
  const { t } = useTranslation('publishing');
  const disabled = busy === f.id;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
      {f.status !== 'approved' && (
        <Button size="small" variant="contained" color="success" disabled={disabled} onClick={() => onApprove(f, true)} aria-label={`${t('feedbacks.approve')}: ${f.name}`} data-testid="approve-feedback">
          {t('feedbacks.approve')}
        </Button>
      )}
      {f.status !== 'hidden' && (
        <Button size="small" variant="outlined" color="inherit" disabled={disabled} onClick={() => onApprove(f, false)} aria-label={`${t('feedbacks.hide')}: ${f.name}`} data-testid="hide-feedback">
          {t('feedbacks.hide')}
        </Button>
      )}
    </Stack>
  );
}

/** Name, designation and the e-mail (a mailto link). */
function Sender({ feedback: f }: { feedback: AdminFeedback }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="feedback-name" data-user-content>
        {f.name}
      </Typography>
      {f.designation && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-user-content>
          {f.designation}
        </Typography>
      )}
      {f.email && (
        <Link href={`mailto:${f.email}`} variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="feedback-email">
          {f.email}
        </Link>
      )}
    </Box>
  );
}

function Message({ text }: { text: string }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="feedback-message" data-user-content>
      {text}
    </Typography>
  );
}

/** Wide screens: one row per feedback. */
export function FeedbackTable({ items, ...props }: FeedbackListProps) {
  const { t } = useTranslation('publishing');
  return (
    <ListTable
      testId="feedback-table"
      head={
        <>
          <TableCell>{t('feedbacks.sender')}</TableCell>
          <TableCell>{t('feedbacks.rating')}</TableCell>
          <TableCell>{t('feedbacks.message')}</TableCell>
          <TableCell>{t('feedbacks.date')}</TableCell>
          <TableCell>{t('feedbacks.status')}</TableCell>
        </>
      }
    >
      {items.map((f) => (
        <TableRow key={f.id} hover data-testid="feedback-row" data-status={f.status} sx={{ verticalAlign: 'top' }}>
          <TableCell sx={{ maxWidth: 220 }}>
            <Sender feedback={f} />
          </TableCell>
          <TableCell>
            <Stars value={f.rating} size="small" />
          </TableCell>
          <TableCell sx={{ maxWidth: 420 }}>
            <Message text={f.message} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(f.created_at, props.lang)}</TableCell>
          <TableCell>
            <FeedbackStatusChip status={f.status} />
          </TableCell>
          <TableCell align="right">
            <Actions feedback={f} {...props} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** Phones: one block per feedback. */
export function FeedbackCards({ items, ...props }: FeedbackListProps) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="feedback-cards">
      {items.map((f) => (
        <Box component="li" key={f.id} data-testid="feedback-row" data-status={f.status} sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Sender feedback={f} />
            <FeedbackStatusChip status={f.status} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Stars value={f.rating} size="small" />
            <Typography variant="caption" color="text.secondary">
              {formatDate(f.created_at, props.lang)}
            </Typography>
          </Stack>
          <Box sx={{ mt: 1 }}>
            <Message text={f.message} />
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <Actions feedback={f} {...props} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
