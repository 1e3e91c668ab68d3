// /training/resource/budget-create/:id (a batch's id): the batch's budget. An editable table of
// lines (category, description, planned and actual in taka; added and removed; saved all at
// once; a card per line on a phone), the totals and variance per category and overall as the server sums them, the logistic
// items handed to trainees, and the whole as a spreadsheet.
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { downloadFile } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { BUDGET_CATEGORIES, budgetSheetPath, saveBudget, type Budget, type BudgetTotals } from '../api/trainings-api';
import {
  BUDGET_DESCRIPTION_MAX,
  BUDGET_LINES_MAX,
  budgetBody,
  budgetProblems,
  budgetRows,
  emptyBudgetRow,
  hasProblems,
  rowAmount,
  serverRowErrors,
  typedTotals,
  type BudgetRow,
  type RowField,
  type RowProblems,
} from '../hooks/budget-form';
import { useKnownProblemWords, useProblemWords } from '../hooks/use-problem-words';
import { trainingKeys, useBudget } from '../hooks/use-trainings';
import { BatchPageFrame } from './batch-page-frame';
import { LogisticsSection } from './logistics-section';

export default function BudgetPage() {
  const { t } = useTranslation(['trainings', 'common']);
  return (
    <BatchPageFrame title={t('trainings:budget.title')} tab="venue" testId="budget-page" actions={(training) => <SheetButton batchId={training.batch.id} />}>
      {(training) => <BudgetSections batchId={training.batch.id} />}
    </BatchPageFrame>
  );
}

function SheetButton({ batchId }: { batchId: number }) {
  const { t } = useTranslation('trainings');
  const toast = useToast();
  const errorText = useErrorText();
  const download = () => downloadFile(budgetSheetPath(batchId), undefined, `budget-${batchId}.xlsx`).catch((err: unknown) => toast.show(errorText(err), { severity: 'error' }));
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download()} sx={{ width: { xs: '100%', sm: 'auto' } }} data-testid="download-budget">
      {t('budget.download')}
    </Button>
  );
}

function BudgetSections({ batchId }: { batchId: number }) {
  const budget = useBudget(batchId);
  if (budget.isLoading) return <Skeleton variant="rounded" height={360} />;
  if (budget.isError || !budget.data) return <ErrorState error={budget.error} onRetry={() => budget.refetch()} />;
  return (
    <Stack spacing={3}>
      <BudgetEditor batchId={batchId} budget={budget.data} />
      <BudgetTotalsTable budget={budget.data} />
      <LogisticsSection batchId={batchId} />
    </Stack>
  );
}

const money = (poisha: number, lang: string) => formatTaka(poisha, lang, true);

/** Over the plan in red, under it in green. */
const varianceColor = (v: number) => (v > 0 ? 'error.main' : v < 0 ? 'success.main' : 'text.primary');

