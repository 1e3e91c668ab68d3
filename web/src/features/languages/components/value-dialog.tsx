// "Add key" and "Edit" of the language dictionary: the key (fixed once it exists), the English and
// the Bangla text. The dialog's own checks and the server's refusals show on their fields (a key
// already there: 409 duplicate_key, on the key), others above the buttons. A saved text shows in
// the app at once (hooks/use-languages.ts showLive).
import { Alert, Dialog, Grid, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { fieldRefusal } from '../../../lib/field-error-text';
import { fieldErrorTexts, type FieldProblems } from '../../../lib/use-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { textVariables } from '../../../i18n/overlay';
import type { LangValue } from '../api/languages-api';
import { keyedError, KEY_MAX, saveValueMutation, VALUE_FIELDS, valueProblems, type ValueField, type ValueProblem, type ValueValues } from '../hooks/use-languages';

const TITLE_ID = 'lang-value-title';
const ID_PREFIX = 'lang-value';

/** A problem code in the form's words: languages:problems.<code>, else errors:<code>; null when neither knows it. */
export function useValueCodeText() {
  const { t, i18n } = useTranslation(['languages', 'errors']);
  return (code: string, names = ''): string | null =>
    i18n.exists(`languages:problems.${code}`) ? t(`languages:problems.${code}`, { names }) : i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null;
}

/** The form's refusals: its own checks (worded), else (until the field is changed) the server's. */
export function useValueErrors(error: unknown) {
  const word = useValueCodeText();
  const errorText = useErrorText();
  const [problems, setProblems] = useState<FieldProblems<ValueField>>({});
  const [edited, setEdited] = useState<Set<ValueField>>(() => new Set());
  const err = keyedError(error);
  const { errors, formError } = fieldErrorTexts(VALUE_FIELDS, problems, edited, err, (text) => text, (e, f) => fieldRefusal(e, f, (c) => word(c)), errorText);
  return {
    errors,
    formError,
    changed(fields: ValueField[]) {
      setEdited((prev) => new Set([...prev, ...fields]));
      setProblems((p) => Object.fromEntries(Object.entries(p).filter(([f]) => !fields.includes(f as ValueField))));
    },
    /** Shows what the checks found; true when nothing (the server's words then apply afresh). */
    check(found: Partial<Record<ValueField, ValueProblem>>) {
      const worded = Object.fromEntries(Object.entries(found).map(([f, p]) => [f, word(p!.code, p!.names) ?? p!.code]));
      setProblems(worded);
      if (Object.keys(worded).length) return false;
      setEdited(new Set());
      return true;
    },
  };
}

export function ValueDialog({ value, onClose }: { /** null: closed; 'new': a new key; else the key to edit. */ value: LangValue | 'new' | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  const open = value !== null;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="lang-value-dialog">
      {open && <ValueEditor key={value === 'new' ? 'new' : value!.key} value={value!} onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function ValueEditor({ value, onClose, onBusy }: { value: LangValue | 'new'; onClose: () => void; onBusy: (b: boolean) => void }) {
  const { t, i18n } = useTranslation('languages');
  const qc = useQueryClient();
  const toast = useToast();
  const original = value === 'new' ? null : value;
  const [values, setValues] = useState<ValueValues>(() => ({ key: original?.key ?? '', en: original?.en ?? '', bn: original?.bn ?? '' }));
  const save = useMutation(saveValueMutation(qc, i18n, !!original));
  const { errors, formError, changed, check } = useValueErrors(save.error);

  const onSave = () => {
    if (!check(valueProblems(values, original))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t(original ? 'languages:saved' : 'languages:created', { key: saved.key }));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return (
    <ValueForm
      original={original}
      values={values}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      onChange={(patch) => {
        setValues((v) => ({ ...v, ...patch }));
        changed(Object.keys(patch) as ValueField[]);
      }}
      onSave={onSave}
      onCancel={onClose}
    />
  );
}

export interface ValueFormProps {
  /** The key being edited; null: a new key. */
  original: LangValue | null;
  values: ValueValues;
  errors: FieldProblems<ValueField>;
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<ValueValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Enter in the (one-line) key field goes on to the English text instead of sending the form. */
function nextOnEnter(e: KeyboardEvent) {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  e.preventDefault();
  document.getElementById(`${ID_PREFIX}-en`)?.focus();
}

export function ValueForm({ original, values, errors, formError, busy, onChange, onSave, onCancel }: ValueFormProps) {
  const { t } = useTranslation(['languages', 'common']);
  const text = boundTextField({ idPrefix: ID_PREFIX, values, errors, disabled: busy, onChange });
  const shrink = { inputLabel: { shrink: true } };
  const variables = textVariables(`${original?.en ?? ''} ${original?.bn ?? ''}`);
  const hint = variables.length ? t('languages:dialog.variables', { names: variables.map((n) => `{{${n}}}`).join(', ') }) : undefined;
  const multiline = { multiline: true, minRows: 2, maxRows: 10, required: true };
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={original ? t('languages:dialog.edit_title', { key: original.key }) : t('languages:dialog.add_title')}
      busy={busy}
      submitLabel={t('common:actions.save')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="lang-value-form"
      submitTestId="lang-value-save"
    >
      <Grid container spacing={2} sx={{ pt: 0.5 }}>
        <Grid size={12}>
          {text('key', t('languages:dialog.key'), {
            required: !original,
            autoFocus: !original,
            helperText: original ? undefined : t('languages:dialog.key_hint'),
            onKeyDown: nextOnEnter,
            slotProps: {
              htmlInput: { maxLength: KEY_MAX, readOnly: !!original, spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off', lang: 'en', dir: 'ltr', style: { fontFamily: 'monospace' } },
              ...shrink,
            },
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('en', t('languages:dialog.en'), { ...multiline, autoFocus: !!original, helperText: hint, slotProps: { htmlInput: { lang: 'en' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('bn', t('languages:dialog.bn'), { ...multiline, helperText: hint, slotProps: { htmlInput: { lang: 'bn' }, ...shrink } })}
        </Grid>
        <Grid size={12}>
          <Alert severity="info" variant="outlined" data-testid="lang-value-live">
            {t('languages:dialog.live_hint')}
          </Alert>
        </Grid>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="lang-value-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
