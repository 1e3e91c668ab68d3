// Gives one learner extra attempts and/or extra minutes on this exam (their allowance is set to
// what is entered here).
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { localDigits } from '../../../lib/digits';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { increaseAttempt, type AttemptSummary, type Exam } from '../api/exams-api';
import { allowanceBody, EXTRA_ATTEMPTS_MAX, EXTRA_MINUTES_MAX, type AllowanceProblem, type AllowanceValues } from '../hooks/extra-allowance';
import { examKeys } from '../hooks/use-exams';

export function ExtraAllowanceDialog({ exam, attempt, onClose }: { exam: Exam; attempt: AttemptSummary | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [values, setValues] = useState<AllowanceValues>({ extra_attempts: '', extra_minutes: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof AllowanceValues, AllowanceProblem>>>({});

  useEffect(() => {
    if (attempt) {
      setValues({ extra_attempts: localDigits('1', lang), extra_minutes: '' });
      setProblems({});
    }
  }, [attempt, lang]);

  const save = useMutation({
    mutationFn: (body: { extra_attempts: number; extra_minutes: number }) => increaseAttempt({ exam_id: exam.id, user_id: attempt!.user_id, ...body }),
    onSuccess: (o) => {
      void qc.invalidateQueries({ queryKey: examKeys.attemptsOf(exam.id) });
      toast.show(t('exams:extra.saved', { name: attempt?.user_name ?? '', attempts: formatNumber(o.extra_attempts, lang), minutes: formatNumber(o.extra_minutes, lang) }));
      onClose();
    },
  });
  const serverErrors = fieldErrorsOf(save.error);
  const message = (name: keyof AllowanceValues) => {
    const p = problems[name];
    if (p) return t(`exams:extra.problems.${p}`, { max: formatNumber(name === 'extra_attempts' ? EXTRA_ATTEMPTS_MAX : EXTRA_MINUTES_MAX, lang) });
    return serverErrors[name];
  };

  const submit = () => {
    const body = allowanceBody(values);
    if (!body.ok) {
      setProblems(body.problems);
      return;
    }
    setProblems({});
    save.mutate({ extra_attempts: body.extra_attempts, extra_minutes: body.extra_minutes });
  };

  return (
    <Dialog open={!!attempt} onClose={() => !save.isPending && onClose()} fullWidth maxWidth="xs" aria-labelledby="extra-title" data-testid="extra-dialog">
      <DialogTitle id="extra-title">{t('exams:extra.title', { name: attempt?.user_name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('exams:extra.body')}</DialogContentText>
        <Stack
          component="form"
          id="extra-form"
          spacing={2}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {(['extra_attempts', 'extra_minutes'] as const).map((name) => (
            <TextField
              key={name}
              id={`extra-${name}`}
              type="text"
              label={t(`exams:extra.${name}`)}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              error={!!message(name)}
              helperText={message(name) ?? t(`exams:extra.${name}_hint`)}
              autoFocus={name === 'extra_attempts'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
          ))}
        </Stack>
        {save.isError && !Object.keys(serverErrors).length && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(save.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form="extra-form" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="save-extra">
          {t('exams:extra.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
