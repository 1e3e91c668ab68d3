// Share something of mine (a file, a question, a question folder) with colleagues of this site
// (teachers and admins) by e-mail address or mobile number: the people it is shared with are chips
// (remove one to stop sharing with them), new ones are typed and added with Enter (or a comma).
// Saving sends the whole list; someone who is not a colleague here is refused by the server and
// said so. The form alone serves pages that share as part of a longer form (a content item).
import { Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../lib/field-error-text';
import { personLogin, shareList, splitLogins, type SharedPerson } from '../../lib/share-people';
import { fieldErrorsOf, useErrorText } from '../../lib/use-error-text';
import { ErrorState } from './error-state';
import { useToast } from './toast-provider';

export interface ShareFormProps {
  name: string;
  /** People it is shared with, kept. */
  kept: SharedPerson[];
  /** E-mail addresses or mobile numbers added. */
  added: string[];
  /** What is being typed. */
  typed: string;
  /** The refusal of the list, worded. */
  error: string | null;
  formError?: string | null;
  busy: boolean;
  /** The input takes the focus when drawn (in its dialog; not on a page's longer form). */
  autoFocus?: boolean;
  onTyped: (v: string) => void;
  /** Enter or a comma: the typed text (or `text`) becomes chips. */
  onAdd: (text?: string) => void;
  onRemoveKept: (p: SharedPerson) => void;
  onRemoveAdded: (login: string) => void;
}

/** The dialog's content: what the page shows (and the tests read). */
export function ShareForm({ name, kept, added, typed, error, formError, busy, autoFocus = true, onTyped, onAdd, onRemoveKept, onRemoveAdded }: ShareFormProps) {
  const { t } = useTranslation('files');
  const unknown = kept.filter((p) => !personLogin(p));
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('files:share.intro', { name })}
      </Typography>
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box>
        <Typography variant="subtitle2" component="h3" id="share-people-heading" sx={{ mb: 1 }}>
          {t('files:share.people')}
        </Typography>
        {kept.length === 0 && added.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="share-none">
            {t('files:share.none')}
          </Typography>
        ) : (
          <Box component="ul" aria-labelledby="share-people-heading" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }} data-testid="share-people">
            {kept.map((p) => (
              <li key={`p-${p.id}`}>
                <Chip
                  icon={<PersonOutlineIcon />}
                  label={p.name || personLogin(p) || `#${p.id}`}
                  onDelete={busy ? undefined : () => onRemoveKept(p)}
                  deleteIcon={<CancelIcon titleAccess={t('files:share.remove', { name: p.name })} />}
                  data-testid="share-chip"
                  data-user-content
                />
              </li>
            ))}
            {added.map((login) => (
              <li key={`l-${login}`}>
                <Chip
                  label={login}
                  color="primary"
                  variant="outlined"
                  onDelete={busy ? undefined : () => onRemoveAdded(login)}
                  deleteIcon={<CancelIcon titleAccess={t('files:share.remove', { name: login })} />}
                  data-testid="share-chip"
                  data-user-content
                />
              </li>
            ))}
          </Box>
        )}
        {unknown.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="share-unknown">
            {t('files:share.unknown_login', { names: unknown.map((p) => p.name).join(', ') })}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id="share-login"
          label={t('files:share.input')}
          value={typed}
          onChange={(e) => {
            const v = e.target.value;
            // A comma or a semicolon ends one entry.
            if (/[,;]\s*$/.test(v)) onAdd(v);
            else onTyped(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && typed.trim()) {
              e.preventDefault();
              onAdd();
            }
          }}
          autoFocus={autoFocus}
          autoComplete="off"
          fullWidth
          error={!!error}
          helperText={error ?? t('files:share.hint')}
          disabled={busy}
          slotProps={{ htmlInput: { 'data-testid': 'share-input' }, formHelperText: { role: error ? 'alert' : undefined, 'data-testid': 'share-help' } as object }}
        />
        <Button variant="outlined" onClick={() => onAdd()} disabled={busy || !typed.trim()} sx={{ mt: 1, flexShrink: 0 }} data-testid="share-add">
          {t('files:share.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

export interface ShareDialogProps {
  open: boolean;
  /** The dialog's title (its accessible name): "Share file", "Share folder". */
  title: string;
  /** What is shared, as the intro names it. */
  name: string;
  /** Whom it is shared with now; undefined while that is loading. */
  people: readonly SharedPerson[] | undefined;
  /** Whom it is shared with could not be loaded. */
  loadError?: unknown;
  onRetry?: () => void;
  /** Sends the whole new list (e-mail addresses or mobile numbers; [] stops sharing). */
  save: (users: string[]) => Promise<unknown>;
  onClose: () => void;
}

export function ShareDialog({ open, title, name, people, loadError, onRetry, save, onClose }: ShareDialogProps) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const share = useMutation({ mutationFn: save });
  const [kept, setKept] = useState<SharedPerson[]>([]);
  const [added, setAdded] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  // The people are taken once per opening, when they have loaded (a later refetch keeps the edits).
  // While it closes, what it showed stays.
  const [started, setStarted] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStarted(false);
  } else if (open && people && !started) {
    setStarted(true);
    setKept([...people]);
    setAdded([]);
    setTyped('');
  }
  const close = () => {
    // The next opening starts without this one's refusal.
    share.reset();
    onClose();
  };

  const changed = () => {
    if (share.error) share.reset();
  };
  const add = (text = typed) => {
    const logins = splitLogins(text);
    if (!logins.length) return;
    setAdded((a) => shareList([], [...a, ...logins]));
    setTyped('');
    changed();
  };
  const submit = () => {
    if (!started) return;
    // What is still typed counts too.
    share.mutate(shareList(kept, [...added, ...splitLogins(typed)]), {
      onSuccess: () => {
        toast.show(t('files:share.done'));
        close();
      },
    });
  };

  const usersError = fieldText(share.error, 'users');
  const fields = fieldErrorsOf(share.error);
  const formError = share.error && !usersError && !fields.users ? errorText(share.error) : null;
  return (
    <Dialog open={open} onClose={() => !share.isPending && close()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="share-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {started ? (
            <ShareForm
              name={name}
              kept={kept}
              added={added}
              typed={typed}
              error={usersError}
              formError={formError}
              busy={share.isPending}
              onTyped={(v) => {
                setTyped(v);
                changed();
              }}
              onAdd={add}
              onRemoveKept={(p) => {
                setKept((k) => k.filter((x) => x.id !== p.id));
                changed();
              }}
              onRemoveAdded={(login) => {
                setAdded((a) => a.filter((x) => x !== login));
                changed();
              }}
            />
          ) : loadError ? (
            <ErrorState error={loadError} onRetry={onRetry} />
          ) : (
            <Stack spacing={1.5} sx={{ pt: 1 }} aria-busy data-testid="share-loading">
              <Skeleton width="80%" />
              <Skeleton variant="rounded" height={32} width={200} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={share.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={share.isPending || !started}
            startIcon={share.isPending ? <CircularProgress size={16} color="inherit" /> : <ShareOutlinedIcon />}
            data-testid="share-save"
          >
            {t('files:share.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
