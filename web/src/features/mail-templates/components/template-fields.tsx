// One language's texts of a template: the subject, the placeholders to put in at the message's
// cursor, the message (and under it how to write one), the button's label; the form's refusal;
// Restore default, Preview and Save. Drawn from its props alone: template-editor.tsx holds the state.
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { formatNumber } from '../../../lib/lang';
import type { FieldProblems } from '../../../lib/use-field-errors';
import type { MailLang, MailTexts } from '../api/mail-templates-api';
import { MAIL_LIMITS, placeholderToken, type MailField } from '../hooks/template-form';
import { useTemplateWords } from '../hooks/template-words';

/** What is under way: its button shows it, and the others wait. */
export type MailBusy = 'save' | 'preview' | 'restore' | null;

/** The lines of the syntax help (mail:syntax.*), in order. */
const SYNTAX_LINES = ['braces', 'paragraphs', 'button'] as const;

export interface TemplateFormProps {
  /** The texts' language (not the interface's). */
  lang: MailLang;
  values: MailTexts;
  errors: FieldProblems<MailField>;
  formError?: string | null;
  placeholders: readonly string[];
  required: readonly string[];
  /** This language is the site's own text (Restore default has something to undo). */
  customized: boolean;
  /** The role may read and preview only. */
  readOnly: boolean;
  busy: MailBusy;
  bodyRef?: Ref<HTMLTextAreaElement>;
  onChange: (patch: Partial<MailTexts>) => void;
  onInsert: (placeholder: string) => void;
  onPreview: () => void;
  onSave: () => void;
  onRestore: () => void;
}

export function TemplateForm(props: TemplateFormProps) {
  const { t, i18n } = useTranslation(['mail', 'common']);
  const { lang, values, errors, readOnly, busy } = props;
  const disabled = busy !== null;
  const text = boundTextField({ idPrefix: 'mail', values, errors, disabled, onChange: props.onChange });
  const limit = (field: MailField, extra: Record<string, unknown> = {}) => ({
    helperText: t('mail:max_chars', { n: formatNumber(MAIL_LIMITS[field], i18n.language) }),
    slotProps: { inputLabel: { shrink: true }, htmlInput: { maxLength: MAIL_LIMITS[field], lang, readOnly, ...extra } },
  });
  // Enter in the subject or the button label saves, as Save does.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly && !disabled) props.onSave();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="mail-form" data-lang={lang}>
      <Stack spacing={2.5}>
        {text('subject', t('mail:subject'), { required: true, ...limit('subject') })}
        <Placeholders {...props} />
        <Box>
          {text('body', t('mail:body'), {
            required: true,
            multiline: true,
            minRows: 8,
            inputRef: props.bodyRef,
            ...limit('body', { 'aria-describedby': 'mail-body-helper-text mail-syntax' }),
          })}
          <SyntaxHelp />
        </Box>
        {text('button', t('mail:button'), {
          ...limit('button'),
          helperText: `${t('mail:button_hint')} ${t('mail:max_chars', { n: formatNumber(MAIL_LIMITS.button, i18n.language) })}`,
        })}
        {props.formError && (
          <Alert severity="error" data-testid="mail-form-error">
            {props.formError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {!readOnly && (
            <Button
              color="error"
              onClick={props.onRestore}
              disabled={disabled || !props.customized}
              aria-haspopup="dialog"
              startIcon={<RestoreOutlinedIcon />}
              data-testid="mail-restore"
            >
              {t('mail:restore')}
            </Button>
          )}
          <Button
            variant="outlined"
            onClick={props.onPreview}
            disabled={disabled}
            aria-haspopup="dialog"
            startIcon={busy === 'preview' ? <CircularProgress size={16} color="inherit" /> : <VisibilityOutlinedIcon />}
            data-testid="mail-preview"
          >
            {busy === 'preview' ? t('mail:previewing') : t('mail:preview')}
          </Button>
          {!readOnly && (
            <Button
              type="submit"
              variant="contained"
              disabled={disabled}
              startIcon={busy === 'save' ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
              data-testid="mail-save"
            >
              {busy === 'save' ? t('common:actions.saving') : t('mail:save')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The template's placeholders as chips: one put in at the message's cursor; the required ones filled. */
function Placeholders({ placeholders, required, readOnly, busy, onInsert }: TemplateFormProps) {
  const { t } = useTranslation('mail');
  const words = useTemplateWords();
  if (!placeholders.length) return null;
  const needed = placeholders.filter((p) => required.includes(p));
  return (
    <Box role="group" aria-labelledby="mail-placeholders-title" data-testid="mail-placeholders">
      <Typography id="mail-placeholders-title" variant="subtitle2" component="h3">
        {t('placeholders')}
      </Typography>
      {!readOnly && (
        <Typography variant="body2" color="text.secondary">
          {t('placeholders_hint')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {placeholders.map((p) => {
          const token = placeholderToken(p);
          const must = required.includes(p);
          const what = words.placeholder(p);
          return readOnly ? (
            <Chip key={p} label={token} title={what} color={must ? 'primary' : 'default'} variant={must ? 'filled' : 'outlined'} data-testid="mail-placeholder" data-placeholder={p} />
          ) : (
            <Chip
              key={p}
              label={token}
              title={what}
              aria-label={t('insert', { token, what })}
              color={must ? 'primary' : 'default'}
              variant={must ? 'filled' : 'outlined'}
              disabled={busy !== null}
              // The message keeps the focus (and its cursor) when the chip is clicked.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onInsert(p)}
              data-testid="mail-placeholder"
              data-placeholder={p}
            />
          );
        })}
      </Box>
      {needed.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="mail-required">
          {t('required_placeholders', { tokens: needed.map(placeholderToken).join(', ') })}
        </Typography>
      )}
    </Box>
  );
}

/** How a message is written (the contract's rules), under the message; the message names it as its description. */
function SyntaxHelp() {
  const { t } = useTranslation('mail');
  return (
    <Box id="mail-syntax" sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 1.5, mt: 1 }} data-testid="mail-syntax">
      <Typography variant="subtitle2" component="h3">
        {t('syntax_title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {SYNTAX_LINES.map((line) => (
          <Typography key={line} component="li" variant="body2">
            {t(`syntax.${line}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
