// Add or edit a candidate of a restricted batch: name, e-mail, mobile number (one of the two at
// least). A new candidate is sent their invitation by the server; the server's refusals show on
// their fields, any other (409 candidate_exists) above the buttons.
import { Alert, Dialog, Stack, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { createCandidate, updateCandidate, type Candidate } from '../api/certificate-exams-api';
import { CANDIDATE_FIELDS, candidateBody, candidateProblems, candidateValues, type CandidateField, type CandidateValues } from '../hooks/candidate-form';

const TITLE_ID = 'candidate-dialog-title';

export interface CandidateDialogProps {
  open: boolean;
  batchId: number;
  /** null: a new candidate. */
  candidate: Candidate | null;
  onClose: () => void;
  onSaved: (saved: Candidate, created: boolean) => void;
}

export function CandidateDialog(props: CandidateDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={props.open} onClose={() => !busy && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="candidate-dialog">
      {/* The dialog mounts its content when it opens: a fresh form each time. */}
      <CandidateForm key={props.candidate?.id ?? 'new'} {...props} onBusy={setBusy} />
    </Dialog>
  );
}

function CandidateForm({ batchId, candidate, onClose, onSaved, onBusy }: CandidateDialogProps & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [values, setValues] = useState<CandidateValues>(() => candidateValues(candidate));
  const save = useMutation({
    mutationFn: (v: CandidateValues) => (candidate ? updateCandidate(candidate.id, candidateBody(v)) : createCandidate(batchId, candidateBody(v))),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (saved) => onSaved(saved, !candidate),
  });
  const { errors, formError, changed, check } = useFieldErrors(CANDIDATE_FIELDS, save.error);
  const onChange = (patch: Partial<CandidateValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as CandidateField[]);
  };
  const text = boundTextField({ idPrefix: 'candidate', values, errors, disabled: save.isPending, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={t(candidate ? 'courses:certificate_exams.candidates.edit_title' : 'courses:certificate_exams.candidates.add_title')}
      busy={save.isPending}
      submitLabel={t(candidate ? 'common:actions.save' : 'courses:certificate_exams.candidates.add')}
      onSubmit={() => check(candidateProblems(values)) && save.mutate(values)}
      onCancel={onClose}
      testId="candidate-form"
      submitTestId="save-candidate"
    >
      <Stack spacing={2.5}>
        {formError && (
          <Alert severity="error" data-testid="candidate-error">
            {formError}
          </Alert>
        )}
        {text('name', t('courses:certificate_exams.candidates.name'), { required: true, autoFocus: true, slotProps: { htmlInput: { autoComplete: 'off' } } })}
        {text('email', t('courses:certificate_exams.candidates.email'), {
          type: 'email',
          helperText: t('courses:certificate_exams.candidates.contact_hint'),
          slotProps: { htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } },
        })}
        {text('phone', t('courses:certificate_exams.candidates.phone'), { type: 'tel', slotProps: { htmlInput: { inputMode: 'tel', autoComplete: 'off' } } })}
      </Stack>
    </DialogForm>
  );
}
