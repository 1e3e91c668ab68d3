import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { coursePagePath } from '../../../lib/course-paths';
import { formatDay, localName } from '../../../lib/course-text';
import { fieldProblem, useFieldErrorText } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useCurrentUser } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { GATEWAYS, type CheckoutRequest, type Gateway } from '../api/checkout-api';
import type { Batch, CourseDetails } from '../api/learn-api';
import { useCheckout } from '../hooks/use-checkout';
import { useCouponQuote } from '../hooks/use-coupon-quote';
import { useEnrol, useEnrolledCheck, useToggleWishlist } from '../hooks/use-learn';
import { loadTeacherDialog, needsTeacher, withTeacherGate } from '../hooks/teacher-gate';
import { CouponBox } from './coupon-box';

// The teacher verification dialog: fetched only when a course for verified teachers refuses.
const TeacherEnrolDialog = lazy(() => loadTeacherDialog().then((m) => ({ default: m.TeacherEnrolDialog })));

/**
 * Checkout refusals the card shows itself (with the coupon, with the way to My payments, or with the
 * teacher verification dialog) rather than in a toast.
 */
const shownInCard = (err: unknown) => !!fieldProblem(err, 'coupon') || (err instanceof ApiError && err.code === 'payment_in_progress') || needsTeacher(err);

function seatsLeft(b: Batch): number | null {
  return b.enrolment_limit == null ? null : Math.max(0, b.enrolment_limit - (b.enrolled_count ?? 0));
}

/**
 * Batches, the enrol / continue button and the wishlist heart; for a paid batch, a coupon
 * (?coupon= applies one at once), the gateway (bKash or SSLCommerz, unless a coupon makes it free)
 * and the Buy button at its price.
 */
