// A text box and its button, shared by the timeline (a new post, a comment, an edit) and a
// session's chat: plain text up to 2,000 characters with a counter; the server's refusal shows
// under it.
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { BODY_MAX } from '../hooks/classroom-forms';

/**
 * A text box and its button: a new post, a comment or an edit. Plain text up to 2,000 characters,
 * with a counter; the server's refusal shows under it.
 */
export function TextComposer(props: {
  id: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  minRows?: number;
  /** A one-line box that grows (comments). */
  compact?: boolean;
  /** The call the box sends: its state and error. */
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  send: (body: string, done: () => void) => void;
  onCancel?: () => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation(['classrooms', 'errors']);
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const [body, setBody] = useState(props.initial ?? '');
  const [missing, setMissing] = useState(false);
  const { mutation } = props;
  const bodyError = missing ? t('errors:required') : fieldText(mutation.error, 'body');
  const otherError = mutation.error && !fieldErrorsOf(mutation.error).body ? errorText(mutation.error) : null;
  const counterId = `${props.id}-count`;
  const lang = i18n.language;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const text = body.trim();
        if (!text) {
          setMissing(true);
          return;
        }
        props.send(text, () => setBody(''));
      }}
      data-testid={props.testId ?? 'text-composer'}
    >
      <TextField
        id={props.id}
        label={props.label}
        placeholder={props.placeholder}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          setMissing(false);
          if (mutation.error) mutation.reset();
        }}
        multiline
        minRows={props.compact ? 1 : (props.minRows ?? 2)}
        maxRows={props.compact ? 6 : undefined}
        size={props.compact ? 'small' : 'medium'}
        fullWidth
        autoFocus={props.autoFocus}
        disabled={mutation.isPending}
        error={!!bodyError}
        helperText={bodyError}
        slotProps={{ htmlInput: { maxLength: BODY_MAX, 'aria-describedby': counterId } }}
      />
      {otherError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {otherError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Typography id={counterId} variant="caption" color={body.length >= BODY_MAX ? 'error' : 'text.secondary'} sx={{ flexGrow: 1 }} data-testid="char-count">
          {t('classrooms:timeline.count', { n: formatNumber(body.length, lang), max: formatNumber(BODY_MAX, lang) })}
        </Typography>
        {props.onCancel && (
          <Button size={props.compact ? 'small' : 'medium'} onClick={props.onCancel} disabled={mutation.isPending}>
            {t('classrooms:timeline.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          size={props.compact ? 'small' : 'medium'}
          variant={props.compact ? 'outlined' : 'contained'}
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="composer-submit"
        >
          {props.submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
