// A class's form in its dialog (full-screen on phones): a new class ("New class" on My classes) or
// a saved one (Edit on its page). Its names in English and Bangla, a description, the day and time
// it starts (the browser's clock, sent in UTC) and where it meets: Jitsi Meet, Convay,
// BigBlueButton, Zoom (through the site's accounts, see meeting-settings-dialog.tsx), or a link of
// its own (then the link). The checks the server makes are made first; its refusals show on their
// fields, translated.
import { Alert, Dialog, Grid, MenuItem, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import { PLATFORMS, type Classroom } from '../api/classrooms-api';
import {
  CLASSROOM_FIELDS,
  classroomProblems,
  classroomValues,
  DESCRIPTION_MAX,
  DURATION_MAX,
  DURATION_MIN,
  LINK_MAX,
  LIST_MAX,
  NAME_MAX,
  SECRET_MIN,
  type ClassroomField,
  type ClassroomFormValues,
} from '../hooks/classroom-forms';
import { classroomName } from '../hooks/classroom-format';
import { saveClassroomMutation } from '../hooks/use-classrooms';

const TITLE_ID = 'classroom-form-title';

/** A problem code in words: the classrooms' own (classrooms:errors.<code>), else the shared errors:<code>. */
export function useClassroomProblemText() {
  const { t, i18n } = useTranslation(['classrooms', 'errors']);
  return (code: string) => {
    if (i18n.exists(`classrooms:errors.${code}`)) {
      const lang = i18n.language;
      return t(`classrooms:errors.${code}`, { min: formatNumber(DURATION_MIN, lang), max: formatNumber(DURATION_MAX, lang), n: formatNumber(SECRET_MIN, lang), list_max: formatNumber(LIST_MAX, lang) });
    }
    return i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : code;
  };
}

export function ClassroomDialog(props: { open: boolean; classroom: Classroom | null; onClose: () => void; onSaved?: (saved: Classroom) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="classroom-dialog">
      {/* Drawn while open (and closing): each opening starts from the class's values afresh. */}
      <ClassroomEditor classroom={props.classroom} onClose={props.onClose} onSaved={props.onSaved} onBusy={setBusy} />
    </Dialog>
  );
}

function ClassroomEditor({ classroom, onClose, onSaved, onBusy }: { classroom: Classroom | null; onClose: () => void; onSaved?: (saved: Classroom) => void; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<ClassroomFormValues>(() => classroomValues(classroom));
  const save = useMutation(saveClassroomMutation(qc, classroom));
  const codeText = useClassroomProblemText();
  const { errors, formError, changed, check } = useFieldErrors(CLASSROOM_FIELDS, save.error, codeText);

  const onChange = (patch: Partial<ClassroomFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const fields = Object.keys(patch) as ClassroomField[];
    // The day and the time are the server's one `starts_at`.
    changed(fields.some((f) => f === 'date' || f === 'time') ? [...fields, 'starts_at'] : fields);
  };

  const onSave = () => {
    if (!check(classroomProblems(values))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(classroom ? t('classrooms:form.saved') : t('classrooms:form.created', { name: classroomName(saved, i18n.language) }));
        onClose();
        onSaved?.(saved);
      },
      onSettled: () => onBusy(false),
    });
  };

  return <ClassroomForm editing={!!classroom} values={values} errors={errors} formError={formError} busy={save.isPending} onChange={onChange} onSave={onSave} onCancel={onClose} />;
}

export interface ClassroomFormProps {
  editing: boolean;
  values: ClassroomFormValues;
  /** Each field's refusal, worded. */
  errors: FieldProblems<ClassroomField>;
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<ClassroomFormValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function ClassroomForm({ editing, values, errors, formError, busy, onChange, onSave, onCancel }: ClassroomFormProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const count = (n: number, max: number) => t('classrooms:form.count', { n: formatNumber(n, lang), max: formatNumber(max, lang) });
  const text = boundTextField({ idPrefix: 'classroom', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={editing ? t('classrooms:form.edit_title') : t('classrooms:form.create_title')}
      busy={busy}
      submitLabel={editing ? t('classrooms:form.save') : t('classrooms:form.create')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="classroom-form"
      submitTestId="save-classroom"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('name', t('classrooms:form.name'), { required: true, autoFocus: !editing, slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'en' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('name_bn', t('classrooms:form.name_bn'), { slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'bn' }, ...shrink } })}
        </Grid>
        <Grid size={12}>
          {text('description', t('classrooms:form.description'), {
            multiline: true,
            minRows: 3,
            helperText: count(values.description.length, DESCRIPTION_MAX),
            slotProps: { htmlInput: { maxLength: DESCRIPTION_MAX }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('date', t('classrooms:form.start_date'), {
            type: 'date',
            required: true,
            error: !!(errors.date ?? errors.starts_at),
            helperText: errors.starts_at,
            slotProps: shrink,
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('time', t('classrooms:form.start_time'), { type: 'time', required: true, slotProps: shrink })}</Grid>
        <Grid size={{ xs: 12, sm: values.platform === 'link' ? 4 : 6 }}>
          {text('platform', t('classrooms:form.platform'), {
            select: true,
            helperText: t('classrooms:form.platform_hint'),
            slotProps: shrink,
            children: PLATFORMS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`classrooms:platforms.${p}`)}
              </MenuItem>
            )),
          })}
        </Grid>
        {values.platform === 'link' && (
          <Grid size={{ xs: 12, sm: 8 }}>
            {text('meeting_link', t('classrooms:form.meeting_link'), {
              type: 'url',
              required: true,
              placeholder: 'https://',
              helperText: t('classrooms:form.meeting_link_hint'),
              slotProps: { htmlInput: { maxLength: LINK_MAX, inputMode: 'url', spellCheck: false }, ...shrink },
            })}
          </Grid>
        )}
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="classroom-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
