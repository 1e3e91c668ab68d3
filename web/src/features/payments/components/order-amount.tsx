// An order's amount in a list: what was paid, with the price before the coupon struck through and
// the coupon's discount when there was one, and what was refunded when anything was.
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '../api/payments-api';
import { orderText } from '../hooks/order-text';

/** Read by screen readers, not shown (in pixels: sx reads `width: 1` as 100 %). */
const hidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export function OrderAmount({ order, lang, align = 'left' }: { order: PaymentOrder; lang: string; align?: 'left' | 'right' }) {
  const { t } = useTranslation('payments');
  const text = orderText(order, lang);
  return (
    <Box sx={{ textAlign: align }}>
      <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'baseline', justifyContent: align === 'right' ? 'flex-end' : 'flex-start' }}>
        {text.listPrice && (
          <Typography variant="body2" color="text.secondary" component="span" data-testid="order-list-price">
            <Box component="s" aria-hidden>
              {text.listPrice}
            </Box>
            <Box component="span" sx={hidden}>
              {t('amounts.list_price', { amount: text.listPrice })}
            </Box>
          </Typography>
        )}
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="payment-amount">
          {text.amount}
        </Typography>
      </Box>
      {text.discount && (
        <Typography variant="caption" component="div" color="success.main" data-testid="order-discount">
          {t('amounts.discount', { amount: text.discount })}
        </Typography>
      )}
      {text.refunded && (
        <Typography variant="caption" component="div" color="secondary.main" sx={{ fontWeight: 600 }} data-testid="order-refunded">
          {t('amounts.refunded', { amount: text.refunded })}
        </Typography>
      )}
    </Box>
  );
}
