// The people tab's dialogs (full-screen on phones), for teachers and admins. "Add people": a
// teacher or a student, their name, and an e-mail or a mobile number; someone registered with it
// joins at once, anyone else is invited (an e-mail or SMS with the class link). The server's
// refusals (409 `person_exists`, 422 `contact_required`, a wrong e-mail or number) show translated.
// "Edit name": a person's name.
import { Alert, Dialog, FormControl, FormControlLabel, FormHelperText, FormLabel, Grid, Radio, RadioGroup, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import type { Person } from '../api/classrooms-api';
import { CONTACT_MAX, NAME_MAX, PERSON_FIELDS, personProblems, personValues, type PersonField, type PersonFormValues, type PersonKind } from '../hooks/classroom-forms';
import { addPersonMutation, renamePersonMutation } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

const ADD_TITLE_ID = 'person-form-title';
const RENAME_TITLE_ID = 'rename-form-title';

function useFullScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

export function AddPersonDialog(props: { open: boolean; classroomId: number; kind: PersonKind; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={ADD_TITLE_ID} data-testid="person-dialog">
      <PersonEditor key={props.kind} classroomId={props.classroomId} kind={props.kind} onClose={props.onClose} onBusy={setBusy} />
    </Dialog>
  );
}

function PersonEditor({ classroomId, kind, onClose, onBusy }: { classroomId: number; kind: PersonKind; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<PersonFormValues>(() => personValues(kind));
  const save = useMutation(addPersonMutation(qc, classroomId));
  const { errors, formError, changed, check } = useFieldErrors(PERSON_FIELDS, save.error, useClassroomProblemText());

  const onChange = (patch: Partial<PersonFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const fields = Object.keys(patch).map((f) => (f === 'kind' ? 'user_type' : f)) as PersonField[];
    // Either contact will do: changing one clears "give one" on both.
    changed(fields.some((f) => f === 'email' || f === 'phone') ? [...fields, 'email', 'phone'] : fields);
  };
  const onSave = () => {
    if (!check(personProblems(values))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: (person) => {
        toast.show(t(person.status === 'joined' ? 'classrooms:people.added_joined' : 'classrooms:people.added_invited', { name: person.name }));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return <PersonForm values={values} errors={errors} formError={formError} busy={save.isPending} onChange={onChange} onSave={onSave} onCancel={onClose} />;
}

export interface PersonFormProps {
  values: PersonFormValues;
  errors: FieldProblems<PersonField>;
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<PersonFormValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function PersonForm({ values, errors, formError, busy, onChange, onSave, onCancel }: PersonFormProps) {
  const { t } = useTranslation(['classrooms', 'common']);
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'person', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={ADD_TITLE_ID}
      title={t('classrooms:people.add_title')}
      busy={busy}
      submitLabel={t('classrooms:people.add_submit')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="person-form"
      submitTestId="save-person"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormControl error={!!errors.user_type} disabled={busy}>
            <FormLabel id="person-kind-label">{t('classrooms:people.kind')}</FormLabel>
            <RadioGroup row aria-labelledby="person-kind-label" name="person-kind" value={values.kind} onChange={(e) => onChange({ kind: e.target.value as PersonKind })}>
              <FormControlLabel value="student" control={<Radio id="person-kind-student" />} label={t('classrooms:people.student')} />
              <FormControlLabel value="teacher" control={<Radio id="person-kind-teacher" />} label={t('classrooms:people.teacher')} />
            </RadioGroup>
            {errors.user_type && <FormHelperText>{errors.user_type}</FormHelperText>}
          </FormControl>
        </Grid>
        <Grid size={12}>{text('name', t('classrooms:people.name'), { required: true, autoFocus: true, slotProps: { htmlInput: { maxLength: NAME_MAX, autoComplete: 'off' }, ...shrink } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('email', t('classrooms:people.email'), {
            type: 'email',
            helperText: t('classrooms:people.contact_hint'),
            slotProps: { htmlInput: { maxLength: CONTACT_MAX, inputMode: 'email', spellCheck: false, autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('phone', t('classrooms:people.phone'), {
            type: 'tel',
            placeholder: '01XXXXXXXXX',
            slotProps: { htmlInput: { maxLength: CONTACT_MAX, inputMode: 'tel', autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="person-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}

export function RenamePersonDialog(props: { person: Person | null; classroomId: number; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={!!props.person} onClose={() => !busy && props.onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby={RENAME_TITLE_ID} data-testid="rename-dialog">
      {props.person && <RenameEditor key={props.person.id} person={props.person} classroomId={props.classroomId} onClose={props.onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

const NAME_FIELDS = ['name'] as const;

function RenameEditor({ person, classroomId, onClose, onBusy }: { person: Person; classroomId: number; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState({ name: person.name });
  const save = useMutation(renamePersonMutation(qc, classroomId));
  const { errors, formError, changed, check } = useFieldErrors(NAME_FIELDS, save.error, useClassroomProblemText());
  const text = boundTextField({ idPrefix: 'rename', values, errors, disabled: save.isPending, onChange: (patch: Partial<{ name: string }>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(['name']);
  } });
  return (
    <DialogForm
      titleId={RENAME_TITLE_ID}
      title={t('classrooms:people.rename_title')}
      busy={save.isPending}
      submitLabel={t('classrooms:people.rename_submit')}
      onSubmit={() => {
        const name = values.name.trim();
        if (!check(name ? name.length > NAME_MAX ? { name: 'too_long' } : {} : { name: 'required' })) return;
        onBusy(true);
        save.mutate(
          { id: person.id, name },
          {
            onSuccess: () => {
              toast.show(t('classrooms:people.renamed'));
              onClose();
            },
            onSettled: () => onBusy(false),
          },
        );
      }}
      onCancel={onClose}
      testId="rename-form"
      submitTestId="save-name"
    >
      {text('name', t('classrooms:people.name'), { required: true, autoFocus: true, sx: { mt: 1 }, slotProps: { htmlInput: { maxLength: NAME_MAX } } })}
      {formError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      )}
    </DialogForm>
  );
}
