// The batch's sessions, by start: title, when (the browser's time), trainer and whether attendance
// was taken; added, changed and deleted in a dialog (a session with attendance taken stays). The
// server keeps sessions within the batch's dates: its refusal shows on the start.
import { Alert, Box, Button, Card, Chip, Dialog, Grid, IconButton, MenuItem, Stack, TextField, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogForm } from '../../../components/ui/dialog-form';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { formatEventWhen } from '../../events/hooks/event-format';
import { createSession, deleteSession, updateSession, type TrainingBatch, type TrainingSession } from '../api/trainings-api';
import { SESSION_FIELDS, SESSION_TITLE_MAX, sessionBody, sessionProblems, sessionValues, type SessionField, type SessionValues } from '../hooks/session-form';
import { useProblemWords } from '../hooks/use-problem-words';
import { trainingKeys } from '../hooks/use-trainings';
import { batchTabPath } from './batch-tab';

/** A session's title in the interface's language. */
export const sessionTitle = (s: Pick<TrainingSession, 'title' | 'title_bn'>, lang: string) => localTitle(s, lang);

export function SessionsSection({ training }: { training: TrainingBatch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const batchId = training.batch.id;
  // The session in the dialog stays set while the dialog fades out rather than an empty new-session form.
  const [dialog, setDialog] = useState<{ session: TrainingSession | null; open: boolean }>({ session: null, open: false });
  const [confirm, setConfirm] = useState<TrainingSession | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trainingKeys.batch(batchId) });
    void qc.invalidateQueries({ queryKey: trainingKeys.trainees(batchId) });
    void qc.invalidateQueries({ queryKey: trainingKeys.facility(batchId) });
  };
  const remove = useMutation({
    mutationFn: (s: TrainingSession) => deleteSession(s.id),
    onSuccess: (_r, s) => {
      setConfirm(null);
      toast.show(t('trainings:sessions.deleted', { title: sessionTitle(s, lang) }));
      refresh();
    },
    // 409 session_has_attendance.
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  return (
    <FormSection title={t('trainings:sessions.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('trainings:sessions.hint')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ session: null, open: true })} sx={{ flexShrink: 0 }} data-testid="add-session">
          {t('trainings:sessions.add')}
        </Button>
      </Stack>
      {training.sessions.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<EventNoteOutlinedIcon />} message={t('trainings:sessions.empty')} />
        </Card>
      ) : (
        <Card variant="outlined" component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="session-list">
          {training.sessions.map((s) => {
            const title = sessionTitle(s, lang) || t('trainings:sessions.untitled');
            const taken = !!s.attendance_taken_at;
            return (
              <Stack
                key={s.id}
                component="li"
                direction={{ xs: 'column', md: 'row' }}
                spacing={1}
                sx={{ p: 1.5, alignItems: { md: 'center' }, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
                data-testid="session-row"
                data-session-id={s.id}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatEventWhen(s.starts_at, s.ends_at, lang)}
                    {' · '}
                    {s.trainer_name ?? t('trainings:sessions.no_trainer')}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  variant="outlined"
                  color={taken ? 'success' : 'default'}
                  label={taken ? t('trainings:sessions.present', { n: formatNumber(s.present, lang), count: s.present }) : t('trainings:sessions.not_taken')}
                  sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
                  data-testid="session-attendance"
                />
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <Tooltip title={t('trainings:sessions.take_attendance_named', { title })}>
                    <IconButton size="small" component={RouterLink} to={`${batchTabPath(training.course.id, batchId, 'attendance')}&session=${s.id}`} aria-label={t('trainings:sessions.take_attendance_named', { title })}>
                      <HowToRegOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('trainings:sessions.edit_named', { title })}>
                    <IconButton size="small" aria-label={t('trainings:sessions.edit_named', { title })} onClick={() => setDialog({ session: s, open: true })} data-testid="edit-session">
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={taken ? t('trainings:sessions.delete_locked') : t('trainings:sessions.delete_named', { title })}>
                    {/* A disabled button shows no tooltip: the span does. */}
                    <span>
                      <IconButton size="small" color="error" disabled={taken} aria-label={t('trainings:sessions.delete_named', { title })} onClick={() => setConfirm(s)} data-testid="delete-session">
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Stack>
            );
          })}
        </Card>
      )}
      <SessionDialog
        open={dialog.open}
        training={training}
        session={dialog.session}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved, created) => {
          setDialog((d) => ({ ...d, open: false }));
          toast.show(t(created ? 'trainings:sessions.created' : 'trainings:sessions.saved', { title: sessionTitle(saved, lang) }));
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('trainings:sessions.delete_title')}
        body={confirm ? t('trainings:sessions.delete_body', { title: sessionTitle(confirm, lang) }) : ''}
        confirmLabel={t('trainings:sessions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </FormSection>
  );
}

const TITLE_ID = 'session-dialog-title';

export interface SessionDialogProps {
  open: boolean;
  training: TrainingBatch;
  /** null: a new session. */
  session: TrainingSession | null;
  onClose: () => void;
  onSaved: (saved: TrainingSession, created: boolean) => void;
}

export function SessionDialog(props: SessionDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="session-dialog">
      <SessionForm key={props.session?.id ?? 'new'} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

export function SessionForm({ training, session, onClose, onSaved, onBusy }: SessionDialogProps & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['trainings', 'common']);
  const words = useProblemWords();
  const [values, setValues] = useState<SessionValues>(() => sessionValues(session, training.batch.start_date, training.sessions));
  const save = useMutation({
    mutationFn: (v: SessionValues) => (session ? updateSession({ id: session.id, ...sessionBody(v) }) : createSession({ batch_id: training.batch.id, ...sessionBody(v) })),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (saved) => onSaved(saved, !session),
  });
  const { errors, formError, changed, check } = useFieldErrors(SESSION_FIELDS, save.error, words);
  const onChange = (patch: Partial<SessionValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as SessionField[]);
  };
  const text = boundTextField({ idPrefix: 'session', values, errors, disabled: save.isPending, onChange });
  const when = (field: 'starts_at' | 'ends_at') =>
    text(field, t(`trainings:sessions.${field}`), {
      type: 'datetime-local',
      required: true,
      helperText: field === 'starts_at' ? t('trainings:sessions.time_hint') : undefined,
      slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 60, min: field === 'ends_at' ? values.starts_at || undefined : undefined } },
    });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={session ? t('trainings:sessions.edit_title') : t('trainings:sessions.add_title')}
      busy={save.isPending}
      submitLabel={session ? t('common:actions.save') : t('trainings:sessions.add')}
      onSubmit={() => check(sessionProblems(values)) && save.mutate(values)}
      onCancel={onClose}
      testId="session-form"
      submitTestId="save-session"
    >
      <Grid container spacing={2}>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="session-error">
              {formError}
            </Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>{text('title', t('trainings:sessions.title_en'), { required: true, autoFocus: true, slotProps: { htmlInput: { lang: 'en', maxLength: SESSION_TITLE_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('title_bn', t('trainings:sessions.title_bn'), { slotProps: { htmlInput: { lang: 'bn', maxLength: SESSION_TITLE_MAX } } })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{when('starts_at')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{when('ends_at')}</Grid>
        <Grid size={12}>
          <TextField
            select
            id="session-trainer_id"
            label={t('trainings:sessions.trainer')}
            value={values.trainer_id}
            onChange={(e) => onChange({ trainer_id: e.target.value })}
            disabled={save.isPending}
            error={!!errors.trainer_id}
            helperText={errors.trainer_id ?? (training.trainers.length ? undefined : t('trainings:sessions.no_trainers_yet'))}
            fullWidth
          >
            <MenuItem value="">{t('trainings:sessions.no_trainer')}</MenuItem>
            {training.trainers.map((tr) => (
              <MenuItem key={tr.id} value={String(tr.id)}>
                {tr.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
    </DialogForm>
  );
}
