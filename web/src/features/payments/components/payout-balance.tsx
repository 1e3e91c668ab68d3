// The site's payout balance: what can be asked for now, what waits for the platform's approval and
// what was paid out (from overall_transactions); and, once the site's own store took payments, what
// it holds already (taken off what can be asked for).
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../lib/money';
import type { AccountTotals } from '../api/payments-api';

type BalanceKey = 'available_poisha' | 'requested_poisha' | 'paid_out_poisha' | 'held_by_partner_poisha';
const BALANCE: [BalanceKey, string][] = [
  ['available_poisha', 'available'],
  ['requested_poisha', 'requested'],
  ['paid_out_poisha', 'paid_out'],
];
const HELD: [BalanceKey, string] = ['held_by_partner_poisha', 'held_by_partner'];

export function PayoutBalance({ totals }: { totals: AccountTotals | undefined }) {
  const { t, i18n } = useTranslation('payments');
  // What the site's own store took: shown once there is some.
  const held = !!totals?.held_by_partner_poisha;
  const figures = held ? [...BALANCE, HELD] : BALANCE;
  return (
    <Grid container spacing={2} data-testid="payout-balance">
      {figures.map(([key, name]) => (
        <Grid key={key} size={held ? { xs: 12, sm: 6, md: 3 } : { xs: 12, sm: 4 }}>
          {totals ? (
            <Card
              sx={{ height: '100%', ...(key === 'available_poisha' && { borderColor: 'primary.main', borderWidth: 2, borderStyle: 'solid' }) }}
              data-testid={`balance-${name}`}
            >
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`payouts.${name}`)}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 800, my: 0.5 }}>
                  {formatTaka(totals[key] ?? 0, i18n.language)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`payouts.${name}_hint`)}
                </Typography>
              </CardContent>
            </Card>
          ) : (
            <Skeleton variant="rounded" height={120} />
          )}
        </Grid>
      ))}
    </Grid>
  );
}
