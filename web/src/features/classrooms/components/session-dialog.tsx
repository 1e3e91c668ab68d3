// A session of the schedule in its dialog (full-screen on phones), for teachers and admins: its
// titles in English and Bangla, a description, the day and time it starts (the browser's clock,
// sent in UTC) and how many minutes it lasts (5 to 600). The server's refusals show on their fields.
import { Alert, Dialog, Grid, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { ClassSession } from '../api/classrooms-api';
import { DESCRIPTION_MAX, DURATION_MAX, DURATION_MIN, NAME_MAX, SESSION_FIELDS, sessionProblems, sessionValues, type SessionField, type SessionFormValues } from '../hooks/classroom-forms';
import { saveSessionMutation } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

const TITLE_ID = 'session-form-title';

export function SessionDialog(props: { open: boolean; classroomId: number; session: ClassSession | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="session-dialog">
      <SessionEditor key={props.session?.id ?? 'new'} classroomId={props.classroomId} session={props.session} onClose={props.onClose} onBusy={setBusy} />
    </Dialog>
  );
}

function SessionEditor({ classroomId, session, onClose, onBusy }: { classroomId: number; session: ClassSession | null; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<SessionFormValues>(() => sessionValues(session, i18n.language));
  const save = useMutation(saveSessionMutation(qc, classroomId, session));
  const { errors, formError, changed, check } = useFieldErrors(SESSION_FIELDS, save.error, useClassroomProblemText());

  const onChange = (patch: Partial<SessionFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const fields = Object.keys(patch) as SessionField[];
    changed(fields.some((f) => f === 'date' || f === 'time') ? [...fields, 'starts_at'] : fields);
  };
  const onSave = () => {
    if (!check(sessionProblems(values))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: () => {
        toast.show(session ? t('classrooms:schedule.saved') : t('classrooms:schedule.created'));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return <SessionForm editing={!!session} values={values} errors={errors} formError={formError} busy={save.isPending} onChange={onChange} onSave={onSave} onCancel={onClose} />;
}

export interface SessionFormProps {
  editing: boolean;
  values: SessionFormValues;
  errors: FieldProblems<SessionField>;
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<SessionFormValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function SessionForm({ editing, values, errors, formError, busy, onChange, onSave, onCancel }: SessionFormProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'session', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={editing ? t('classrooms:schedule.edit_title') : t('classrooms:schedule.create_title')}
      busy={busy}
      submitLabel={t('classrooms:schedule.save')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="session-form"
      submitTestId="save-session"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('title', t('classrooms:schedule.title'), { required: true, autoFocus: !editing, slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'en' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('title_bn', t('classrooms:schedule.title_bn'), { slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'bn' }, ...shrink } })}</Grid>
        <Grid size={12}>
          {text('description', t('classrooms:schedule.description'), { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: DESCRIPTION_MAX }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {text('date', t('classrooms:schedule.date'), { type: 'date', required: true, error: !!(errors.date ?? errors.starts_at), helperText: errors.starts_at, slotProps: shrink })}
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{text('time', t('classrooms:schedule.time'), { type: 'time', required: true, slotProps: shrink })}</Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          {text('duration_minutes', t('classrooms:schedule.duration'), {
            required: true,
            helperText: t('classrooms:schedule.duration_hint', { min: formatNumber(DURATION_MIN, lang), max: formatNumber(DURATION_MAX, lang) }),
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="session-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
