// /settings/sliders: the slides of the home page, by position. A slide is written in a dialog
// (?edit=new or ?edit=<id>, so that Back closes it on phones), switched on and off from the list,
// and deleted after a confirmation. Only the site's admin gets an answer from the API.
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { idleLazy } from '../../../components/ui/deferred-mui';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import { useEditParam } from '../../../lib/use-edit-param';
import { useErrorText } from '../../../lib/use-error-text';
import type { Slider } from '../api/site-extras-api';
import { deleteSliderMutation, toggleSliderMutation, useSliders } from '../hooks/use-site-extras';
import { SliderCards, SlidersTable, type SliderListProps } from './slider-list';

// The form (with the file picker behind it) comes in a chunk of its own: once the page is idle, or opened.
const SliderDialog = idleLazy(() => import('./slider-dialog'));

export default function SliderListPage() {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [page, setPage] = usePageParam();
  const list = useSliders(page);
  useClampPageParam(list.data?.last_page);
  const { edit, editUsed, openEdit, closeEdit } = useEditParam();
  const [deleting, setDeleting] = useState<Slider | null>(null);
  const remove = useMutation(deleteSliderMutation(qc));
  const toggle = useMutation(toggleSliderMutation(qc));

  const items = list.data?.data ?? [];
  const editId = idParam(edit);
  // There is no call for one slide: the one edited is taken from the list (once it is there).
  const editing = editId ? (items.find((s) => s.id === editId) ?? null) : null;

  const onDelete = () => {
    if (!deleting) return;
    const s = deleting;
    remove.mutate(s, {
      onSuccess: () => toast.show(t('publishing:sliders.toast.deleted', { title: localTitle(s, lang) })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };
  const onActive = (s: Slider, active: boolean) =>
    toggle.mutate(
      { slider: s, active },
      {
        onSuccess: () => toast.show(t(active ? 'publishing:sliders.toast.shown' : 'publishing:sliders.toast.off', { title: localTitle(s, lang) })),
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      },
    );

  const listProps: SliderListProps = {
    items,
    lang,
    busy: remove.isPending ? (remove.variables?.id ?? null) : toggle.isPending ? (toggle.variables?.slider.id ?? null) : null,
    onEdit: (s) => openEdit(String(s.id)),
    onDelete: setDeleting,
    onActive,
  };
  const total = list.data?.total;
  const newButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => openEdit('new')} data-testid="new-slider">
      {t('publishing:sliders.new')}
    </Button>
  );

  return (
    <Box data-testid="slider-list-page">
      <PageHeader
        title={t('publishing:sliders.title')}
        subtitle={total !== undefined ? t('publishing:sliders.total', { count: total, n: formatNumber(total, lang) }) : t('publishing:sliders.hint')}
        actions={newButton('contained')}
      />
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={72}
        emptyMessage={t('publishing:sliders.empty')}
        emptyAction={newButton('outlined')}
        table={<SlidersTable {...listProps} />}
        cards={<SliderCards {...listProps} />}
      />
      {editUsed && (
        <Suspense fallback={null}>
          <SliderDialog edit={edit} slider={editing} loading={list.isLoading} onClose={closeEdit} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('publishing:sliders.delete_title', { title: localTitle(deleting, lang) }) : ''}
        body={t('publishing:sliders.delete_body')}
        confirmLabel={t('publishing:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
    </Box>
  );
}
