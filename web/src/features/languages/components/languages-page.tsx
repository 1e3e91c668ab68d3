// /settings/languages: the language dictionary of the main site's super admins. Every text of the
// app by key with its English and Bangla value, searched by key or either value (?search=),
// narrowed to the texts an admin changed (?edited=1), a page at a time (?page=): a table on a wide
// screen, cards on a phone. "Add key" and "Edit" open a dialog; "Restore / remove" (on changed
// keys) gives a shipped key back its shipped text or removes a key added here, after a
// confirmation. A change shows at once, here and for everyone at their next page.
import { Box, Button, Chip, FormControlLabel, IconButton, Stack, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import TranslateIcon from '@mui/icons-material/TranslateOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { useFilterParams } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { VALUES_LIMIT, type LangValue } from '../api/languages-api';
import { restoreValueMutation, useValueList, valuesParams } from '../hooks/use-languages';
import { ValueDialog } from './value-dialog';

export default function LanguagesPage() {
  const { t, i18n } = useTranslation(['languages', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setFilter] = useFilterParams();
  const [page, setPage] = usePageParam();
  const { search, edited } = valuesParams(params);
  const list = useValueList({ page, limit: VALUES_LIMIT, search, edited });
  useClampPageParam(list.data?.last_page);
  const [editing, setEditing] = useState<LangValue | 'new' | null>(null);
  const [restoring, setRestoring] = useState<LangValue | null>(null);
  const restore = useMutation(restoreValueMutation(qc, i18n));
  const values = list.data?.data ?? [];
  const total = list.data?.total;

  const onRestore = () => {
    if (!restoring) return;
    const value = restoring;
    restore.mutate(value, {
      onSuccess: () => toast.show(t('languages:restored', { key: value.key })),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: () => setRestoring(null),
    });
  };
  const busyKey = restore.isPending ? (restore.variables?.key ?? null) : null;
  const rows = { values, busyKey, onEdit: setEditing, onRestore: setRestoring };
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="lang-add">
      {t('languages:add')}
    </Button>
  );

  return (
    <Box data-testid="languages-page" sx={{ minWidth: 0 }}>
      <PageHeader title={t('languages:title')} subtitle={t('languages:subtitle')} actions={addButton('contained')} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <SearchField id="lang-search" label={t('languages:search')} search={search} onSearch={(v) => setFilter('search', v.trim())} />
        <FormControlLabel
          control={<Switch checked={edited} onChange={(e) => setFilter('edited', e.target.checked ? '1' : '')} slotProps={{ input: { id: 'lang-edited' } }} />}
          label={t('languages:only_edited')}
          data-testid="lang-edited"
        />
        <Box sx={{ flexGrow: 1 }} />
        {total !== undefined && total > 0 && (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="lang-total">
            {t('languages:total', { count: total, n: formatNumber(total, lang) })}
          </Typography>
        )}
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={56}
        emptyIcon={<TranslateIcon />}
        emptyMessage={search ? t('languages:empty_search') : edited ? t('languages:empty_edited') : t('languages:empty')}
        emptyAction={!search && !edited ? addButton('outlined') : undefined}
        table={<ValueTable {...rows} />}
        cards={<ValueCards {...rows} />}
      />
      <ValueDialog value={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!restoring}
        title={restoring ? t('languages:restore_title', { key: restoring.key }) : ''}
        body={t('languages:restore_body')}
        confirmLabel={t('languages:restore')}
        danger
        busy={restore.isPending}
        onConfirm={onRestore}
        onClose={() => !restore.isPending && setRestoring(null)}
      />
    </Box>
  );
}

export interface ValueRowsProps {
  values: LangValue[];
  /** The key being restored. */
  busyKey: string | null;
  onEdit: (value: LangValue) => void;
  onRestore: (value: LangValue) => void;
}

/** A key, small and in monospace: it is code, not words. */
function KeyText({ value }: { value: LangValue }) {
  return (
    <Box component="code" lang="en" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }} data-testid="lang-key">
      {value.key}
    </Box>
  );
}

function EditedChip({ value }: { value: LangValue }) {
  const { t } = useTranslation('languages');
  if (!value.edited) return null;
  return (
    <Tooltip title={t('edited_hint')}>
      <Chip size="small" color="warning" variant="outlined" label={t('edited')} sx={{ ml: 1 }} data-testid="lang-edited-chip" />
    </Tooltip>
  );
}

/** A value, or a dimmed "(none)" when the language has none. */
function ValueText({ text, lang }: { text: string | null; lang: 'en' | 'bn' }) {
  const { t } = useTranslation('languages');
  if (!text) {
    return (
      <Box component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
        {t('none')}
      </Box>
    );
  }
  return (
    <Box component="span" lang={lang} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Box>
  );
}

/** Edit, and Restore / remove for a changed key (an unchanged shipped key has nothing to restore). */
function RowActions({ value, busyKey, onEdit, onRestore }: { value: LangValue } & Omit<ValueRowsProps, 'values'>) {
  const { t } = useTranslation('languages');
  return (
    <Stack direction="row" sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
      <Tooltip title={t('edit')}>
        <IconButton onClick={() => onEdit(value)} aria-label={`${t('edit')}: ${value.key}`} data-testid="lang-edit">
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {value.edited && (
        <Tooltip title={t('restore')}>
          <span>
            <IconButton color="error" disabled={busyKey === value.key} onClick={() => onRestore(value)} aria-label={`${t('restore')}: ${value.key}`} data-testid="lang-restore">
              <RestoreIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}

/** Wide screens: key, English, Bangla, actions. */
export function ValueTable({ values, ...actions }: ValueRowsProps) {
  const { t } = useTranslation('languages');
  return (
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role="region" aria-label={t('table_label')}>
      <Table size="small" sx={{ minWidth: 720, tableLayout: 'fixed' }} data-testid="lang-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '28%' }}>{t('columns.key')}</TableCell>
            <TableCell>{t('columns.en')}</TableCell>
            <TableCell>{t('columns.bn')}</TableCell>
            <TableCell align="right" sx={{ width: 104 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {values.map((v) => (
            <TableRow key={v.key} hover data-testid="lang-row" data-key={v.key} data-edited={v.edited ? 'true' : 'false'}>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <KeyText value={v} />
                <EditedChip value={v} />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <ValueText text={v.en} lang="en" />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <ValueText text={v.bn} lang="bn" />
              </TableCell>
              <TableCell align="right" sx={{ verticalAlign: 'top', py: 0.5 }}>
                <RowActions value={v} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card a key, the key over its two texts, each named. */
export function ValueCards({ values, ...actions }: ValueRowsProps) {
  const { t } = useTranslation('languages');
  return (
    <Stack component="ul" aria-label={t('table_label')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="lang-cards">
      {values.map((v) => (
        <Box
          component="li"
          key={v.key}
          sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
          data-testid="lang-row"
          data-key={v.key}
          data-edited={v.edited ? 'true' : 'false'}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0, flexGrow: 1, pt: 0.5 }}>
              <KeyText value={v} />
              <EditedChip value={v} />
            </Box>
            <RowActions value={v} {...actions} />
          </Stack>
          <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.5, typography: 'body2' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {t('columns.en')}
            </Box>
            <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
              <ValueText text={v.en} lang="en" />
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {t('columns.bn')}
            </Box>
            <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
              <ValueText text={v.bn} lang="bn" />
            </Box>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
