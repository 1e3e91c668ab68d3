// /settings/coupons: the site's coupons, newest first, searched by code (?search=): code,
// discount, when it is valid, uses and state; a table on a wide screen, cards on a phone. A coupon
// is edited on its own page and deleted after a confirmation (switched off instead when orders
// used it).
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  InputAdornment,
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
  type ChipProps,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { withParam } from '../../../lib/list-params';
import { useErrorText } from '../../../lib/use-error-text';
import type { Coupon } from '../api/coupons-api';
import { couponState, discountText, today, usesText, validityText, type CouponState } from '../hooks/coupon-form';
import { deleteCouponMutation, useCoupons } from '../hooks/use-coupons';

export const COUPONS_PATH = '/settings/coupons';

export default function CouponListPage() {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [page, setPage] = usePageParam();
  const { data, isLoading, error, refetch } = useCoupons({ page, search });
  useClampPageParam(data?.last_page);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const remove = useMutation(deleteCouponMutation(qc));

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => setParams(withParam(params, 'search', typed.trim()), { replace: true }), 350);
    return () => clearTimeout(id);
  }, [typed, search, params, setParams]);

  const onDelete = () => {
    if (!deleting) return;
    const coupon = deleting;
    remove.mutate(coupon, {
      onSuccess: (outcome) => toast.show(t(`payments:coupons.${outcome}`, { code: coupon.code }), { severity: outcome === 'deleted' ? 'success' : 'info' }),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  const items = data?.data ?? [];
  const busy = remove.isPending ? (remove.variables?.id ?? null) : null;
  const list = { items, lang, busy, onDelete: setDeleting };
  return (
    <Box data-testid="coupon-list-page">
      <PageHeader
        title={t('payments:coupons.title')}
        subtitle={data ? t('payments:coupons.total', { count: data.total, n: formatNumber(data.total, lang) }) : t('payments:coupons.subtitle')}
        actions={
          <Button component={RouterLink} to={`${COUPONS_PATH}/new`} variant="contained" startIcon={<AddIcon />} data-testid="new-coupon">
            {t('payments:coupons.new')}
          </Button>
        }
      />
      <TextField
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('payments:coupons.search')}
        aria-label={t('payments:coupons.search')}
        fullWidth
        sx={{ mb: 2, maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          htmlInput: { autoCapitalize: 'characters', spellCheck: false },
        }}
        data-testid="coupons-search"
      />
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
          <EmptyState
            icon={<LocalOfferOutlinedIcon />}
            message={search ? t('payments:coupons.empty_search') : t('payments:coupons.empty')}
            action={
              !search && (
                <Button component={RouterLink} to={`${COUPONS_PATH}/new`} variant="outlined" startIcon={<AddIcon />}>
                  {t('payments:coupons.new')}
                </Button>
              )
            }
          />
        ) : wide ? (
          <CouponsTable {...list} />
        ) : (
          <CouponCards {...list} />
        )}
      </Card>
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('payments:coupons.delete_title', { code: deleting.code }) : ''}
        body={t('payments:coupons.delete_body')}
        confirmLabel={t('payments:coupons.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
    </Box>
  );
}

const COLOURS: Record<CouponState, ChipProps['color']> = { active: 'success', off: 'default', expired: 'warning' };

export function CouponStateChip({ state }: { state: CouponState }) {
  const { t } = useTranslation('payments');
  return (
    <Chip
      size="small"
      color={COLOURS[state]}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={t(`coupons.states.${state}`)}
      data-testid="coupon-state"
      data-state={state}
    />
  );
}

export interface CouponListProps {
  items: Coupon[];
  lang: string;
  /** The coupon being deleted. */
  busy: number | null;
  onDelete: (c: Coupon) => void;
}

function CouponActions({ coupon, busy, onDelete }: { coupon: Coupon; busy: number | null; onDelete: (c: Coupon) => void }) {
  const { t } = useTranslation('payments');
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: { md: 'flex-end' } }}>
      <IconButton component={RouterLink} to={`${COUPONS_PATH}/${coupon.id}`} aria-label={`${t('coupons.edit')} ${coupon.code}`} data-testid="edit-coupon">
        <EditOutlinedIcon />
      </IconButton>
      <IconButton color="error" disabled={busy === coupon.id} onClick={() => onDelete(coupon)} aria-label={`${t('coupons.delete')} ${coupon.code}`} data-testid="delete-coupon">
        <DeleteOutlineIcon />
      </IconButton>
    </Stack>
  );
}

const mono = { fontFamily: 'monospace', fontWeight: 700, overflowWrap: 'anywhere' } as const;

/** Wide screens: one row per coupon. */
export function CouponsTable({ items, lang, busy, onDelete }: CouponListProps) {
  const { t } = useTranslation('payments');
  const day = today();
  return (
    <TableContainer>
      <Table size="small" data-testid="coupons-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('coupons.code')}</TableCell>
            <TableCell align="right">{t('coupons.discount')}</TableCell>
            <TableCell>{t('coupons.validity')}</TableCell>
            <TableCell>{t('coupons.uses')}</TableCell>
            <TableCell>{t('coupons.state')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((c) => (
            <TableRow key={c.id} hover data-testid="coupon" data-id={c.id}>
              <TableCell sx={mono}>{c.code}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {discountText(c, lang)}
              </TableCell>
              <TableCell>{validityText(c, lang, t)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{usesText(c, lang, t)}</TableCell>
              <TableCell>
                <CouponStateChip state={couponState(c, day)} />
              </TableCell>
              <TableCell align="right">
                <CouponActions coupon={c} busy={busy} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one block per coupon. */
export function CouponCards({ items, lang, busy, onDelete }: CouponListProps) {
  const { t } = useTranslation('payments');
  const day = today();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="coupon-cards">
      {items.map((c) => (
        <Box
          component="li"
          key={c.id}
          data-testid="coupon"
          data-id={c.id}
          sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={mono}>{c.code}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{discountText(c, lang)}</Typography>
            </Box>
            <CouponStateChip state={couponState(c, day)} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {validityText(c, lang, t)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('coupons.uses')}: {usesText(c, lang, t)}
          </Typography>
          <Box sx={{ mt: 0.5, ml: -1 }}>
            <CouponActions coupon={c} busy={busy} onDelete={onDelete} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
