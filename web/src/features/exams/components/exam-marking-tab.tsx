// /exam/edit/:id/marking: the answers waiting for a teacher. Each shows the question and the
// learner's answer (text, or the file), takes marks from 0 to the question's marks and a comment,
// and leaves the queue once marked.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Skeleton, Stack, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { manualMark, type Exam, type MarkingItem } from '../api/exams-api';
import { formatMarks, localText } from '../hooks/exam-format';
import { checkMarks, markingKey, type MarksProblem } from '../hooks/marking';
import { examKeys, useMarking } from '../hooks/use-exams';
import { AnswerView } from './answer-view';
import { TypeChip } from './exam-parts';

export function ExamMarkingTab({ exam }: { exam: Exam }) {
  const { t } = useTranslation(['exams', 'common']);
  const query = useMarking(exam.id);
  if (query.isLoading) {
    return (
      <Stack spacing={1.5}>
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={220} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data ?? [];
  return (
    <Box data-testid="marking-tab">
      {items.length === 0 ? (
        <Card>
          <EmptyState icon={<DoneAllIcon />} message={t('exams:marking.empty')} />
        </Card>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} role="status" aria-live="polite" data-testid="marking-count">
            {t('exams:marking.count', { count: items.length })}
          </Typography>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item) => (
              <MarkingCard key={markingKey(item)} exam={exam} item={item} />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}

function MarkingCard({ exam, item }: { exam: Exam; item: MarkingItem }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [marks, setMarks] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<MarksProblem | null>(null);
  const id = markingKey(item).replace(/[^\w-]/g, '-');

  const save = useMutation({
    mutationFn: (n: number) => manualMark({ attempt: item.attempt, slot: item.slot, marks: n, comment: comment.trim() }),
    onSuccess: () => {
      // The answer leaves the queue at once; the counts and scores load again.
      qc.setQueryData<MarkingItem[]>(examKeys.marking(exam.id), (old) => old?.filter((x) => markingKey(x) !== markingKey(item)));
      void qc.invalidateQueries({ queryKey: examKeys.attemptsOf(exam.id) });
      void qc.invalidateQueries({ queryKey: examKeys.stats(exam.id) });
      void qc.invalidateQueries({ queryKey: ['exams', 'list'] });
      toast.show(t('exams:marking.saved', { name: item.user_name }));
    },
    onError: (err) => {
      // Marked by someone else meanwhile: it is no longer in the queue.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) void qc.invalidateQueries({ queryKey: examKeys.marking(exam.id) });
    },
  });
  const serverField = fieldErrorsOf(save.error);
  const marksError = problem ? t(`exams:marking.problems.${problem}`, { max: formatMarks(item.marks, lang) }) : serverField.marks;

  const submit = () => {
    const checked = checkMarks(marks, item.marks);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    save.mutate(checked.marks);
  };

  return (
    <Card component="li" data-testid="marking-item" data-attempt={item.attempt} data-slot={item.slot}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <TypeChip type={item.question_type} />
          <Typography variant="body2" color="text.secondary" data-user-content>
            {t('exams:marking.by', { name: item.user_name })}
          </Typography>
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1.5 }} data-user-content data-testid="marking-question">
          {localText(item, lang)}
        </Typography>
        <Typography variant="overline" color="text.secondary" component="p">
          {t('exams:marking.answer')}
        </Typography>
        <Box sx={{ p: 1.5, mb: 2, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="marking-answer">
          <AnswerView type={item.question_type} answer={item.answer} fileUrl={item.file_url} />
        </Box>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id={`marks-${id}`}
              type="text"
              label={t('exams:marking.marks', { max: formatMarks(item.marks, lang) })}
              value={marks}
              onChange={(e) => {
                setMarks(e.target.value);
                if (problem) setProblem(null);
              }}
              error={!!marksError}
              helperText={marksError ?? t('exams:marking.marks_hint', { max: formatMarks(item.marks, lang) })}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'marks-input' } }}
              sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
            />
            <TextField
              id={`comment-${id}`}
              label={t('exams:marking.comment')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={!!serverField.comment}
              helperText={serverField.comment ?? t('exams:marking.comment_hint')}
              slotProps={{ htmlInput: { 'data-testid': 'comment-input' } }}
            />
          </Stack>
          {save.isError && !serverField.marks && !serverField.comment && <Alert severity="error">{errorText(save.error)}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />} data-testid="submit-mark">
              {t('exams:marking.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
