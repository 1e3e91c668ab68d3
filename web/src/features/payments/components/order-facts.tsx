import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '../api/payments-api';
import { orderText } from '../hooks/order-text';

/**
 * Amount (after the price and the coupon's discount, when there was one), course, batch, dates,
 * what was refunded and the bank's transaction id of an order, as a definition list.
 */
export function OrderFacts({ order }: { order: PaymentOrder }) {
  const { t, i18n } = useTranslation('payments');
  const text = orderText(order, i18n.language);
  const rows: [string, string, string][] = [];
  // With a coupon: the price, what the coupon took off, then what was paid.
  if (text.discount) rows.push(['list-price', t('facts.list_price'), text.listPrice], ['discount', t('facts.discount'), `−${text.discount}`]);
  rows.push(
    ['amount', t('facts.amount'), text.amount],
    ['course', t('facts.course'), text.course],
    ['batch', t('facts.batch'), text.batch],
    ['date', t('facts.date'), text.created],
  );
  if (text.paid) rows.push(['paid-at', t('facts.paid_at'), text.paid]);
  if (text.refunded) rows.push(['refunded', t('facts.refunded'), text.refunded]);
  if (order.bank_tran_id) rows.push(['bank-tran-id', t('facts.bank_tran_id'), order.bank_tran_id]);
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0, textAlign: 'start' }}
    >
      {rows.map(([key, label, value]) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`fact-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: key === 'amount' ? 700 : 500, overflowWrap: 'anywhere', fontFamily: key === 'bank-tran-id' ? 'monospace' : undefined }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
