// /accounts/overall-transactions (also under /course/accounts, /exam/accounts and
// /training/accounts): the site's money from paid batches, read from its ledger (what was refunded
// included), its payouts (available, requested, paid out; the way to the payout requests), and how
// many orders are paid, awaiting payment or held for review. The figures are the site's under every
// prefix (one balance per site): the exams' and trainings' pages say so.
import { Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { AccountArea, AccountTotals } from '../api/payments-api';
import { useAccountTotals } from '../hooks/use-payments';
import { PayoutBalance } from './payout-balance';
import { SiteWideNote } from './site-wide-note';

/** `base`: the prefix the page was opened under (its links stay under it); `area`: the exams' or trainings' prefix. */
export default function OverallTransactionsPage({ base, area }: { base: string; area?: AccountArea }) {
  const { t } = useTranslation(['payments', 'common']);
  const { data, isLoading, error, refetch } = useAccountTotals();
  return (
    <Box data-testid="overall-transactions-page" data-area={area ?? 'all'}>
      <PageHeader
        title={t('payments:accounts.overall_title')}
        subtitle={t('payments:accounts.overall_subtitle')}
        actions={
          <Button component={RouterLink} to={`${base}/learner-payment`} variant="outlined">
            {t('payments:accounts.see_payments')}
          </Button>
        }
      />
      <SiteWideNote area={area} />
      {isLoading ? (
        <Grid container spacing={2}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Skeleton variant="rounded" height={120} />
            </Grid>
          ))}
        </Grid>
      ) : error || !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <TotalsView totals={data} base={base} />
      )}
    </Box>
  );
}

type MoneyKey = 'gross_poisha' | 'refunded_poisha' | 'gateway_fee_poisha' | 'platform_commission_poisha' | 'partner_share_poisha';
const MONEY: [MoneyKey, string][] = [
  ['gross_poisha', 'gross'],
  ['refunded_poisha', 'refunded'],
  ['gateway_fee_poisha', 'gateway_fee'],
  ['platform_commission_poisha', 'commission'],
  ['partner_share_poisha', 'partner_share'],
];
type CountKey = 'paid_orders' | 'pending_orders' | 'review_orders';
const COUNTS: [CountKey, string][] = [
  ['paid_orders', 'paid'],
  ['pending_orders', 'pending'],
  ['review_orders', 'review'],
];

/**
 * Five money cards (received, refunded, fees, commission, the site's share), the payouts (leading to the payout requests), then the order counts (the review
 * count leads to the payments to accept).
 */
export function TotalsView({ totals, base }: { totals: AccountTotals; base: string }) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {MONEY.map(([key, name]) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
            <Card sx={{ height: '100%', ...(key === 'partner_share_poisha' && { borderColor: 'primary.main', borderWidth: 2, borderStyle: 'solid' }) }} data-testid={`total-${name}`}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`accounts.${name}`)}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 800, my: 0.5, overflowWrap: 'anywhere' }}>
                  {formatTaka(totals[key] ?? 0, lang)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`accounts.${name}_hint`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('payouts.balance_title')}
        </Typography>
        <Button component={RouterLink} to={`${base}/payment-request`} size="small" data-testid="to-payment-request">
          {t('payouts.request_link')}
        </Button>
      </Stack>
      <Box sx={{ mb: 3 }}>
        <PayoutBalance totals={totals} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('accounts.orders_title')}
      </Typography>
      <Grid container spacing={2}>
        {COUNTS.map(([key, state]) => (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <Card
              component={RouterLink}
              to={`${base}/learner-payment?state=${state}`}
              sx={{ display: 'block', height: '100%', textDecoration: 'none', color: 'inherit', '&:hover': { borderColor: 'primary.main' } }}
              data-testid={`count-${state}`}
            >
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`states.${state}`)}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
                  {formatNumber(totals[key] ?? 0, lang)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
