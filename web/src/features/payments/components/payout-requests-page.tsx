// /accounts/payment-request (also under /course/accounts, /exam/accounts and /training/accounts,
// the same site-wide page: the exams' and trainings' say so): payout requests.
// - A partner admin sees the site's balance (available, requested, paid out), chooses where its
//   learners' SSLCommerz payments go (the payment account card), asks for a payout, and follows the
//   site's requests, withdrawing one that still waits.
// - The super admin (menu class super, on the main site) sees every partner's requests, those
//   waiting first (?state=, default requested; ?partner=<institution id>), and approves or
//   rejects them.
import { Box, Card, Chip, MenuItem, Skeleton, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { idParam, withParam } from '../../../lib/list-params';
import { formatTaka } from '../../../lib/money';
import { useCurrentUser } from '../../../lib/session';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { PAYOUT_STATES, type AccountArea, type PayoutRequest, type PayoutState } from '../api/payments-api';
import { amountInput, amountProblem, amountRefusal } from '../hooks/payout-form';
import { approvePayoutMutation, rejectPayoutMutation, requestPayoutMutation, useAccountTotals, usePayouts, withdrawPayoutMutation } from '../hooks/use-payments';
import { MerchantAccountCard } from './merchant-account-card';
import { PayoutBalance } from './payout-balance';
import { PayoutCards, PayoutsTable, type PayoutListProps } from './payout-list';
import { PayoutRequestForm } from './payout-request-form';
import { RejectPayoutDialog } from './reject-payout-dialog';
import { SiteWideNote } from './site-wide-note';

/** The super admin's `?state=`: a payout state, `all` for every state; the waiting ones by default. */
export function payoutStateParam(value: string | null): PayoutState | '' {
  if (value === 'all') return '';
  return (PAYOUT_STATES as readonly string[]).includes(value ?? '') ? (value as PayoutState) : 'requested';
}

/** `?partner=`: an institution id, else every partner. */
export const partnerParam = idParam;

/** `area`: opened under /exam/accounts or /training/accounts (the requests and the balance are the site's all the same). */
export default function PayoutRequestsPage({ area }: { area?: AccountArea }) {
  const { menuClass } = useCurrentUser();
  return menuClass === 'super' ? <SuperPayouts area={area} /> : <PartnerPayouts area={area} />;
}

/** The list in its card: loading, error, empty, or the requests (table on a wide screen, cards on a phone). */
function PayoutListCard({ query, empty, ...list }: Omit<PayoutListProps, 'items' | 'lang'> & { query: ReturnType<typeof usePayouts>; empty: string }) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { data, isLoading, error, refetch } = query;
  const items = data?.data ?? [];
  const props = { ...list, items, lang: i18n.language };
  return (
    <Card>
      {isLoading ? (
        <Box sx={{ p: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={52} />
          ))}
        </Box>
      ) : error ? (
        <Box sx={{ p: 2 }}>
          <ErrorState error={error} onRetry={() => refetch()} />
        </Box>
      ) : items.length === 0 ? (
        <EmptyState icon={<RequestQuoteOutlinedIcon />} message={empty} />
      ) : wide ? (
        <PayoutsTable {...props} />
      ) : (
        <PayoutCards {...props} />
      )}
    </Card>
  );
}

function PartnerPayouts({ area }: { area?: AccountArea }) {
  const { t, i18n } = useTranslation(['payments', 'errors', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const totals = useAccountTotals();
  const [page, setPage] = usePageParam();
  const list = usePayouts({ page });
  useClampPageParam(list.data?.last_page);
  const available = totals.data ? Math.max(0, totals.data.available_poisha ?? 0) : null;

  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation(requestPayoutMutation(qc));
  const [withdrawing, setWithdrawing] = useState<PayoutRequest | null>(null);
  const withdraw = useMutation(withdrawPayoutMutation(qc));

  // The server's refusal: of the amount on its field (in our words when we know the code), of the
  // note on its field, anything else above the button.
  const refusal = amountRefusal(send.error);
  const serverAmount = refusal ? ('code' in refusal ? t(`errors:${refusal.code}`) : refusal.message) : null;
  const noteError = fieldErrorsOf(send.error).note ?? null;
  const formError = send.error && !refusal && !noteError ? errorText(send.error) : null;

  const onSubmit = () => {
    const p = amountProblem(amount, available ?? 0);
    if (p) {
      setProblem(t(`errors:${p}`));
      return;
    }
    setProblem(null);
    send.mutate(
      { amount, note },
      {
        onSuccess: (payout) => {
          setAmount('');
          setNote('');
          toast.show(t('payments:payouts.sent', { amount: formatTaka(payout.amount_poisha, lang) }));
        },
      },
    );
  };
  const edited = (set: (v: string) => void) => (v: string) => {
    set(v);
    setProblem(null);
    if (send.error) send.reset();
  };

  const onWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => toast.show(t('payments:payouts.withdrawn')),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setWithdrawing(null),
    });
  };

  const total = list.data?.total;
  return (
    <Box data-testid="payout-requests-page" data-mode="partner">
      <PageHeader title={t('payments:payouts.title')} subtitle={t('payments:payouts.subtitle')} />
      <SiteWideNote area={area} />
      {totals.error ? <ErrorState error={totals.error} onRetry={() => totals.refetch()} /> : <PayoutBalance totals={totals.data} />}
      <Box sx={{ mt: 3 }}>
        <MerchantAccountCard />
      </Box>
      <Box sx={{ my: 3 }}>
        <PayoutRequestForm
          available={available}
          amount={amount}
          note={note}
          amountError={problem ?? serverAmount}
          noteError={noteError}
          formError={formError}
          busy={send.isPending}
          onAmount={edited(setAmount)}
          onNote={edited(setNote)}
          onAll={() => edited(setAmount)(amountInput(available ?? 0, lang))}
          onSubmit={onSubmit}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('payments:payouts.list_title')}
        </Typography>
        {total !== undefined && total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('payments:payouts.total', { count: total, n: formatNumber(total, lang) })}
          </Typography>
        )}
      </Stack>
      <PayoutListCard
        query={list}
        empty={t('payments:payouts.empty')}
        mode="partner"
        busy={withdraw.isPending ? (withdraw.variables ?? null) : null}
        onWithdraw={setWithdrawing}
      />
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!withdrawing}
        title={t('payments:payouts.withdraw_title')}
        body={withdrawing ? t('payments:payouts.withdraw_body', { amount: formatTaka(withdrawing.amount_poisha, lang) }) : ''}
        confirmLabel={t('payments:payouts.withdraw')}
        closeLabel={t('payments:payouts.keep')}
        danger
        busy={withdraw.isPending}
        onConfirm={onWithdraw}
        onClose={() => !withdraw.isPending && setWithdrawing(null)}
      />
    </Box>
  );
}

