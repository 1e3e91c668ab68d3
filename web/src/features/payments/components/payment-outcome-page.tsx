// Where the gateway sends the payer back (through the server, which asks the gateway first):
// /payment/success/:id, /payment/fail/:id and /payment/cancel/:id. What the page says follows the
// order's state, not the address: a payment the gateway has not confirmed yet is polled every 2 s
// for up to 2 minutes. An order a coupon made free comes here straight from checkout (paid, no
// gateway); a refunded one says so.
import { Box, Button, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTopOutlined';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { coursePagePath } from '../../../lib/course-paths';
import { useToken } from '../../../lib/session';
import type { PaymentOrder } from '../api/payments-api';
import { failureText, orderText } from '../hooks/order-text';
import { isWaiting, paymentQuery, POLL_LIMIT_MS } from '../hooks/use-payments';
import { OrderFacts } from './order-facts';

export type OutcomeKind = 'success' | 'fail' | 'cancel';

/** True from `at` (a Date.now() time) on. */
function usePassed(at: number): boolean {
  const [passed, setPassed] = useState(() => Date.now() >= at);
  useEffect(() => {
    if (passed) return;
    const id = setTimeout(() => setPassed(true), Math.max(0, at - Date.now()));
    return () => clearTimeout(id);
  }, [at, passed]);
  return passed;
}

export default function PaymentOutcomePage({ uuid }: { uuid: string }) {
  const token = useToken();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const [since] = useState(() => Date.now());
  const query = useQuery(paymentQuery(qc, uuid, since, !!token));
  const timedOut = usePassed(since + POLL_LIMIT_MS);
  // The order is the payer's own: signed out (another browser, an expired session), log in first.
  if (!token) return <Navigate to="/login" replace state={{ from: pathname }} />;
  let body: ReactNode;
  if (query.isLoading) body = <Skeleton variant="rounded" height={320} />;
  else if (query.data) body = <PaymentOutcome order={query.data} timedOut={timedOut} onCheck={() => void query.refetch()} checking={query.isFetching} />;
  else body = <OutcomeError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Box sx={{ maxWidth: 600, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }} data-testid="payment-outcome-page">
      {body}
    </Box>
  );
}

function OutcomeError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('payments');
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Card>
        <EmptyState message={t('outcome.not_found')} action={<MyPaymentsLink variant="outlined" />} />
      </Card>
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}

function MyPaymentsLink({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const { t } = useTranslation('payments');
  return (
    <Button component={RouterLink} to="/payments" variant={variant} data-testid="to-my-payments">
      {t('outcome.my_payments')}
    </Button>
  );
}

interface PaymentOutcomeProps {
  order: PaymentOrder;
  /** The 2 minutes of polling are over. */
  timedOut: boolean;
  onCheck?: () => void;
  checking?: boolean;
}

/** The outcome card of an order, by its state. */
export function PaymentOutcome({ order, timedOut, onCheck, checking }: PaymentOutcomeProps) {
  const { t, i18n } = useTranslation('payments');
  const text = orderText(order, i18n.language);
  const details = coursePagePath(order.course, 'details');
  const { state } = order;
  let icon: ReactNode;
  let title: string;
  let lines: string[] = [];
  let action: ReactNode = null;
  if (state === 'paid') {
    icon = <CheckCircleOutlineIcon color="success" />;
    // A coupon that made it free: nothing was paid.
    title = order.gateway === 'none' && order.amount_poisha === 0 ? t('outcome.free_title') : t('outcome.paid_title');
    lines = [t('outcome.paid_body', { course: text.course })];
    action = (
      <Button component={RouterLink} to={`/course/journey/${order.course.uuid}`} variant="contained" size="large" data-testid="start-learning">
        {t('outcome.start_learning')}
      </Button>
    );
  } else if (isWaiting(state)) {
    icon = <HourglassTopIcon color={state === 'review' ? 'info' : 'warning'} />;
    title = state === 'review' ? t('outcome.review_title') : t('outcome.confirming_title');
    lines = [state === 'review' ? t('outcome.review_body') : t('outcome.confirming_body')];
    if (timedOut) {
      lines.push(state === 'review' ? t('outcome.review_later') : t('outcome.still_waiting'));
      action = onCheck && (
        <Button variant="outlined" onClick={onCheck} disabled={checking} data-testid="check-again">
          {t('outcome.check_again')}
        </Button>
      );
    }
  } else if (state === 'refund_pending' || state === 'refunded') {
    icon = <ReplayIcon color="secondary" />;
    title = state === 'refunded' ? t('outcome.refunded_title') : t('outcome.refund_pending_title');
    lines = [
      state === 'refunded'
        ? t('outcome.refunded_body', { amount: text.refunded || text.amount, course: text.course })
        : t('outcome.refund_pending_body', { course: text.course }),
    ];
    action = (
      <Button component={RouterLink} to={details} variant="outlined" size="large" data-testid="to-course">
        {t('mine.view_course')}
      </Button>
    );
  } else if (state === 'cancelled') {
    icon = <CancelOutlinedIcon color="action" />;
    title = t('outcome.cancelled_title');
    lines = [t('outcome.cancelled_body')];
  } else {
    icon = <ErrorOutlineIcon color="error" />;
    title = state === 'expired' ? t('outcome.expired_title') : t('outcome.failed_title');
    const reason = failureText(order.failure_reason, t);
    lines = [t('outcome.failed_body'), ...(reason ? [t('outcome.reason', { reason })] : [])];
  }
  if (state === 'failed' || state === 'expired' || state === 'cancelled') {
    action = (
      <Button component={RouterLink} to={details} variant="contained" size="large" data-testid="try-again">
        {t('outcome.try_again')}
      </Button>
    );
  }
  const polling = isWaiting(state) && !timedOut;
  return (
    <Card data-testid="payment-outcome" data-state={state} aria-busy={polling || undefined}>
      {polling && <LinearProgress aria-label={t('outcome.confirming_title')} data-testid="payment-progress" />}
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
        <Box sx={{ '& svg': { fontSize: 56 }, mb: 1 }}>{icon}</Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box role={isWaiting(state) ? 'status' : undefined} sx={{ mb: 3 }}>
          {lines.map((line) => (
            <Typography key={line} color="text.secondary" sx={{ mt: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
        <Box sx={{ textAlign: 'start', bgcolor: 'action.hover', borderRadius: 2, p: 2, mb: 3 }}>
          <OrderFacts order={order} />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {action}
          <MyPaymentsLink />
        </Stack>
      </CardContent>
    </Card>
  );
}
