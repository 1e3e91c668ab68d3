// The add-URL popup's link field (SPEC 5): empty "Please enter the URL", not a link "Please enter
// valid URL". The file manager's popup and the file picker's share it.
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { URL_MAX, type UrlProblem } from '../../lib/link-url';

export interface LinkUrlFieldProps {
  id: string;
  url: string;
  /** The link's problem, the client's or the server's. */
  urlError: UrlProblem | null;
  busy: boolean;
  onUrl: (v: string) => void;
  /** Where tests find the input and its help line. */
  testIds: { input?: string; help: string };
}

export function LinkUrlField({ id, url, urlError, busy, onUrl, testIds }: LinkUrlFieldProps) {
  const { t } = useTranslation('files');
  return (
    <TextField
      id={id}
      label={t('files:url.url')}
      value={url}
      onChange={(e) => onUrl(e.target.value)}
      autoFocus
      required
      type="url"
      autoComplete="url"
      placeholder="https://"
      error={!!urlError}
      helperText={urlError ? t(`files:url.${urlError}`) : t('files:url.url_hint')}
      disabled={busy}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: URL_MAX, inputMode: 'url', spellCheck: false, ...(testIds.input && { 'data-testid': testIds.input }) },
        formHelperText: { role: urlError ? 'alert' : undefined, 'data-testid': testIds.help } as object,
      }}
    />
  );
}
