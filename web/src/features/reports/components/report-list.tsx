// A report's list: its title and count, the search (kept in the address as ?search=), "Download
// CSV" and "Download Excel" (every row that matches the search, not one page, exported in the
// background: report-exports.tsx), the rows (a table on wide screens, cards on phones) and the
// pager (?page=).
import {
  Box,
  Button,
  Card,
  CircularProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsHead } from '../../../components/ui/columns-head';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { exportRequest, type ReportList, type ReportListRows, type SheetFormat } from '../api/reports-api';
import { isTooManyExports, useExportErrorText, useStartExport } from '../hooks/use-exports';
import { useReportList } from '../hooks/use-reports';
import { SearchField } from '../../../components/ui/search-field';
import { useExportsUi } from './report-exports';

/** Tables from the md breakpoint up, cards below (phones). */
export function useWideList() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('md'));
}

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  /** Kept on one line in the table. */
  nowrap?: boolean;
}

/**
 * The rows: on wide screens a table, one column each; on phones a card per row, the first column
 * as its heading and the others as labelled lines.
 */
export function ReportRows<T>({ id, items, columns, rowKey, wide }: { id: string; items: readonly T[]; columns: Column<T>[]; rowKey: (row: T) => string | number; wide: boolean }) {
  if (wide) {
    return (
      <TableContainer>
        <Table size="small" data-testid={`${id}-table`}>
          <ColumnsHead columns={columns} />
          <TableBody>
            {items.map((row) => (
              <TableRow key={rowKey(row)} hover data-testid={`${id}-row`}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  const [first, ...rest] = columns;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={`${id}-cards`}>
      {items.map((row) => (
        <Box component="li" key={rowKey(row)} data-testid={`${id}-row`} sx={{ p: 2, minWidth: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Box sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', mb: 1 }}>{first.render(row)}</Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.75, m: 0 }}>
            {rest.map((c) => (
              <Box key={c.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.label}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                  {c.render(row)}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * "Download CSV" and "Download Excel": each starts the background export of the whole list as the
 * search has it, then opens the exports' drawer to follow it (or to say why it was refused: three
 * already under way). The file is downloaded from there once ready.
 */
export function DownloadButtons({ list, search, listId }: { list: ReportList; search: string; listId?: number }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const errorText = useExportErrorText();
  const ui = useExportsUi();
  const start = useStartExport();
  const [busy, setBusy] = useState<SheetFormat | null>(null);
  const download = (format: SheetFormat) => {
    setBusy(format);
    start.mutate(exportRequest(list, format, search, listId), {
      onSuccess: (exp) => {
        ui?.started(exp);
        ui?.open();
      },
      onError: (err: unknown) => {
        if (ui && isTooManyExports(err)) ui.open(err);
        else toast.show(errorText(err), { severity: 'error', duration: 6000 });
      },
      onSettled: () => setBusy(null),
    });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={t('download.label')} sx={{ flexWrap: 'wrap' }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          disabled={busy !== null}
          startIcon={busy === format ? <CircularProgress size={14} color="inherit" /> : <FileDownloadOutlinedIcon />}
          onClick={() => download(format)}
          aria-haspopup="dialog"
          data-testid={`${list}-download-${format}`}
          sx={{ minHeight: 36 }}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}

export function ReportListSection<L extends ReportList>({
  id,
  title,
  list,
  listId,
  searchLabel,
  total,
  empty,
  emptyIcon,
  columns,
  rowKey,
}: {
  /** The section's test id; its heading's id is `<id>-title`. */
  id: string;
  title: string;
  list: L;
  /** The course (course-users) or the learner (learner-courses). */
  listId?: number;
  /** Without it, no search box. */
  searchLabel?: string;
  /** "12 courses" (n: the count in the interface's digits). */
  total: (count: number, n: string) => string;
  empty: string;
  emptyIcon?: ReactNode;
  columns: Column<ReportListRows[L]>[];
  rowKey: (row: ReportListRows[L]) => string | number;
}) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const wide = useWideList();
  const { query, page, setPage, search, setSearch } = useReportList(list, listId);
  const { data, isLoading, error, refetch } = query;
  const items = data?.data ?? [];

  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between', mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h2">
            {title}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid={`${id}-total`}>
              {total(data.total, formatNumber(data.total, lang))}
            </Typography>
          )}
        </Box>
        <DownloadButtons list={list} search={search} listId={listId} />
      </Stack>
      {searchLabel && (
        <Box sx={{ mb: 1.5, display: 'flex' }}>
          <SearchField id={`${id}-search`} label={searchLabel} search={search} onSearch={setSearch} size="small" />
        </Box>
      )}
      <Card sx={{ minWidth: 0 }} aria-busy={isLoading}>
        {isLoading ? (
          <Box sx={{ p: 2 }} data-testid={`${id}-loading`}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={52} />
            ))}
          </Box>
        ) : error ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={emptyIcon} message={search ? t('search.empty', { search }) : empty} />
        ) : (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            <ReportRows id={id} items={items} columns={columns} rowKey={rowKey} wide={wide} />
          </Box>
        )}
      </Card>
      <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} />
    </Box>
  );
}
