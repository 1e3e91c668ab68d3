import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** Text for an error: the translated `errors:<code>` when known, else the server's message. */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  return (err: unknown): string => {
    if (!err) return '';
    if (err instanceof ApiError) {
      // For validation errors the server message is already specific and translated.
      if (err.code && err.code !== 'validation_failed' && i18n.exists(`errors:${err.code}`)) {
        return t(`errors:${err.code}`);
      }
      if (err.status === 0 || err.status >= 500 || /^HTTP \d+$/.test(err.message)) {
        const code = err.code ?? 'server_error';
        return i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('errors:load_failed');
      }
      return err.message;
    }
    return t('errors:load_failed');
  };
}

/** Field errors of a 422, first message per field. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.fieldErrors)) if (v.length) out[k] = v[0];
  return out;
}
