// The enrolment card's coupon: a "Have a coupon?" link that opens a code field with Apply; once a
// coupon applies, the price struck through, the discount and the new price, with Remove; a
// refusal under the field. The text field's code comes when the field is first opened (the course
// page's first download lists the enrolment card's chunks).
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LateTextField as TextField } from '../../../components/ui/late-text-field';
import { formatTaka } from '../../../lib/money';
import type { PriceQuote } from '../api/checkout-api';

export interface CouponBoxProps {
  open: boolean;
  typed: string;
  /** The code applied ('' when none). */
  applied: string;
  /** Its price for the chosen batch, once known. */
  quote: PriceQuote | null;
  /** Why the coupon does not apply. */
  error: string | null;
  checking: boolean;
  disabled?: boolean;
  onOpen: () => void;
  onTyped: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}

export function CouponBox({ open, typed, applied, quote, error, checking, disabled, onOpen, onTyped, onApply, onRemove }: CouponBoxProps) {
  const { t, i18n } = useTranslation('learn');
  const lang = i18n.language;
  if (!open) {
    return (
      <Link component="button" type="button" variant="body2" onClick={onOpen} disabled={disabled} sx={{ mb: 1.5, display: 'block' }} data-testid="coupon-link">
        {t('enrol.coupon_link')}
      </Link>
    );
  }
  if (quote && applied) {
    const row = { display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' } as const;
    return (
      <Box sx={{ mb: 2, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="coupon-applied">
        <Box sx={row}>
          <Typography variant="body2" color="text.secondary">
            {t('enrol.coupon_price')}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="s" data-testid="coupon-list-price">
            {formatTaka(quote.list_price_poisha, lang)}
          </Typography>
        </Box>
        <Box sx={row}>
          <Typography variant="body2" color="success.main" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('enrol.coupon_discount', { code: quote.coupon ?? applied })}
          </Typography>
          <Typography variant="body2" color="success.main" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="coupon-discount">
            −{formatTaka(quote.discount_poisha, lang)}
          </Typography>
        </Box>
        <Box sx={{ ...row, mt: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('enrol.coupon_total')}</Typography>
          <Typography sx={{ fontWeight: 800 }} data-testid="coupon-amount">
            {formatTaka(quote.amount_poisha, lang)}
          </Typography>
        </Box>
        {error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }} data-testid="coupon-error">
            {error}
          </Typography>
        )}
        <Button size="small" onClick={onRemove} disabled={disabled} sx={{ mt: 0.5, ml: -0.5 }} data-testid="coupon-remove">
          {t('enrol.coupon_remove')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        noValidate
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!checking && !disabled) onApply();
        }}
        data-testid="coupon-form"
      >
        <TextField
          id="coupon-code"
          size="small"
          label={t('enrol.coupon_code')}
          value={typed}
          onChange={(e) => onTyped(e.target.value.toUpperCase())}
          error={!!error}
          helperText={error || undefined}
          disabled={disabled}
          autoFocus={!applied}
          fullWidth
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, maxLength: 32 } }}
          data-testid="coupon-code"
        />
        <Button type="submit" variant="outlined" disabled={disabled || checking || !typed.trim()} sx={{ flexShrink: 0, height: 40 }} data-testid="coupon-apply">
          {checking ? <CircularProgress size={18} color="inherit" aria-label={t('enrol.coupon_apply')} /> : t('enrol.coupon_apply')}
        </Button>
      </Stack>
      {applied && (
        <Button size="small" onClick={onRemove} disabled={disabled} sx={{ mt: 0.5, ml: -0.5 }} data-testid="coupon-remove">
          {t('enrol.coupon_remove')}
        </Button>
      )}
    </Box>
  );
}
