// Small pieces of the reference-list pages: an item's title in the interface's language, and the
// import's outcome (how many rows were created and updated, or the rows the server refused).
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { importRowErrors, type ImportOutcome } from '../api/reference-api';

/** An item's title in the interface's language (the other one when it has none). */
export function itemTitle(item: { title: string; bn_title: string | null }, lang: string): string {
  return (lang === 'bn' ? item.bn_title || item.title : item.title || item.bn_title) ?? '';
}

/** What an import came to: its counts, or the refused rows (422 row_<n>) in order, or another refusal. */
export function ImportResult({ outcome, error, errorText }: { outcome?: ImportOutcome | null; error?: unknown; errorText: string }) {
  const { t, i18n } = useTranslation('reference');
  const lang = i18n.language;
  if (outcome) {
    return (
      <Alert severity="success" data-testid="import-result" role="status">
        {t('import.done', { created: formatNumber(outcome.created, lang), updated: formatNumber(outcome.updated, lang) })}
      </Alert>
    );
  }
  if (!error) return null;
  const rows = error instanceof ApiError && error.status === 422 ? importRowErrors(error.fieldErrors) : [];
  if (!rows.length) {
    return (
      <Alert severity="error" data-testid="import-error" role="alert">
        {errorText}
      </Alert>
    );
  }
  return (
    <Alert severity="error" data-testid="import-error" role="alert">
      <AlertTitle>{t('import.refused', { count: rows.length, n: formatNumber(rows.length, lang) })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }} data-testid="import-rows">
        {rows.map(([row, message]) => (
          <li key={row} data-testid="import-row" data-row={row}>
            <strong>{t('import.row', { n: formatNumber(row, lang) })}</strong> {message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