export function BudgetEditor({ batchId, budget }: { batchId: number; budget: Budget }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const words = useProblemWords();
  const known = useKnownProblemWords();
  const theme = useTheme();
  // A table of fields on a wide screen; a card per line on a phone.
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [rows, setRows] = useState<BudgetRow[]>(() => budgetRows(budget, lang));
  const [dirty, setDirty] = useState(false);
  // The client's problems by row key, and the rows changed since the server refused them.
  const [problems, setProblems] = useState<Record<string, RowProblems>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  // Which row each line sent came from, and the rows' keys then (rows may go before the answer is read).
  const [sent, setSent] = useState<{ rowOf: number[]; keys: string[] }>({ rowOf: [], keys: [] });
  const save = useMutation({
    mutationFn: () => {
      const { body, rowOf } = budgetBody(batchId, rows);
      setSent({ rowOf, keys: rows.map((r) => r.key) });
      return saveBudget(body);
    },
    onSuccess: (saved) => {
      qc.setQueryData(trainingKeys.budget(batchId), saved);
      setRows(budgetRows(saved, lang));
      setDirty(false);
      setProblems({});
      toast.show(t('trainings:budget.saved'));
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
  });
  const server = serverRowErrors(save.error, sent.rowOf, known);

  const change = (key: string, patch: Partial<BudgetRow>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setProblems((p) => ({ ...p, [key]: {} }));
    setEdited((s) => new Set([...s, key]));
    setDirty(true);
  };
  const submit = () => {
    const found = budgetProblems(rows);
    setProblems(Object.fromEntries(rows.map((r, i) => [r.key, found[i]])));
    setEdited(new Set());
    if (!hasProblems(found)) save.mutate();
  };
  const errorOf = (row: BudgetRow, field: RowField): string | undefined => {
    const code = problems[row.key]?.[field];
    if (code) return words(code);
    return edited.has(row.key) ? undefined : server.rows[sent.keys.indexOf(row.key)]?.[field];
  };
  const totals = typedTotals(rows);
  const full = rows.length >= BUDGET_LINES_MAX;
  const remove = (key: string) => {
    setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [emptyBudgetRow()]));
    setDirty(true);
  };

  /** A row's fields, for the table's cells (wide screens) or a card (phones). */
  const rowParts = (row: BudgetRow, i: number) => {
    const n = formatNumber(i + 1, lang);
    const planned = rowAmount(row.planned);
    const actual = rowAmount(row.actual);
    const variance = planned !== null && actual !== null ? actual - planned : null;
    const amount = (field: 'planned' | 'actual') => (
      <TextField
        size="small"
        fullWidth
        id={`budget-${field}-${i}`}
        label={wide ? undefined : t(`trainings:budget.${field}`)}
        value={row[field]}
        onChange={(e) => change(row.key, { [field]: e.target.value })}
        disabled={save.isPending}
        error={!!errorOf(row, field)}
        helperText={errorOf(row, field)}
        placeholder="0"
        slotProps={{
          htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 18, 'aria-label': t(`trainings:budget.${field}_of`, { n }) },
          input: { startAdornment: <InputAdornment position="start">৳</InputAdornment> },
        }}
      />
    );
    return {
      category: (
        <TextField
          select
          size="small"
          fullWidth
          id={`budget-category-${i}`}
          label={wide ? undefined : t('trainings:budget.category')}
          value={row.category}
          onChange={(e) => change(row.key, { category: e.target.value as BudgetRow['category'] })}
          disabled={save.isPending}
          error={!!errorOf(row, 'category')}
          helperText={errorOf(row, 'category')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, inputProps: { 'aria-label': t('trainings:budget.category_of', { n }) } } }}
        >
          <MenuItem value="" disabled>
            <em>{t('trainings:budget.choose_category')}</em>
          </MenuItem>
          {BUDGET_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`trainings:budget_categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      ),
      description: (
        <TextField
          size="small"
          fullWidth
          id={`budget-description-${i}`}
          label={wide ? undefined : t('trainings:budget.description')}
          value={row.description}
          onChange={(e) => change(row.key, { description: e.target.value })}
          disabled={save.isPending}
          error={!!errorOf(row, 'description')}
          helperText={errorOf(row, 'description')}
          slotProps={{ htmlInput: { maxLength: BUDGET_DESCRIPTION_MAX, 'aria-label': t('trainings:budget.description_of', { n }) } }}
        />
      ),
      planned: amount('planned'),
      actual: amount('actual'),
      variance: (
        <Box component="span" sx={{ whiteSpace: 'nowrap', color: variance === null ? 'text.disabled' : varianceColor(variance) }} data-testid="budget-row-variance">
          {variance === null ? '—' : money(variance, lang)}
        </Box>
      ),
      remove: (
        <Tooltip title={t('trainings:budget.remove_line', { n })}>
          <IconButton size="small" aria-label={t('trainings:budget.remove_line', { n })} disabled={save.isPending} onClick={() => remove(row.key)} data-testid="remove-budget-row">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    };
  };
  const totalLabel = dirty ? t('trainings:budget.typed_total') : t('trainings:budget.total');

  return (
    <FormSection title={t('trainings:budget.lines')}>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (!save.isPending) submit(); }} data-testid="budget-form">
        {wide ? (
          <Card variant="outlined">
            <Table size="small" sx={{ '& td': { verticalAlign: 'top' } }} aria-label={t('trainings:budget.lines')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 170 }}>{t('trainings:budget.category')}</TableCell>
                  <TableCell>{t('trainings:budget.description')}</TableCell>
                  <TableCell sx={{ width: 150 }}>{t('trainings:budget.planned')}</TableCell>
                  <TableCell sx={{ width: 150 }}>{t('trainings:budget.actual')}</TableCell>
                  <TableCell align="right" sx={{ width: 130 }}>
                    {t('trainings:budget.variance')}
                  </TableCell>
                  <TableCell sx={{ width: 48 }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => {
                  const part = rowParts(row, i);
                  return (
                    <TableRow key={row.key} data-testid="budget-row">
                      <TableCell>{part.category}</TableCell>
                      <TableCell>{part.description}</TableCell>
                      <TableCell>{part.planned}</TableCell>
                      <TableCell>{part.actual}</TableCell>
                      <TableCell align="right" sx={{ '&&': { pt: '15px' } }}>
                        {part.variance}
                      </TableCell>
                      <TableCell>{part.remove}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
              <TableFooter>
                <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' } }} data-testid="budget-typed-totals">
                  <TableCell colSpan={2}>{totalLabel}</TableCell>
                  <TableCell>{money(totals.planned_poisha, lang)}</TableCell>
                  <TableCell>{money(totals.actual_poisha, lang)}</TableCell>
                  <TableCell align="right" sx={{ '&&': { color: varianceColor(totals.variance_poisha) } }}>
                    {money(totals.variance_poisha, lang)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </Card>
        ) : (
          <Stack spacing={1.5}>
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('trainings:budget.lines')}>
              {rows.map((row, i) => {
                const part = rowParts(row, i);
                return (
                  <Card key={row.key} variant="outlined" component="li" sx={{ p: 1.5 }} data-testid="budget-row">
                    <Stack spacing={1.5}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <Box sx={{ flexGrow: 1 }}>{part.category}</Box>
                        {part.remove}
                      </Stack>
                      {part.description}
                      <Stack direction="row" spacing={1}>
                        {part.planned}
                        {part.actual}
                      </Stack>
                      <Typography variant="body2">
                        {t('trainings:budget.variance')}: {part.variance}
                      </Typography>
                    </Stack>
                  </Card>
                );
              })}
            </Stack>
            <Card variant="outlined" sx={{ p: 1.5 }} data-testid="budget-typed-totals">
              <Typography sx={{ fontWeight: 700 }}>{totalLabel}</Typography>
              <Typography variant="body2">
                {t('trainings:budget.planned')}: {money(totals.planned_poisha, lang)} · {t('trainings:budget.actual')}: {money(totals.actual_poisha, lang)}
              </Typography>
              <Typography variant="body2" sx={{ color: varianceColor(totals.variance_poisha) }}>
                {t('trainings:budget.variance')}: {money(totals.variance_poisha, lang)}
              </Typography>
            </Card>
          </Stack>
        )}
        {server.rest.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="budget-error">
            {server.rest.join(' ')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => {
              setRows((rs) => [...rs, emptyBudgetRow()]);
              setDirty(true);
            }}
            disabled={full || save.isPending}
            data-testid="add-budget-row"
          >
            {t('trainings:budget.add_line')}
          </Button>
          {full && (
            <Typography variant="body2" color="text.secondary">
              {t('trainings:budget.full', { max: formatNumber(BUDGET_LINES_MAX, lang) })}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            onClick={() => {
              setRows(budgetRows(budget, lang));
              setProblems({});
              setDirty(false);
              save.reset();
            }}
            disabled={!dirty || save.isPending}
          >
            {t('trainings:budget.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />} data-testid="save-budget">
            {save.isPending ? t('common:actions.saving') : t('trainings:budget.save')}
          </Button>
        </Stack>
      </Box>
    </FormSection>
  );
}

/** The server's sums: per category (those with lines) and overall, and what the logistic items cost. */
export function BudgetTotalsTable({ budget }: { budget: Budget }) {
  const { t, i18n } = useTranslation('trainings');
  const lang = i18n.language;
  const cells = (v: BudgetTotals) => (
    <>
      <TableCell align="right">{money(v.planned_poisha, lang)}</TableCell>
      <TableCell align="right">{money(v.actual_poisha, lang)}</TableCell>
      <TableCell align="right" sx={{ '&&': { color: varianceColor(v.variance_poisha) } }}>
        {money(v.variance_poisha, lang)}
      </TableCell>
    </>
  );
  return (
    <FormSection title={t('budget.totals')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('budget.totals_hint')}
      </Typography>
      <Card variant="outlined">
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 520, '& td, & th': { whiteSpace: 'nowrap' } }} aria-label={t('budget.totals')} data-testid="budget-totals">
            <TableHead>
              <TableRow>
                <TableCell>{t('budget.category')}</TableCell>
                <TableCell align="right">{t('budget.planned')}</TableCell>
                <TableCell align="right">{t('budget.actual')}</TableCell>
                <TableCell align="right">{t('budget.variance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {budget.by_category.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                    {t('budget.no_lines')}
                  </TableCell>
                </TableRow>
              ) : (
                budget.by_category.map((c) => (
                  <TableRow key={c.category} data-testid="budget-category" data-category={c.category}>
                    <TableCell>{t(`budget_categories.${c.category}`)}</TableCell>
                    {cells(c)}
                  </TableRow>
                ))
              )}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }} data-testid="budget-overall">
                <TableCell>{t('budget.total')}</TableCell>
                {cells(budget)}
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      </Card>
      <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="budget-logistics">
        {t('budget.logistics_cost', { amount: money(budget.logistics_poisha, lang) })}
      </Typography>
    </FormSection>
  );
}
