// The refusal of one form field in the interface's words. Apart from use-error-text.ts, which the
// app's entry carries, as only the forms that name fields by the server's codes need it.
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { fieldErrorsOf } from './use-error-text';

/**
 * The refusal of one field: a code (the answer's own, when it is not `validation_failed`, or the
 * field's entry when that is a code) or the field's message as the server translated it; null
 * when the error is not about the field.
 */
export function fieldProblem(err: unknown, field: string): { code: string } | { message: string } | null {
  if (!(err instanceof ApiError)) return null;
  const entries = err.fieldErrors[field] ?? [];
  if (!entries.length) return null;
  const coded = entries.find((e) => /^[a-z][a-z0-9_]*$/.test(e));
  if (coded) return { code: coded };
  if (err.code && err.code !== 'validation_failed' && Object.keys(err.fieldErrors).length === 1) return { code: err.code };
  return { message: entries[0] };
}

/**
 * The text of a field's refusal: its code (as fieldProblem finds it) in `word`'s words, else (no
 * code, or one `word` does not know and answers null for) the server's words; null when the error
 * is not about the field.
 */
export function fieldRefusal(err: unknown, field: string, word: (code: string) => string | null): string | null {
  const p = fieldProblem(err, field);
  if (!p) return null;
  return ('code' in p && word(p.code)) || (fieldErrorsOf(err)[field] ?? null);
}

/** The text of a field's refusal: a code we word ourselves (errors:<code>), else the server's words. */
export function useFieldErrorText() {
  const { t, i18n } = useTranslation('errors');
  return (err: unknown, field: string): string | null => fieldRefusal(err, field, (code) => (i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null));
}
