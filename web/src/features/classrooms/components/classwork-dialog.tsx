// A classwork in its dialog (full-screen on phones), for teachers and admins: material to read, an
// assignment or a quiz, its titles in English and Bangla, instructions, the session it belongs to
// (or the whole class), a file of their file manager (chosen in the shared file picker), for an
// assignment the day and time it is due (the browser's clock, sent in UTC), and for a quiz the exam
// the class takes: one of the teacher's exams of the Exam Centre, searched as they type (the
// course lessons' exam picker, over the Exam Centre's list). The server's refusals show on their fields.
import { Alert, Box, Button, Dialog, FormControl, FormControlLabel, FormLabel, Grid, MenuItem, Radio, RadioGroup, Skeleton, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import { ExamPicker, type ExamChoice } from '../../courses/components/exam-picker';
import { CLASSWORK_TYPES, type ClassSession, type Classwork, type ClassworkExam, type ClassworkType } from '../api/classrooms-api';
import { CLASSWORK_FIELDS, classworkProblems, classworkValues, INSTRUCTIONS_MAX, NAME_MAX, type ClassworkField, type ClassworkFormValues } from '../hooks/classroom-forms';
import { formatLongDay, sessionTitle } from '../hooks/classroom-format';
import { CLASSWORK_SESSIONS, saveClassworkMutation, useSessions } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

// Only when a file is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

const TITLE_ID = 'classwork-form-title';

export function ClassworkDialog(props: { open: boolean; classroomId: number; classwork: Classwork | null; type?: ClassworkType; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="classwork-dialog">
      {props.open && <ClassworkEditor key={props.classwork?.id ?? 'new'} classroomId={props.classroomId} classwork={props.classwork} type={props.type} onClose={props.onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function ClassworkEditor({ classroomId, classwork, type, onClose, onBusy }: { classroomId: number; classwork: Classwork | null; type?: ClassworkType; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<ClassworkFormValues>(() => classworkValues(classwork, type));
  const sessions = useSessions(classroomId, 'all', 1, CLASSWORK_SESSIONS);
  const save = useMutation(saveClassworkMutation(qc, classroomId, classwork));
  const { errors, formError, changed, check } = useFieldErrors(CLASSWORK_FIELDS, save.error, useClassroomProblemText());
  const [picking, setPicking] = useState<boolean | null>(null);

  const onChange = (patch: Partial<ClassworkFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const fields = Object.keys(patch).map((f) => (f === 'file' ? 'file_id' : f)) as ClassworkField[];
    changed(fields.some((f) => f === 'due_date' || f === 'due_time') ? [...fields, 'due_at'] : fields);
  };
  const onSave = () => {
    if (!check(classworkProblems(values))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: () => {
        toast.show(classwork ? t('classrooms:classwork.saved') : t('classrooms:classwork.created'));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return (
    <>
      <ClassworkForm
        editing={!!classwork}
        values={values}
        errors={errors}
        formError={formError}
        busy={save.isPending}
        sessions={sessions.data?.data ?? []}
        exam={classwork?.exam}
        onPickFile={() => setPicking(true)}
        onChange={onChange}
        onSave={onSave}
        onCancel={onClose}
      />
      {picking !== null && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={picking}
            onClose={() => setPicking(false)}
            allowLinks
            title={t('classrooms:classwork.file_picker')}
            onPick={(file) => {
              setPicking(false);
              onChange({ file: { id: file.id, title: file.title || file.file_name } });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export interface ClassworkFormProps {
  editing: boolean;
  values: ClassworkFormValues;
  errors: FieldProblems<ClassworkField>;
  formError?: string | null;
  busy: boolean;
  /** The class's sessions to choose from. */
  sessions: readonly ClassSession[];
  /** A saved quiz's exam, shown as chosen without looking it up. */
  exam?: ClassworkExam | null;
  onPickFile: () => void;
  onChange: (patch: Partial<ClassworkFormValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** A quiz's exam as the exam picker knows one. */
function examChoice(exam: ClassworkExam | null | undefined): ExamChoice | null {
  return exam ? { id: exam.id, title: exam.title, title_bn: exam.title_bn ?? '', published: exam.published } : null;
}

export function ClassworkForm({ editing, values, errors, formError, busy, sessions, exam, onPickFile, onChange, onSave, onCancel }: ClassworkFormProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'classwork', values, errors, disabled: busy, onChange });
  const assignment = values.content_type === 'assignment';
  const quiz = values.content_type === 'quiz';
  // A quiz takes its exam's titles while its own are not written yet.
  const onExam = (id: number | null, chosen: ExamChoice | null) =>
    onChange({ exam_id: id, ...(chosen && !values.title.trim() && { title: chosen.title, ...(!values.title_bn.trim() && chosen.title_bn && { title_bn: chosen.title_bn }) }) });
  const sessionLabel = (s: ClassSession) => `${sessionTitle(s, lang) || t('classrooms:schedule.untitled')} · ${formatLongDay(s.starts_at, lang)}`;
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={editing ? t('classrooms:classwork.edit_title') : t('classrooms:classwork.create_title')}
      busy={busy}
      submitLabel={t('classrooms:classwork.save')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="classwork-form"
      submitTestId="save-classwork"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormControl disabled={busy} error={!!errors.content_type}>
            <FormLabel id="classwork-type-label">{t('classrooms:classwork.type')}</FormLabel>
            <RadioGroup row aria-labelledby="classwork-type-label" name="classwork-type" value={values.content_type} onChange={(e) => onChange({ content_type: e.target.value as ClassworkType })}>
              {CLASSWORK_TYPES.map((k) => (
                <FormControlLabel key={k} value={k} control={<Radio id={`classwork-type-${k}`} />} label={t(`classrooms:classwork.types.${k}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        </Grid>
        {quiz && (
          <Grid size={12} data-testid="classwork-exam-field">
            {/* The picker's own words come with the course screens' catalogue: loaded when a quiz is first chosen. */}
            <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
              <ExamPicker
                id="classwork-exam_id"
                value={values.exam_id}
                onChange={onExam}
                known={examChoice(exam)}
                error={errors.exam_id}
                disabled={busy}
                texts={{ label: t('classrooms:classwork.exam'), hint: t('classrooms:classwork.exam_hint'), noExams: t('classrooms:classwork.no_exams') }}
              />
            </Suspense>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          {text('title', t('classrooms:classwork.title'), { required: true, autoFocus: !editing, slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'en' }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('title_bn', t('classrooms:classwork.title_bn'), { slotProps: { htmlInput: { maxLength: NAME_MAX, lang: 'bn' }, ...shrink } })}</Grid>
        <Grid size={12}>
          {text('instructions', t('classrooms:classwork.instructions'), { multiline: true, minRows: 3, slotProps: { htmlInput: { maxLength: INSTRUCTIONS_MAX }, ...shrink } })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('session_id', t('classrooms:classwork.session'), {
            select: true,
            helperText: t('classrooms:classwork.session_hint'),
            slotProps: { ...shrink, select: { displayEmpty: true } },
            children: [
              <MenuItem key="" value="">
                {t('classrooms:classwork.whole_class')}
              </MenuItem>,
              ...sessions.map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {sessionLabel(s)}
                </MenuItem>
              )),
            ],
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Box role="group" aria-labelledby="classwork-file-label" data-testid="classwork-file">
            <Typography id="classwork-file-label" variant="body2" color={errors.file_id ? 'error' : 'text.secondary'}>
              {t('classrooms:classwork.file')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere', fontWeight: values.file ? 600 : 400 }} color={values.file ? 'text.primary' : 'text.secondary'} data-testid="classwork-file-name" data-user-content={values.file ? true : undefined}>
                {values.file ? values.file.title : t('classrooms:classwork.no_file')}
              </Typography>
              <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={onPickFile} disabled={busy} data-testid="classwork-pick-file">
                {values.file ? t('classrooms:classwork.change_file') : t('classrooms:classwork.choose_file')}
              </Button>
              {values.file && (
                <Button size="small" onClick={() => onChange({ file: null })} disabled={busy} data-testid="classwork-clear-file">
                  {t('classrooms:classwork.clear_file')}
                </Button>
              )}
            </Stack>
            {errors.file_id && (
              <Typography variant="caption" color="error" role="alert">
                {errors.file_id}
              </Typography>
            )}
          </Box>
        </Grid>
        {assignment && (
          <>
            <Grid size={{ xs: 6, md: 3 }}>
              {text('due_date', t('classrooms:classwork.due_date'), { type: 'date', error: !!(errors.due_date ?? errors.due_at), helperText: errors.due_at, slotProps: shrink })}
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>{text('due_time', t('classrooms:classwork.due_time'), { type: 'time', slotProps: shrink })}</Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t('classrooms:classwork.due_hint')}
              </Typography>
            </Grid>
          </>
        )}
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="classwork-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}
