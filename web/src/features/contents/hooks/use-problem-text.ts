// The content bank's refusals in words: its own (contents:errors.<code>, which say "part" and
// "content" where the shared texts say "lesson" and "course"), else the shared errors:<code>.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { PARTS_MAX } from './content-form';

/** A problem code (the form's check) in words. */
export function useContentProblemText() {
  const { t, i18n } = useTranslation(['contents', 'errors']);
  return (code: string) =>
    i18n.exists(`contents:errors.${code}`) ? t(`contents:errors.${code}`, { max: formatNumber(PARTS_MAX, i18n.language) }) : t(`errors:${code}`);
}

/** An answer's refusal in words: the content bank's own text of its code, else the app's. */
export function useContentErrorText() {
  const { i18n } = useTranslation(['contents', 'errors']);
  const problemText = useContentProblemText();
  const errorText = useErrorText();
  return (err: unknown) => (err instanceof ApiError && err.code && i18n.exists(`contents:errors.${err.code}`) ? problemText(err.code) : errorText(err));
}
