// /payments: the learner's orders, newest first, as cards that fit a 360 px screen, with a coupon's
// discount and what was refunded. A pending order can be cancelled; a paid one leads to its course.
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { coursePagePath } from '../../../lib/course-paths';
import { useErrorText } from '../../../lib/use-error-text';
import { fetchReceipt, type PaymentOrder } from '../api/payments-api';
import { orderText } from '../hooks/order-text';
import { cancelOrderMutation, useMyPayments } from '../hooks/use-payments';
import { OrderAmount } from './order-amount';
import { OrderStateChip } from './order-state-chip';

export default function MyPaymentsPage() {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [page, setPage] = usePageParam();
  const { data, isLoading, error, refetch } = useMyPayments(page);
  useClampPageParam(data?.last_page);
  const [confirm, setConfirm] = useState<PaymentOrder | null>(null);
  const cancel = useMutation(cancelOrderMutation(qc));
  const onConfirm = () => {
    if (!confirm) return;
    cancel.mutate(confirm.uuid, {
      onSuccess: () => {
        setConfirm(null);
        toast.show(t('payments:mine.cancelled'));
      },
      onError: (err) => {
        setConfirm(null);
        toast.show(errorText(err), { severity: 'error' });
      },
    });
  };

  const items = data?.data ?? [];
  return (
    <Box data-testid="my-payments-page">
      <PageHeader title={t('payments:mine.title')} subtitle={t('payments:mine.subtitle')} />
      {isLoading ? (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={132} />
          ))}
        </Stack>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ReceiptLongOutlinedIcon />}
            message={t('payments:mine.empty')}
            action={
              <Button component={RouterLink} to="/search/lists" variant="outlined" data-testid="browse-courses">
                {t('payments:mine.browse')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((o) => (
            <PaymentItem key={o.uuid} order={o} lang={i18n.language} busy={cancel.isPending && cancel.variables === o.uuid} onCancel={() => setConfirm(o)} />
          ))}
        </Stack>
      )}
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!confirm}
        title={t('payments:mine.cancel_title')}
        body={confirm ? t('payments:mine.cancel_body', { course: orderText(confirm, i18n.language).course }) : ''}
        confirmLabel={t('payments:mine.cancel_confirm')}
        closeLabel={t('payments:mine.keep')}
        danger
        busy={cancel.isPending}
        onConfirm={onConfirm}
        onClose={() => !cancel.isPending && setConfirm(null)}
      />
    </Box>
  );
}

/** Saves the receipt of an order as a PDF file. */
async function saveReceipt(order: PaymentOrder, lang: string) {
  const url = URL.createObjectURL(await fetchReceipt(order.uuid, lang));
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${order.uuid.slice(0, 8)}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One order: course, batch, amount, date and state; what can be done with it. */
export function PaymentItem({ order, lang, busy = false, onCancel }: { order: PaymentOrder; lang: string; busy?: boolean; onCancel: () => void }) {
  const { t } = useTranslation(['payments', 'common']);
  const text = orderText(order, lang);
  const toast = useToast();
  const errorText = useErrorText();
  const [saving, setSaving] = useState(false);
  const onReceipt = () => {
    setSaving(true);
    saveReceipt(order, lang)
      .catch((e) => toast.show(errorText(e), { severity: 'error' }))
      .finally(() => setSaving(false));
  };
  return (
    <Card component="li" data-testid="payment-item" data-state={order.state} data-uuid={order.uuid}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {text.course}
            </Typography>
            {text.batch && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {text.batch}
              </Typography>
            )}
          </Box>
          <OrderStateChip state={order.state} />
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <OrderAmount order={order} lang={lang} />
          <Typography variant="body2" color="text.secondary">
            {text.created}
          </Typography>
        </Stack>
        {order.state === 'review' && (
          <Typography variant="body2" color="info.main" sx={{ mt: 1 }}>
            {t('payments:mine.review_note')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {order.state === 'paid' && (
            <Button component={RouterLink} to={`/course/journey/${order.course.uuid}`} variant="contained" size="small" data-testid="payment-journey">
              {t('payments:mine.go_to_course')}
            </Button>
          )}
          {['paid', 'refund_pending', 'refunded'].includes(order.state) && (
            <Button size="small" variant="outlined" disabled={saving} onClick={onReceipt} data-testid="payment-receipt">
              {t('payments:mine.receipt')}
            </Button>
          )}
          {order.state === 'pending' && order.redirect_url && (
            <Button href={order.redirect_url} variant="contained" size="small" data-testid="continue-payment">
              {t('payments:mine.continue')}
            </Button>
          )}
          {order.state === 'pending' && (
            <Button variant="outlined" color="error" size="small" disabled={busy} onClick={onCancel} data-testid="cancel-order">
              {t('payments:mine.cancel')}
            </Button>
          )}
          {order.state !== 'paid' && (
            <Button component={RouterLink} to={coursePagePath(order.course, 'details')} size="small" data-testid="payment-course">
              {t('payments:mine.view_course')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
