// /promotion-manager/<type>: the site's promotions of one type, newest first, searched (?search=)
// and filtered by status (?status=, every status by default). A promotion is created and edited in
// a dialog (?edit=new or ?edit=<uuid>, so that Back closes it on phones) and deleted after a
// confirmation. The super admin (on the main site) sees every partner's (?partner=<institution
// id> narrows it) and approves or rejects those waiting; a rejection says why.
import { Box, Button, Chip, InputAdornment, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { idleLazy } from '../../../components/ui/deferred-mui';
import { FilterSelect, useFilterParams } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { idParam, withParam } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useSite } from '../../../lib/site-context';
import { useEditParam } from '../../../lib/use-edit-param';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { PROMOTION_STATUSES, type Promotion, type PromotionType } from '../api/promotions-api';
import { REASON_MAX, statusParam } from '../hooks/promotion-form';
import { decidePromotionMutation, deletePromotionMutation, usePromotions } from '../hooks/use-promotions';
import { PromotionCards, PromotionsTable, type PromotionListProps } from './promotion-list';

// The form (its pickers, Autocomplete) comes in a chunk of its own: once the page is idle, or opened.
const PromotionDialog = idleLazy(() => import('./promotion-form'));

const SEARCH_DELAY_MS = 350;

export default function PromotionListPage({ type }: { type: PromotionType }) {
  const { t, i18n } = useTranslation(['promotions', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const { site } = useSite();
  const { menuClass } = useCurrentUser();
  const mode = menuClass === 'super' ? 'super' : 'partner';
  const [params, setFilter] = useFilterParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const status = statusParam(params.get('status'));
  const partnerId = mode === 'super' ? idParam(params.get('partner')) : null;
  const [page, setPage] = usePageParam();
  const list = usePromotions({ type, page, search, status, partnerId });
  useClampPageParam(list.data?.last_page);
  const { edit, editUsed, openEdit, closeEdit } = useEditParam();

  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const remove = useMutation(deletePromotionMutation(qc));
  const decide = useMutation(decidePromotionMutation(qc));
  const [rejecting, setRejecting] = useState<Promotion | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (typed.trim() === search) return;
    const id = setTimeout(() => setFilter('search', typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search, setFilter]);

  const onDelete = () => {
    if (!deleting) return;
    const p = deleting;
    remove.mutate(p, {
      onSuccess: () => toast.show(t('promotions:deleted', { title: p.title })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };
  const onApprove = (p: Promotion) =>
    decide.mutate(
      { uuid: p.uuid, status: 'approved' },
      {
        onSuccess: () => toast.show(t('promotions:approved', { title: p.title })),
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      },
    );
  const openReject = (p: Promotion) => {
    setRejecting(p);
    setReason('');
    setReasonProblem(null);
    decide.reset();
  };
  const onReject = () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonProblem(t('promotions:reason_required'));
      return;
    }
    decide.mutate(
      { uuid: rejecting.uuid, status: 'rejected', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          toast.show(t('promotions:rejected', { title: rejecting.title }));
        },
        onError: (err) => {
          // A refused reason stays in the dialog; anything else closes it.
          if (fieldErrorsOf(err).reason) return;
          setRejecting(null);
          toast.show(errorText(err), { severity: 'error' });
        },
      },
    );
  };

  const items = list.data?.data ?? [];
  const busy = remove.isPending ? (remove.variables?.uuid ?? null) : decide.isPending ? (decide.variables?.uuid ?? null) : null;
  const listProps: PromotionListProps = {
    items,
    lang,
    mode,
    siteId: site.id,
    busy,
    partnerTo: mode === 'super' ? (id) => `?${withParam(params, 'partner', String(id))}` : undefined,
    onEdit: (p) => openEdit(p.uuid),
    onDelete: setDeleting,
    onApprove,
    onReject: openReject,
  };
  const partnerName = partnerId ? (items.find((p) => p.institution.id === partnerId)?.institution.name ?? `#${formatNumber(partnerId, lang)}`) : '';
  const filtered = !!(search || status || partnerId);
  const total = list.data?.total;
  const newButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => openEdit('new')} data-testid="new-promotion">
      {t('promotions:new')}
    </Button>
  );

  return (
    <Box data-testid="promotion-list-page" data-type={type} data-mode={mode}>
      <PageHeader
        title={t(`promotions:types.${type}`)}
        subtitle={total !== undefined ? t('promotions:total', { count: total, n: formatNumber(total, lang) }) : t(`promotions:type_hints.${type}`)}
        actions={newButton('contained')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('promotions:search')}
          fullWidth
          sx={{ maxWidth: { sm: 360 }, bgcolor: 'background.paper' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'aria-label': t('promotions:search') } }}
          data-testid="promotions-search"
        />
        <FilterSelect
          id="promotions-status"
          label={t('promotions:status')}
          value={status}
          allLabel={t('promotions:all_statuses')}
          options={PROMOTION_STATUSES.map((s) => ({ value: s, label: t(`promotions:statuses.${s}`) }))}
          onChange={(v) => setFilter('status', v)}
          minWidth={200}
          testId="promotions-status"
        />
        {partnerId && (
          <Box>
            <Chip
              label={t('promotions:partner_filter', { name: partnerName })}
              onDelete={() => setFilter('partner', '')}
              data-testid="promotions-partner"
            />
          </Box>
        )}
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={52}
        emptyMessage={filtered ? t('promotions:empty_filtered') : t('promotions:empty')}
        emptyAction={!filtered && newButton('outlined')}
        table={<PromotionsTable {...listProps} />}
        cards={<PromotionCards {...listProps} />}
      />
      {editUsed && (
        <Suspense fallback={null}>
          <PromotionDialog type={type} edit={edit} onClose={closeEdit} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('promotions:delete_title', { title: deleting.title }) : ''}
        body={t('promotions:delete_body')}
        confirmLabel={t('promotions:delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
      <ReasonDialog
        open={!!rejecting}
        title={t('promotions:reject_title')}
        body={rejecting ? t('promotions:reject_body', { title: rejecting.title, partner: rejecting.institution.name }) : ''}
        label={t('promotions:reject_reason')}
        hint={(count) => t('promotions:reject_reason_hint', count)}
        max={REASON_MAX}
        confirmLabel={t('promotions:reject')}
        reason={reason}
        error={reasonProblem ?? fieldErrorsOf(decide.error).reason ?? null}
        busy={decide.isPending}
        onReason={(v) => {
          setReason(v);
          setReasonProblem(null);
          if (decide.error) decide.reset();
        }}
        onConfirm={onReject}
        onClose={() => !decide.isPending && setRejecting(null)}
      />
    </Box>
  );
}
