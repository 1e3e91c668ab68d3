// /accounts/learner-payment (also /course/accounts/learner-payment): the site's orders for its
// partner admin, filtered by state and searched (learner, course, bank transaction); a table on a
// wide screen, cards on a phone, with coupon discounts and refunds. A payment the gateway held for
// review can be accepted here, and a paid one refunded, in full or in part. Under /exam/accounts
// and /training/accounts (`area`), the orders of certificate exams' or trainings' batches only.
import {
  Box,
  Button,
  Card,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { useErrorText } from '../../../lib/use-error-text';
import { ORDER_STATES, type AccountArea, type AccountOrder, type OrderState } from '../api/payments-api';
import { orderText, refundLeft } from '../hooks/order-text';
import { amountInput } from '../hooks/payout-form';
import { refundPoisha, refundProblem } from '../hooks/refund-form';
import { acceptReviewMutation, refundOrderMutation, useAccountOrders } from '../hooks/use-payments';
import { OrderAmount } from './order-amount';
import { OrderStateChip } from './order-state-chip';
import { RefundDialog } from './refund-dialog';

/** `?state=`: one of the order states, else all. */
export function stateParam(value: string | null): OrderState | '' {
  return (ORDER_STATES as readonly string[]).includes(value ?? '') ? (value as OrderState) : '';
}

/** The query with one filter set (or removed when empty), back on page 1. */
function withFilter(params: URLSearchParams, name: 'search' | 'state', value: string) {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

/** `area`: only the payments for that kind's batches (exams, trainings); absent: every payment of the site. */
export default function LearnerPaymentsPage({ area }: { area?: AccountArea }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const state = stateParam(params.get('state'));
  const [typed, setTyped] = useState(search);
  const [page, setPage] = usePageParam();
  const { data, isLoading, error, refetch } = useAccountOrders({ page, state, search, courseType: area });
  useClampPageParam(data?.last_page);
  const [confirm, setConfirm] = useState<AccountOrder | null>(null);
  const accept = useMutation(acceptReviewMutation(qc));
  const refund = useRefund();

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => setParams(withFilter(params, 'search', typed.trim()), { replace: true }), 350);
    return () => clearTimeout(id);
  }, [typed, search, params, setParams]);

  const onAccept = () => {
    if (!confirm) return;
    const order = confirm;
    accept.mutate(order.uuid, {
      onSuccess: () => {
        setConfirm(null);
        toast.show(t('payments:accounts.accepted', { name: order.user.name }));
      },
      onError: (err) => {
        setConfirm(null);
        toast.show(errorText(err), { severity: 'error' });
      },
    });
  };

  const items = data?.data ?? [];
  const busy = accept.isPending ? (accept.variables ?? null) : refund.busy;
  // The texts of the page: the site's payments, or those of its exams' or trainings' batches.
  const texts = area ? `payments:accounts.areas.${area}.` : 'payments:accounts.';
  return (
    <Box data-testid="learner-payments-page" data-area={area ?? 'all'}>
      <PageHeader
        title={t(area ? `${texts}title` : `${texts}learner_title`)}
        subtitle={data ? t(`${texts}total`, { count: data.total, n: formatNumber(data.total, lang) }) : t(area ? `${texts}subtitle` : `${texts}learner_subtitle`)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('payments:accounts.search')}
          aria-label={t('payments:accounts.search')}
          sx={{ flexGrow: 1, maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          data-testid="payments-search"
        />
        <TextField
          select
          id="payments-state"
          label={t('payments:accounts.state')}
          value={state}
          onChange={(e) => setParams(withFilter(params, 'state', e.target.value), { replace: true })}
          sx={{ minWidth: 200, bgcolor: 'background.paper' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="payments-state"
        >
          <MenuItem value="">{t('payments:accounts.all_states')}</MenuItem>
          {ORDER_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`payments:states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Card>
        {isLoading ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={52} />
            ))}
          </Box>
        ) : error ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<ReceiptLongOutlinedIcon />} message={t(`${texts}empty`)} />
        ) : wide ? (
          <AccountOrdersTable items={items} lang={lang} busy={busy} onAccept={setConfirm} onRefund={refund.open} />
        ) : (
          <AccountOrderCards items={items} lang={lang} busy={busy} onAccept={setConfirm} onRefund={refund.open} />
        )}
      </Card>
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!confirm}
        title={t('payments:accounts.accept_title')}
        body={confirm ? t('payments:accounts.accept_body', { name: confirm.user.name, amount: orderText(confirm, lang).amount, course: orderText(confirm, lang).course }) : ''}
        confirmLabel={t('payments:accounts.accept')}
        busy={accept.isPending}
        onConfirm={onAccept}
        onClose={() => !accept.isPending && setConfirm(null)}
      />
      <RefundDialog {...refund.dialog} />
    </Box>
  );
}

/** The refund dialog's state: the order, the amount (all that is left to start with) and the reason, and the refusals. */
function useRefund() {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const [order, setOrder] = useState<AccountOrder | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation(refundOrderMutation(qc));
  const { error } = mutation;
  const amountError = problem ?? fieldText(error, 'amount');
  const reasonError = fieldText(error, 'reason');
  const formError = error && !fieldText(error, 'amount') && !reasonError ? errorText(error) : null;

  const open = (o: AccountOrder) => {
    setOrder(o);
    setAmount(amountInput(refundLeft(o), lang));
    setReason('');
    setProblem(null);
    mutation.reset();
  };
  const edited = (set: (v: string) => void) => (v: string) => {
    set(v);
    setProblem(null);
    if (mutation.error) mutation.reset();
  };
  const onRefund = () => {
    if (!order) return;
    const left = refundLeft(order);
    const p = refundProblem(amount, left);
    if (p) {
      setProblem(t(`errors:${p}`));
      return;
    }
    const given = formatTaka(refundPoisha(amount, left), lang);
    mutation.mutate(
      { uuid: order.uuid, amount, reason },
      {
        onSuccess: (done) => {
          setOrder(null);
          // Given back already, or still with the gateway (a partial refund stays paid either way).
          const finished = done.state === 'refunded' || (done.state === 'paid' && (done.refunded_poisha ?? 0) > (order.refunded_poisha ?? 0));
          const key = finished ? 'payments:accounts.refunded_toast' : 'payments:accounts.refund_pending_toast';
          toast.show(t(key, { amount: given, name: order.user.name }), { severity: finished ? 'success' : 'info' });
        },
      },
    );
  };
  return {
    open,
    /** The order being refunded. */
    busy: mutation.isPending ? (mutation.variables?.uuid ?? null) : null,
    dialog: {
      order,
      amount,
      reason,
      amountError,
      reasonError,
      formError,
      busy: mutation.isPending,
      onAmount: edited(setAmount),
      onReason: edited(setReason),
      onRefund,
      onClose: () => !mutation.isPending && setOrder(null),
    },
  };
}

interface OrdersProps {
  items: AccountOrder[];
  lang: string;
  /** The order being accepted or refunded. */
  busy: string | null;
  onAccept: (order: AccountOrder) => void;
  onRefund?: (order: AccountOrder) => void;
}

/** A paid order that went through the gateway, not all given back yet. */
export const isRefundable = (o: AccountOrder) => o.state === 'paid' && o.gateway !== 'none' && refundLeft(o) > 0;

/** Accept (a payment held for review) or Refund (a paid one). */
function OrderAction({ order, busy, onAccept, onRefund }: { order: AccountOrder } & Pick<OrdersProps, 'busy' | 'onAccept' | 'onRefund'>) {
  const { t } = useTranslation('payments');
  if (order.state === 'review') {
    return (
      <Button size="small" variant="contained" disabled={busy === order.uuid} onClick={() => onAccept(order)} data-testid="accept-review">
        {t('accounts.accept')}
      </Button>
    );
  }
  if (onRefund && isRefundable(order)) {
    return (
      <Button size="small" variant="outlined" color="error" disabled={busy === order.uuid} onClick={() => onRefund(order)} data-testid="refund-order">
        {t('accounts.refund')}
      </Button>
    );
  }
  return null;
}

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Wide screens: one row per order. */
export function AccountOrdersTable({ items, lang, busy, onAccept, onRefund }: OrdersProps) {
  const { t } = useTranslation('payments');
  return (
    <TableContainer>
      <Table size="small" data-testid="account-orders-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('accounts.learner')}</TableCell>
            <TableCell>{t('accounts.course')}</TableCell>
            <TableCell align="right">{t('accounts.amount')}</TableCell>
            <TableCell>{t('accounts.state')}</TableCell>
            <TableCell>{t('accounts.date')}</TableCell>
            <TableCell>{t('accounts.bank_tran_id')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((o) => {
            const text = orderText(o, lang);
            return (
              <TableRow key={o.uuid} hover data-testid="account-order" data-state={o.state} data-uuid={o.uuid}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {o.user.name}
                  </Typography>
                  {o.user.email && (
                    // break-word, not anywhere: the column is as wide as the address (the table scrolls
                    // sideways if it must) instead of splitting "example.co|m" to leave room for others.
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
                      {o.user.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{text.course}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {text.batch}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <OrderAmount order={o} lang={lang} align="right" />
                </TableCell>
                <TableCell>
                  <OrderStateChip state={o.state} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.created}</TableCell>
                <TableCell sx={mono}>{o.bank_tran_id ?? '—'}</TableCell>
                <TableCell align="right">
                  <OrderAction order={o} busy={busy} onAccept={onAccept} onRefund={onRefund} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one block per order. */
export function AccountOrderCards({ items, lang, busy, onAccept, onRefund }: OrdersProps) {
  const { t } = useTranslation('payments');
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="account-order-cards">
      {items.map((o) => {
        const text = orderText(o, lang);
        return (
          <Box
            component="li"
            key={o.uuid}
            data-testid="account-order"
            data-state={o.state}
            data-uuid={o.uuid}
            sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          >
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{o.user.name}</Typography>
                {o.user.email && (
                  // The address is how an admin finds a learner (the search box takes it).
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }} data-testid="account-order-email">
                    {o.user.email}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {text.course}
                  {text.batch && ` · ${text.batch}`}
                </Typography>
              </Box>
              <OrderStateChip state={o.state} />
            </Stack>
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <OrderAmount order={o} lang={lang} />
              <Typography variant="body2" color="text.secondary">
                {text.created}
              </Typography>
            </Stack>
            {o.bank_tran_id && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t('accounts.bank_tran_id')}: <Box component="span" sx={mono}>{o.bank_tran_id}</Box>
              </Typography>
            )}
            <Box sx={{ mt: 1, '&:empty': { display: 'none' } }}>
              <OrderAction order={o} busy={busy} onAccept={onAccept} onRefund={onRefund} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
