// The batch's trainers: each with their rate per session and the sessions they have taken; added
// by the e-mail of their account, the rate changed, removed (their sessions then have no trainer).
import { Alert, Box, Button, Card, Dialog, IconButton, InputAdornment, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogForm } from '../../../components/ui/dialog-form';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { addTrainer, deleteTrainer, updateTrainer, type Trainer, type TrainingBatch } from '../api/trainings-api';
import { TRAINER_FIELDS, trainerProblems, trainerRate, trainerValues, type TrainerField, type TrainerValues } from '../hooks/detail-forms';
import { useProblemWords } from '../hooks/use-problem-words';
import { trainingKeys } from '../hooks/use-trainings';

export function TrainersSection({ training }: { training: TrainingBatch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const batchId = training.batch.id;
  const [dialog, setDialog] = useState<{ trainer: Trainer | null } | null>(null);
  const [confirm, setConfirm] = useState<Trainer | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trainingKeys.batch(batchId) });
    void qc.invalidateQueries({ queryKey: trainingKeys.honorarium(batchId) });
  };
  const remove = useMutation({
    mutationFn: (tr: Trainer) => deleteTrainer(tr.id),
    onSuccess: (_r, tr) => {
      setConfirm(null);
      toast.show(t('trainings:trainers.removed', { name: tr.name }));
      refresh();
    },
    onError: (err) => {
      setConfirm(null);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  return (
    <FormSection title={t('trainings:trainers.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('trainings:trainers.hint')}
        </Typography>
        <Button variant="outlined" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setDialog({ trainer: null })} sx={{ flexShrink: 0 }} data-testid="add-trainer">
          {t('trainings:trainers.add')}
        </Button>
      </Stack>
      {training.trainers.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<RecordVoiceOverOutlinedIcon />} message={t('trainings:trainers.empty')} />
        </Card>
      ) : (
        <Card variant="outlined" component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="trainer-list">
          {training.trainers.map((tr) => (
            <Stack
              key={tr.id}
              component="li"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ p: 1.5, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
              data-testid="trainer-row"
              data-trainer-id={tr.id}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                  {tr.name}
                </Typography>
                {tr.email && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {tr.email}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="trainer-rate">
                {t('trainings:trainers.rate_per_session', { rate: formatTaka(tr.rate_poisha, lang, true) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', minWidth: { sm: 120 } }}>
                {t('trainings:trainers.sessions_taken', { count: tr.sessions_taken, n: formatNumber(tr.sessions_taken, lang) })}
              </Typography>
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                <Tooltip title={t('trainings:trainers.edit_named', { name: tr.name })}>
                  <IconButton size="small" aria-label={t('trainings:trainers.edit_named', { name: tr.name })} onClick={() => setDialog({ trainer: tr })} data-testid="edit-trainer">
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('trainings:trainers.remove_named', { name: tr.name })}>
                  <IconButton size="small" color="error" aria-label={t('trainings:trainers.remove_named', { name: tr.name })} onClick={() => setConfirm(tr)} data-testid="remove-trainer">
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
          ))}
        </Card>
      )}
      <TrainerDialog
        open={!!dialog}
        batchId={batchId}
        trainer={dialog?.trainer ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved, added) => {
          setDialog(null);
          toast.show(t(added ? 'trainings:trainers.added' : 'trainings:trainers.saved', { name: saved.name }));
          refresh();
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('trainings:trainers.remove_title')}
        body={confirm ? t('trainings:trainers.remove_body', { name: confirm.name }) : ''}
        confirmLabel={t('trainings:trainers.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </FormSection>
  );
}

const TITLE_ID = 'trainer-dialog-title';

interface TrainerDialogProps {
  open: boolean;
  batchId: number;
  /** null: a new trainer. */
  trainer: Trainer | null;
  onClose: () => void;
  onSaved: (saved: Trainer, added: boolean) => void;
}

function TrainerDialog(props: TrainerDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="trainer-dialog">
      <TrainerForm key={props.trainer?.id ?? 'new'} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

function TrainerForm({ batchId, trainer, onClose, onSaved, onBusy }: TrainerDialogProps & { onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const words = useProblemWords();
  const [values, setValues] = useState<TrainerValues>(() => trainerValues(trainer, i18n.language));
  const save = useMutation({
    mutationFn: (v: TrainerValues) => (trainer ? updateTrainer({ id: trainer.id, rate_poisha: trainerRate(v) }) : addTrainer({ batch_id: batchId, email: v.email.trim(), rate_poisha: trainerRate(v) })),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (saved) => onSaved(saved, !trainer),
  });
  const { errors, formError, changed, check } = useFieldErrors(TRAINER_FIELDS, save.error, words);
  const onChange = (patch: Partial<TrainerValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as TrainerField[]);
  };
  const text = boundTextField({ idPrefix: 'trainer', values, errors, disabled: save.isPending, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={trainer ? t('trainings:trainers.edit_title', { name: trainer.name }) : t('trainings:trainers.add_title')}
      busy={save.isPending}
      submitLabel={trainer ? t('common:actions.save') : t('trainings:trainers.add')}
      onSubmit={() => check(trainerProblems(values, !!trainer)) && save.mutate(values)}
      onCancel={onClose}
      testId="trainer-form"
      submitTestId="save-trainer"
    >
      <Stack spacing={2.5}>
        {formError && (
          <Alert severity="error" data-testid="trainer-error">
            {formError}
          </Alert>
        )}
        {!trainer &&
          text('email', t('trainings:trainers.email'), {
            type: 'email',
            required: true,
            autoFocus: true,
            helperText: t('trainings:trainers.email_hint'),
            slotProps: { htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } },
          })}
        {text('rate_poisha', t('trainings:trainers.rate'), {
          autoFocus: !!trainer,
          helperText: t('trainings:trainers.rate_hint'),
          slotProps: { htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 16 }, input: { startAdornment: <InputAdornment position="start">৳</InputAdornment> } },
        })}
      </Stack>
    </DialogForm>
  );
}