function SuperPayouts({ area }: { area?: AccountArea }) {
  const { t, i18n } = useTranslation(['payments', 'errors', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const state = payoutStateParam(params.get('state'));
  const partnerId = partnerParam(params.get('partner'));
  const [page, setPage] = usePageParam();
  const list = usePayouts({ page, state, partnerId });
  useClampPageParam(list.data?.last_page);

  const [approving, setApproving] = useState<PayoutRequest | null>(null);
  const approve = useMutation(approvePayoutMutation(qc));
  const [rejecting, setRejecting] = useState<PayoutRequest | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const reject = useMutation(rejectPayoutMutation(qc));

  const onApprove = () => {
    if (!approving) return;
    const p = approving;
    approve.mutate(p.id, {
      onSuccess: () => toast.show(t('payments:payouts.approved', { amount: formatTaka(p.amount_poisha, lang), partner: p.institution.name })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setApproving(null),
    });
  };
  const openReject = (p: PayoutRequest) => {
    setRejecting(p);
    setReason('');
    setReasonProblem(null);
    reject.reset();
  };
  const onReject = () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonProblem(t('payments:payouts.reason_required'));
      return;
    }
    reject.mutate(
      { id: rejecting.id, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          toast.show(t('payments:payouts.rejected'));
        },
        onError: (err) => {
          // A refused reason stays in the dialog; anything else (already decided, say) closes it.
          if (fieldErrorsOf(err).reason) return;
          setRejecting(null);
          toast.show(errorText(err), { severity: 'error' });
        },
      },
    );
  };

  const busy = approve.isPending ? (approve.variables ?? null) : reject.isPending ? (reject.variables?.id ?? null) : null;
  const partnerName = partnerId ? (list.data?.data.find((p) => p.institution.id === partnerId)?.institution.name ?? `#${formatNumber(partnerId, lang)}`) : '';
  const total = list.data?.total;
  return (
    <Box data-testid="payout-requests-page" data-mode="super">
      <PageHeader
        title={t('payments:payouts.title')}
        subtitle={total !== undefined ? t('payments:payouts.total', { count: total, n: formatNumber(total, lang) }) : t('payments:payouts.super_subtitle')}
      />
      <SiteWideNote area={area} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          id="payouts-state"
          label={t('payments:payouts.state')}
          value={state || 'all'}
          onChange={(e) => setParams(withParam(params, 'state', e.target.value === 'requested' ? '' : e.target.value), { replace: true })}
          sx={{ minWidth: 220, bgcolor: 'background.paper' }}
          slotProps={{ inputLabel: { shrink: true } }}
          data-testid="payouts-state"
        >
          {PAYOUT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`payments:payout_states.${s}`)}
            </MenuItem>
          ))}
          <MenuItem value="all">{t('payments:payouts.all_states')}</MenuItem>
        </TextField>
        {partnerId && (
          <Box>
            <Chip
              label={t('payments:payouts.partner_filter', { name: partnerName })}
              onDelete={() => setParams(withParam(params, 'partner', ''), { replace: true })}
              data-testid="payouts-partner"
            />
          </Box>
        )}
      </Stack>
      <PayoutListCard
        query={list}
        empty={state === 'requested' ? t('payments:payouts.empty_waiting') : t('payments:payouts.empty_filtered')}
        mode="super"
        busy={busy}
        onApprove={setApproving}
        onReject={openReject}
      />
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!approving}
        title={t('payments:payouts.approve_title')}
        body={approving ? t('payments:payouts.approve_body', { partner: approving.institution.name, amount: formatTaka(approving.amount_poisha, lang) }) : ''}
        confirmLabel={t('payments:payouts.approve')}
        busy={approve.isPending}
        onConfirm={onApprove}
        onClose={() => !approve.isPending && setApproving(null)}
      />
      <RejectPayoutDialog
        payout={rejecting}
        reason={reason}
        error={reasonProblem ?? fieldErrorsOf(reject.error).reason ?? null}
        busy={reject.isPending}
        onReason={(v) => {
          setReason(v);
          setReasonProblem(null);
          if (reject.error) reject.reset();
        }}
        onReject={onReject}
        onClose={() => !reject.isPending && setRejecting(null)}
      />
    </Box>
  );
}
