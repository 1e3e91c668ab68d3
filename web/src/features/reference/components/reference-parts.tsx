// Small pieces of the reference-list pages: an item's title in the interface's language, a problem
// code in the pages' words, a category's picture as a thumbnail, and the import's outcome (how many
// rows were created and updated, or the rows the server refused).
import { Alert, AlertTitle, Box } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { importRowErrors, type ImportOutcome, type ReferenceKind } from '../api/reference-api';

/** An item's title in the interface's language (the other one when it has none). */
export function itemTitle(item: { title: string; bn_title: string | null }, lang: string): string {
  return (lang === 'bn' ? item.bn_title || item.title : item.title || item.bn_title) ?? '';
}

/**
 * A problem code in the form's words, the most particular first: the list's own wording of it on
 * that field (reference:kinds.<kind>.problems.<field>.<code>: an upazila's name taken in its
 * district), any list's on that field (reference:field_problems.<field>.<code>), then
 * reference:problems.<code>, then errors:<code>; null when none knows it.
 */
export function useItemCodeText(kind?: ReferenceKind) {
  const { t, i18n } = useTranslation(['reference', 'errors']);
  return (code: string, field?: string): string | null => {
    const keys = [
      ...(field ? [...(kind ? [`reference:kinds.${kind}.problems.${field}.${code}`] : []), `reference:field_problems.${field}.${code}`] : []),
      `reference:problems.${code}`,
      `errors:${code}`,
    ];
    const key = keys.find((k) => i18n.exists(k));
    return key ? t(key) : null;
  };
}

/** A category's picture at `width` x `height` (3:2, cut to fill), or a placeholder when it has none. */
export function Thumbnail({ src, alt, width = 48, height = 32 }: { src: string | null; alt: string; width?: number; height?: number }) {
  const { t } = useTranslation('reference');
  const box = { width, height, borderRadius: 1, flexShrink: 0, display: 'block' } as const;
  if (src) return <Box component="img" src={src} alt={alt} loading="lazy" sx={{ ...box, objectFit: 'cover', bgcolor: 'action.hover' }} data-testid="ref-thumb" />;
  return (
    <Box
      role="img"
      aria-label={t('picture.none')}
      sx={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', color: 'text.disabled' }}
      data-testid="ref-thumb-none"
    >
      <ImageOutlinedIcon fontSize={height >= 64 ? 'large' : 'small'} />
    </Box>
  );
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