export function EnrolCard({ course, slug }: { course: CourseDetails; slug: string }) {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const { isSignedIn } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const qc = useQueryClient();
  const check = useEnrolledCheck(isSignedIn ? course.uuid : undefined);
  const enrolMutation = useEnrol(course.uuid);
  const wishlist = useToggleWishlist(slug);
  const batches = course.batches ?? [];
  const firstOpen = batches.find((b) => seatsLeft(b) !== 0) ?? batches[0];
  const [batchId, setBatchId] = useState<number | null>(firstOpen?.id ?? null);
  const [gateway, setGateway] = useState<Gateway>('sslcommerz');
  // The refused enrolment the verification dialog continues once the account is verified.
  const [gate, setGate] = useState<{ retry: () => void } | null>(null);
  const askTeacher = (retry: () => void) => setGate({ retry });
  const chosen = batches.find((b) => b.id === batchId) ?? null;
  const journey = coursePagePath(course, 'journey');
  const loginState = { from: `${location.pathname}${location.search}` };
  const status = check.data?.enrolled ? check.data.status : null;
  const checkout = useCheckout(course.uuid, (e) => {
    // A coupon refused at checkout (used up meanwhile, say): its price is asked for again.
    if (fieldProblem(e, 'coupon')) void qc.invalidateQueries({ queryKey: ['price-quote'] });
    if (!shownInCard(e)) toast.show(errorText(e), { severity: 'error' });
  });
  const paidChoice = !!chosen?.price_poisha && isSignedIn && !check.isLoading && !status;
  const coupon = useCouponQuote(chosen?.id ?? null, paidChoice, new URLSearchParams(location.search).get('coupon') ?? '');
  // Why the applied coupon does not apply: its price's refusal, or checkout's.
  const couponError = !coupon.applied ? null : (fieldText(coupon.error, 'coupon') ?? (coupon.error ? errorText(coupon.error) : null) ?? fieldText(checkout.error, 'coupon'));
  // The chosen batch's price (a course without batches: its lowest, in taka).
  const price = chosen?.price_poisha ?? Math.round(course.price * 100);

  const onEnrol = () => {
    if (!chosen) return;
    const batch = chosen;
    withTeacherGate(
      (refused) =>
        enrolMutation.mutate(batch, {
          onSuccess: (res) => {
            if (res.status === 'active') toast.show(t('learn:enrol.enrolled_toast'));
            else toast.show(t('learn:enrol.pending_toast'), { severity: 'info' });
          },
          onError: refused,
        }),
      askTeacher,
    );
  };

  const onBuy = (request: CheckoutRequest) => withTeacherGate((refused) => checkout.mutate(request, { onError: refused }), askTeacher);

  const onWishlist = () => {
    if (!isSignedIn) {
      navigate('/login', { state: loginState });
      return;
    }
    wishlist.mutate(course.uuid, {
      onSuccess: (r) => toast.show(r.wishlisted ? t('learn:wishlist.added') : t('learn:wishlist.removed')),
      onError: (e) => toast.show(errorText(e), { severity: 'error' }),
    });
  };

  let action: React.ReactNode;
  if (!isSignedIn) {
    action = (
      <Button component={RouterLink} to="/login" state={loginState} variant="contained" size="large" fullWidth data-testid="enrol-login">
        {t('learn:enrol.login_to_enrol')}
      </Button>
    );
  } else if (check.isLoading) {
    action = <Skeleton variant="rounded" height={44} />;
  } else if (status === 'active' || status === 'completed') {
    action = (
      <Stack spacing={1}>
        {status === 'completed' && <Chip color="success" label={t('learn:status.completed')} sx={{ alignSelf: 'flex-start' }} />}
        <Button component={RouterLink} to={journey} variant="contained" size="large" fullWidth startIcon={<PlayArrowIcon />} data-testid="continue-learning">
          {t('learn:enrol.continue')}
        </Button>
      </Stack>
    );
  } else if (status === 'pending') {
    action = (
      <Alert severity="info" data-testid="enrol-pending">
        {t('learn:enrol.pending')}
      </Alert>
    );
  } else if (chosen?.price_poisha) {
    // Still busy once the order is open: the browser is on its way to the gateway.
    const paying = checkout.isPending || checkout.isSuccess;
    const { quote } = coupon;
    const label = !quote
      ? t('learn:enrol.buy', { price: formatTaka(chosen.price_poisha, lang) })
      : quote.amount_poisha > 0
        ? t('learn:enrol.buy', { price: formatTaka(quote.amount_poisha, lang) })
        : t('learn:enrol.buy_free');
    // Nothing to pay through a gateway once a coupon makes it free.
    const toPay = !quote || quote.amount_poisha > 0;
    action = (
      <>
        <CouponBox {...coupon} error={couponError} disabled={paying} />
        {toPay && (
          <>
            <Typography variant="subtitle2" component="p" id="gateway-label">
              {t('learn:enrol.pay_with')}
            </Typography>
            <RadioGroup value={gateway} onChange={(e) => setGateway(e.target.value as Gateway)} aria-labelledby="gateway-label" sx={{ mb: 1.5 }}>
              {GATEWAYS.map((g) => (
                <FormControlLabel
                  key={g}
                  value={g}
                  disabled={paying}
                  control={<Radio size="small" slotProps={{ input: { 'data-testid': `gateway-${g}` } as React.InputHTMLAttributes<HTMLInputElement> }} />}
                  label={t(`learn:enrol.gateway_${g}`)}
                  slotProps={{ typography: { variant: 'body2' } }}
                  sx={{ mr: 0 }}
                />
              ))}
            </RadioGroup>
          </>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={paying || coupon.checking || seatsLeft(chosen) === 0}
          onClick={() => onBuy({ batchId: chosen.id, coupon: quote?.coupon ?? null, gateway })}
          data-testid="buy-button"
        >
          {paying ? t('learn:enrol.paying') : label}
        </Button>
        {checkout.error instanceof ApiError && checkout.error.code === 'payment_in_progress' && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="payment-in-progress">
            {errorText(checkout.error)}
            <Box sx={{ mt: 1 }}>
              <Button component={RouterLink} to="/payments" variant="outlined" color="inherit" size="small" data-testid="to-my-payments">
                {t('learn:enrol.my_payments')}
              </Button>
            </Box>
          </Alert>
        )}
      </>
    );
  } else {
    action = (
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!chosen || enrolMutation.isPending || seatsLeft(chosen) === 0}
        onClick={onEnrol}
        data-testid="enrol-button"
      >
        {enrolMutation.isPending ? t('learn:enrol.enrolling') : t('learn:enrol.enrol')}
      </Button>
    );
  }

  const showBatchChoice = !status && batches.length > 0;
  return (
    <Card data-testid="enrol-card">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
            {price ? formatTaka(price, lang) : t('common:course_card.free')}
          </Typography>
          <Tooltip title={course.wishlisted ? t('learn:wishlist.remove') : t('learn:wishlist.add')}>
            <IconButton
              onClick={onWishlist}
              disabled={wishlist.isPending}
              aria-pressed={!!course.wishlisted}
              aria-label={course.wishlisted ? t('learn:wishlist.remove') : t('learn:wishlist.add')}
              color={course.wishlisted ? 'error' : 'default'}
              data-testid="wishlist-button"
            >
              {course.wishlisted ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            </IconButton>
          </Tooltip>
        </Box>

        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('learn:batches.title')}
        </Typography>
        {batches.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="no-batches">
            {t('learn:batches.none')}
          </Typography>
        ) : (
          <RadioGroup
            value={batchId != null ? String(batchId) : ''}
            onChange={(e) => setBatchId(Number(e.target.value))}
            aria-label={t('learn:batches.title')}
            sx={{ mb: 2, gap: 1 }}
          >
            {batches.map((b) => {
              const left = seatsLeft(b);
              return (
                <Box key={b.id} sx={{ border: 1, borderColor: b.id === batchId && showBatchChoice ? 'primary.main' : 'divider', borderRadius: 2, px: 1.25, py: 0.75 }} data-testid="batch-option">
                  <FormControlLabel
                    value={String(b.id)}
                    disabled={!showBatchChoice || left === 0}
                    control={<Radio size="small" sx={{ display: showBatchChoice ? undefined : 'none' }} />}
                    sx={{ m: 0, width: '100%', alignItems: 'flex-start', '& .MuiFormControlLabel-label': { flexGrow: 1, minWidth: 0 } }}
                    label={
                      <Box sx={{ py: 0.5 }}>
                        <Typography sx={{ fontWeight: 600 }}>{localName(b, lang)}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                          <EventOutlinedIcon sx={{ fontSize: 16 }} />
                          {b.end_date
                            ? t('learn:batches.dates', { start: formatDay(b.start_date, lang), end: formatDay(b.end_date, lang) })
                            : t('learn:batches.starts', { start: formatDay(b.start_date, lang) })}
                        </Typography>
                        <Stack direction="row" spacing={0.75} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={left === 0 ? 'error' : 'default'}
                            label={
                              left == null
                                ? t('learn:batches.unlimited')
                                : left === 0
                                  ? t('learn:batches.full')
                                  : t('learn:batches.seats_left', { left: formatNumber(left, lang), count: b.enrolment_limit ?? 0 })
                            }
                          />
                          {b.let_enroll === 2 && <Chip size="small" variant="outlined" color="warning" label={t('learn:batches.approval')} />}
                        </Stack>
                      </Box>
                    }
                  />
                </Box>
              );
            })}
          </RadioGroup>
        )}
        {course.teachers_only && !status && (
          <Chip
            size="small"
            variant="outlined"
            color="info"
            label={t('learn:enrol.teachers_only')}
            sx={{ mb: 1.5, maxWidth: '100%' }}
            data-testid="teachers-only"
          />
        )}
        {action}
        {needsTeacher(checkout.error) && (
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="teacher-refusal">
            {errorText(checkout.error)}
          </Alert>
        )}
        {enrolMutation.error && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="enrol-error">
            {errorText(enrolMutation.error)}
          </Alert>
        )}
        {check.error && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {errorText(check.error)}
          </Alert>
        )}
        {gate && (
          <Suspense fallback={null}>
            <TeacherEnrolDialog onVerified={gate.retry} onClose={() => setGate(null)} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
