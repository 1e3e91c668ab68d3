// Payout requests as a table on a wide screen and as cards on a phone: for the partner admin its
// site's own (a waiting one can be withdrawn), for the super admin every partner's (a waiting one
// can be approved or rejected).
import { Box, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { PayoutRequest } from '../api/payments-api';
import { PayoutStateChip } from './payout-state-chip';

export interface PayoutListProps {
  items: PayoutRequest[];
  lang: string;
  /** partner: the site's own requests; super: every partner's, with the partner's name. */
  mode: 'partner' | 'super';
  /** The request being changed. */
  busy: number | null;
  onWithdraw?: (p: PayoutRequest) => void;
  onApprove?: (p: PayoutRequest) => void;
  onReject?: (p: PayoutRequest) => void;
}

/** Withdraw (partner) or Approve and Reject (super admin), for a request still waiting. */
function PayoutActions({ payout, mode, busy, onWithdraw, onApprove, onReject }: { payout: PayoutRequest } & Omit<PayoutListProps, 'items' | 'lang'>) {
  const { t } = useTranslation('payments');
  if (payout.state !== 'requested') return null;
  const disabled = busy === payout.id;
  if (mode === 'partner') {
    return (
      <Button size="small" color="error" disabled={disabled} onClick={() => onWithdraw?.(payout)} data-testid="withdraw-payout">
        {t('payouts.withdraw')}
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
      <Button size="small" variant="contained" disabled={disabled} onClick={() => onApprove?.(payout)} data-testid="approve-payout">
        {t('payouts.approve')}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={disabled} onClick={() => onReject?.(payout)} data-testid="reject-payout">
        {t('payouts.reject')}
      </Button>
    </Stack>
  );
}

/** The note, and the reason of a rejection. */
function PayoutWords({ payout }: { payout: PayoutRequest }) {
  const { t } = useTranslation('payments');
  const reason = payout.state === 'rejected' ? payout.reason?.trim() : '';
  return (
    <>
      {payout.note && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="payout-note">
          {payout.note}
        </Typography>
      )}
      {reason && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="payout-reason">
          {t('payouts.reason', { reason })}
        </Typography>
      )}
    </>
  );
}

/** Wide screens: one row per request. */
export function PayoutsTable(props: PayoutListProps) {
  const { items, lang, mode } = props;
  const { t } = useTranslation('payments');
  return (
    <TableContainer>
      <Table size="small" data-testid="payouts-table">
        <TableHead>
          <TableRow>
            {mode === 'super' && <TableCell>{t('payouts.partner')}</TableCell>}
            <TableCell align="right">{t('payouts.amount_col')}</TableCell>
            <TableCell>{t('payouts.state')}</TableCell>
            <TableCell>{t('payouts.date')}</TableCell>
            <TableCell>{t('payouts.note_col')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((p) => (
            <TableRow key={p.id} hover data-testid="payout" data-state={p.state} data-id={p.id}>
              {mode === 'super' && (
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.institution.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('payouts.requested_by', { name: p.requested_by.name })}
                  </Typography>
                </TableCell>
              )}
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatTaka(p.amount_poisha, lang)}
              </TableCell>
              <TableCell>
                <PayoutStateChip state={p.state} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(p.created_at, lang)}
                {p.decided_at && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('payouts.decided', { date: formatDate(p.decided_at, lang) })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <PayoutWords payout={p} />
              </TableCell>
              <TableCell align="right">
                <PayoutActions payout={p} {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one block per request. */
export function PayoutCards(props: PayoutListProps) {
  const { items, lang, mode } = props;
  const { t } = useTranslation('payments');
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="payout-cards">
      {items.map((p) => (
        <Box
          component="li"
          key={p.id}
          data-testid="payout"
          data-state={p.state}
          data-id={p.id}
          sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              {mode === 'super' && (
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.institution.name}</Typography>
              )}
              <Typography sx={{ fontWeight: 700 }}>{formatTaka(p.amount_poisha, lang)}</Typography>
            </Box>
            <PayoutStateChip state={p.state} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {formatDate(p.created_at, lang)}
            {mode === 'super' && ` · ${t('payouts.requested_by', { name: p.requested_by.name })}`}
          </Typography>
          {p.decided_at && (
            <Typography variant="body2" color="text.secondary">
              {t('payouts.decided', { date: formatDate(p.decided_at, lang) })}
            </Typography>
          )}
          <Box sx={{ mt: 0.5, '&:empty': { display: 'none' } }}>
            <PayoutWords payout={p} />
          </Box>
          <Box sx={{ mt: 1, '&:empty': { display: 'none' } }}>
            <PayoutActions payout={p} {...props} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
