// One reference list, the same for every list (categories, levels, sub-levels, degrees,
// professions, fields, disabilities, participant types, tags, divisions, districts, upazilas): its
// items in a table that scrolls inside its box on a phone (a category's picture, both titles, the
// sort, the parent), searched by either title
// (?search=), narrowed to a parent where the list has one (?parent=), paged (?page=); "Add" and
// "Edit" in a dialog, delete after a confirmation, the whole list exported (CSV or Excel) and a
// file imported.
import {
  Box,
  Button,
  Card,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { FilterSelect, useFilterParams } from '../../../components/ui/filter-select';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { idParam } from '../../../lib/list-params';
import { useErrorText } from '../../../lib/use-error-text';
import { EXPORT_FORMATS, exportRefList, parentKind, type ExportFormat, type RefItem, type ReferenceKind } from '../api/reference-api';
import { deleteItemMutation, importMutation, useRefChoices, useRefList } from '../hooks/use-reference';
import { ItemDialog } from './item-dialog';
import { ImportResult, itemTitle, Thumbnail } from './reference-parts';
import { SearchField } from '../../../components/ui/search-field';

export const PAGE_LIMIT = 20;

export interface ReferenceListProps {
  kind: ReferenceKind;
  /** A link of each row to more of it (a profession's fields, a division's districts). */
  rowAction?: (item: RefItem) => ReactNode;
}

/** The text of a refused delete: the server's words for 409 in_use, else the app's. */
export function useDeleteErrorText() {
  const { t } = useTranslation('reference');
  const errorText = useErrorText();
  return (err: unknown) => {
    if (err instanceof ApiError && err.status === 409 && err.code === 'in_use') {
      return /^HTTP \d+$/.test(err.message) || !err.message ? t('problems.in_use') : err.message;
    }
    return errorText(err);
  };
}

export function ReferenceList({ kind, rowAction }: ReferenceListProps) {
  const { t, i18n } = useTranslation(['reference', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const deleteErrorText = useDeleteErrorText();
  const [params, setFilter] = useFilterParams();
  const search = params.get('search') ?? '';
  const [page, setPage] = usePageParam();
  const pKind = parentKind(kind);
  const parent = pKind ? idParam(params.get('parent')) : null;
  const { data, isLoading, error, refetch } = useRefList(kind, { page, limit: PAGE_LIMIT, search, parent });
  useClampPageParam(data?.last_page);
  const parents = useRefChoices(pKind);
  const [editing, setEditing] = useState<RefItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RefItem | null>(null);
  const remove = useMutation(deleteItemMutation(qc, kind));

  const onDelete = () => {
    if (!deleting) return;
    const item = deleting;
    remove.mutate(item, {
      onSuccess: () => toast.show(t('reference:item.deleted', { title: itemTitle(item, lang) })),
      onError: (err) => toast.show(deleteErrorText(err), { severity: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  const onExport = (format: ExportFormat) => {
    exportRefList(kind, format).catch((err) => toast.show(errorText(err), { severity: 'error' }));
  };

  const items = data?.data ?? [];
  const parentList = pKind ? (parents.data?.data ?? []) : undefined;
  const parentTitle = (id: number | null) => {
    const p = id != null ? parentList?.find((x) => x.id === id) : undefined;
    return p ? itemTitle(p, lang) : id != null ? formatNumber(id, lang) : '';
  };
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!!pKind && !parentList?.length} data-testid="ref-add">
      {t(`reference:kinds.${kind}.add`)}
    </Button>
  );
  return (
    <Box data-testid="ref-list" data-kind={kind} sx={{ minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <SearchField id="ref-search" label={t('reference:search')} search={search} onSearch={(v) => setFilter('search', v.trim())} />
        {pKind && (
          <FilterSelect
            id={`ref-parent-${kind}`}
            label={t(`reference:kinds.${kind}.parent`)}
            value={parent ? String(parent) : ''}
            allLabel={t('reference:all')}
            options={(parentList ?? []).map((p) => ({ value: String(p.id), label: itemTitle(p, lang) }))}
            onChange={(v) => setFilter('parent', v)}
            minWidth={200}
            testId="ref-parent-filter"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {addButton('contained')}
      </Stack>
      <Card sx={{ minWidth: 0 }}>
        {isLoading ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : error ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<ListAltOutlinedIcon />} message={search || parent ? t('reference:empty_search') : t('reference:empty')} action={!search && !parent && addButton('outlined')} />
        ) : (
          <RefTable
            items={items}
            lang={lang}
            parentLabel={pKind ? t(`reference:kinds.${kind}.parent`) : null}
            parentTitle={parentTitle}
            pictures={kind === 'categories'}
            busy={remove.isPending ? (remove.variables?.id ?? null) : null}
            onEdit={setEditing}
            onDelete={setDeleting}
            rowAction={rowAction}
          />
        )}
      </Card>
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      {data && data.total > 0 && (
        <Box sx={{ color: 'text.secondary', typography: 'body2', textAlign: 'center', mb: 2 }} data-testid="ref-total">
          {t('reference:total', { count: data.total, n: formatNumber(data.total, lang) })}
        </Box>
      )}
      <Transfer kind={kind} onExport={onExport} />
      <ItemDialog kind={kind} item={editing} parents={parentList} defaultParent={parent} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!deleting}
        title={deleting ? t('reference:item.delete_title', { title: itemTitle(deleting, lang) }) : ''}
        body={t('reference:item.delete_body')}
        confirmLabel={t('reference:item.delete')}
        danger
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
    </Box>
  );
}

export interface RefTableProps {
  items: RefItem[];
  lang: string;
  /** The parent column's heading; null: the list has none. */
  parentLabel: string | null;
  parentTitle: (id: number | null) => string;
  /** Each item's picture first (categories). */
  pictures?: boolean;
  /** The item being deleted. */
  busy: number | null;
  onEdit: (item: RefItem) => void;
  onDelete: (item: RefItem) => void;
  rowAction?: (item: RefItem) => ReactNode;
}

/** The items: a category's picture, the interface language's title first, then the other, the sort, the parent, the actions. */
export function RefTable({ items, lang, parentLabel, parentTitle, pictures, busy, onEdit, onDelete, rowAction }: RefTableProps) {
  const { t } = useTranslation('reference');
  const bnFirst = lang === 'bn';
  const cols: { key: 'title' | 'bn_title'; label: string; lang: string }[] = [
    { key: 'title', label: t('item.title'), lang: 'en' },
    { key: 'bn_title', label: t('item.bn_title'), lang: 'bn' },
  ];
  if (bnFirst) cols.reverse();
  return (
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }} tabIndex={0} role="region" aria-label={t('table_label')}>
      <Table size="small" sx={{ minWidth: 560 }} data-testid="ref-table">
        <TableHead>
          <TableRow>
            {pictures && <TableCell sx={{ width: 64 }}>{t('picture.column')}</TableCell>}
            {cols.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
            <TableCell align="right">{t('item.sort')}</TableCell>
            {parentLabel && <TableCell>{parentLabel}</TableCell>}
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover data-testid="ref-row" data-id={item.id}>
              {pictures && (
                <TableCell sx={{ py: 0.5 }}>
                  <Thumbnail src={item.image} alt={itemTitle(item, lang)} />
                </TableCell>
              )}
              {cols.map((c, i) => (
                <TableCell key={c.key} lang={c.lang} sx={i === 0 ? { fontWeight: 600 } : { color: 'text.secondary' }}>
                  {item[c.key]}
                </TableCell>
              ))}
              <TableCell align="right">{formatNumber(item.sort, lang)}</TableCell>
              {parentLabel && <TableCell>{parentTitle(item.parent_id)}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {rowAction?.(item)}
                <IconButton onClick={() => onEdit(item)} aria-label={`${t('item.edit')}: ${itemTitle(item, lang)}`} data-testid="ref-edit">
                  <EditOutlinedIcon />
                </IconButton>
                <IconButton color="error" disabled={busy === item.id} onClick={() => onDelete(item)} aria-label={`${t('item.delete')}: ${itemTitle(item, lang)}`} data-testid="ref-delete">
                  <DeleteOutlineIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Export (CSV, Excel) and import (a .csv or .xlsx file) of the whole list, and the import's outcome. */
function Transfer({ kind, onExport }: { kind: ReferenceKind; onExport: (f: ExportFormat) => void }) {
  const { t } = useTranslation('reference');
  const qc = useQueryClient();
  const errorText = useErrorText();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useMutation(importMutation(qc, kind));
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="ref-transfer">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {EXPORT_FORMATS.map((f) => (
          <Button key={f} variant="outlined" startIcon={<DownloadIcon />} onClick={() => onExport(f)} data-testid={`ref-export-${f}`}>
            {t(`export.${f}`)}
          </Button>
        ))}
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={upload.isPending} onClick={() => fileRef.current?.click()} data-testid="ref-import">
          {upload.isPending ? t('import.busy') : t('import.button')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={t('import.button')}
          data-testid="ref-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Stack>
      <Box sx={{ mt: 1, color: 'text.secondary', typography: 'body2' }}>{t('import.hint')}</Box>
      {(upload.data || upload.error) && (
        <Box sx={{ mt: 1.5 }}>
          <ImportResult outcome={upload.data} error={upload.error} errorText={errorText(upload.error)} />
        </Box>
      )}
    </Card>
  );
}
