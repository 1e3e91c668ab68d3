// The "Send feedback" dialog, opened from the home page's feedback section and the footer (both load
// this module lazily, with its texts: the `extras` namespace). Anyone may send: name (a signed-in
// sender's is their account's, shown read-only), designation, an e-mail only the site's admins see,
// a rating of 1 to 5 stars and the message. It shows on the home page once the admin approves it.
import { Alert, Box, Dialog, FormHelperText, Rating, Stack, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useCurrentUser } from '../../../lib/session';
import { useFieldErrors } from '../../../lib/use-field-errors';
import {
  DESIGNATION_MAX,
  EMAIL_MAX,
  EMPTY_FEEDBACK,
  FEEDBACK_FIELDS,
  feedbackProblems,
  MESSAGE_MAX,
  NAME_MAX,
  sendFeedbackMutation,
  type FeedbackField,
  type FeedbackFormValues,
} from '../hooks/home-extras';

const TITLE_ID = 'feedback-dialog-title';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

export default function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [sending, setSending] = useState(false);
  // A new form after each feedback sent; what was typed stays when the dialog is only closed.
  const [round, setRound] = useState(0);
  return (
    <Dialog open={open} onClose={() => !sending && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="feedback-dialog">
      <FeedbackEditor
        key={round}
        onBusy={setSending}
        onSent={() => {
          setRound((r) => r + 1);
          onClose();
        }}
        onCancel={onClose}
      />
    </Dialog>
  );
}

/** A problem code in words: the form's own (extras:form.errors.<code>), else the shared errors:<code>. */
export function useFeedbackProblemText() {
  const { t, i18n } = useTranslation(['extras', 'errors']);
  return (code: string) => (i18n.exists(`extras:form.errors.${code}`) ? t(`extras:form.errors.${code}`) : t(`errors:${code}`));
}

function FeedbackEditor({ onBusy, onSent, onCancel }: { onBusy: (busy: boolean) => void; onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation('extras');
  const toast = useToast();
  const { user } = useCurrentUser();
  // Signed in, the name is the account's (the server would put it there anyway).
  const accountName = user?.name?.trim() || null;
  const [values, setValues] = useState<FeedbackFormValues>(EMPTY_FEEDBACK);
  const send = useMutation(sendFeedbackMutation());
  useEffect(() => onBusy(send.isPending), [onBusy, send.isPending]);
  const codeText = useFeedbackProblemText();
  const { errors, formError, changed, check } = useFieldErrors(FEEDBACK_FIELDS, send.error, codeText);

  const onChange = (patch: Partial<FeedbackFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as FeedbackField[]);
  };
  const onSend = () => {
    if (!check(feedbackProblems(values, accountName))) return;
    send.mutate(
      { values, accountName },
      {
        onSuccess: () => {
          toast.show(t('form.thanks'), { severity: 'success', duration: 5000 });
          onSent();
        },
      },
    );
  };
  return (
    <FeedbackForm values={values} accountName={accountName} errors={errors} formError={formError} busy={send.isPending} onChange={onChange} onSend={onSend} onCancel={onCancel} />
  );
}

export interface FeedbackFormProps {
  values: FeedbackFormValues;
  /** The signed-in sender's name: shown read-only in place of the typed one. */
  accountName: string | null;
  /** Each field's refusal (the client's check or the server's), worded. */
  errors: Partial<Record<FeedbackField, string>>;
  /** A refusal of no particular field. */
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<FeedbackFormValues>) => void;
  onSend: () => void;
  onCancel: () => void;
}

/** The form itself: its title, fields and buttons, to sit in the dialog. */
export function FeedbackForm({ values, accountName, errors, formError, busy, onChange, onSend, onCancel }: FeedbackFormProps) {
  const { t, i18n } = useTranslation(['extras', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const signedIn = accountName !== null;
  const ratingError = errors.rating;
  const text = boundTextField({ idPrefix: 'feedback', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={t('extras:form.title')}
      busy={busy}
      submitLabel={t('extras:form.send')}
      onSubmit={onSend}
      onCancel={onCancel}
      testId="feedback-form"
      submitTestId="send-feedback"
    >
      <Stack spacing={2.5}>
        {text('name', t('extras:form.name'), {
          value: signedIn ? accountName : values.name,
          required: true,
          autoFocus: !signedIn,
          helperText: signedIn ? t('extras:form.name_from_account') : undefined,
          slotProps: { htmlInput: { maxLength: NAME_MAX, readOnly: signedIn || undefined, autoComplete: 'name' }, ...shrink },
        })}
        {text('designation', t('extras:form.designation'), {
          placeholder: t('extras:form.designation_placeholder'),
          slotProps: { htmlInput: { maxLength: DESIGNATION_MAX, autoComplete: 'organization-title' }, ...shrink },
        })}
        {text('email', t('extras:form.email'), {
          type: 'email',
          helperText: t('extras:form.email_hint'),
          slotProps: { htmlInput: { maxLength: EMAIL_MAX, autoComplete: 'email', inputMode: 'email', spellCheck: false }, ...shrink },
        })}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={ratingError ? 'feedback-rating-error' : undefined}>
          <Box component="legend" sx={{ typography: 'body2', color: ratingError ? 'error.main' : 'text.secondary', mb: 0.5, p: 0 }}>
            {t('extras:form.rating')} *
          </Box>
          <Rating
            name="feedback-rating"
            value={values.rating}
            max={5}
            size="large"
            disabled={busy}
            onChange={(_, v) => onChange({ rating: v })}
            // MUI's own labels are English ("5 Stars"): a screen reader says them in the page's language.
            getLabelText={(v) => t('extras:form.stars', { count: v, n: formatNumber(v, i18n.language) })}
            data-testid="feedback-rating"
          />
          {ratingError && (
            <FormHelperText error id="feedback-rating-error" data-testid="feedback-rating-error">
              {ratingError}
            </FormHelperText>
          )}
        </Box>
        {text('message', t('extras:form.message'), {
          required: true,
          multiline: true,
          minRows: 4,
          helperText: t('extras:form.count', { n: formatNumber(values.message.length, lang), max: formatNumber(MESSAGE_MAX, lang) }),
          slotProps: { htmlInput: { maxLength: MESSAGE_MAX }, ...shrink },
        })}
        {formError && (
          <Alert severity="error" data-testid="feedback-form-error">
            {formError}
          </Alert>
        )}
      </Stack>
    </DialogForm>
  );
}
