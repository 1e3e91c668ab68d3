// A question read, not edited (one a colleague shared with me): its texts, picture, marks, the
// options with the correct ones marked, each gap's answers, the accepted answers or the key, and
// the explanation. In a dialog with "Copy to my bank", and as the page of its edit address
// (/question-bank/edit/:id), where only its author and the site's admins get the form.
import { alpha, Alert, Box, Button, Card, CardContent, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Typography, useMediaQuery, useTheme, type Theme } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { localDigits } from '../../../lib/digits';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Question } from '../api/questions-api';
import { copyQuestionMutation, useQuestion } from '../hooks/use-questions';
import { questionText, TypeChip } from './question-parts';

/** A titled part of the view. */
function Part({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" data-testid={testId}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const userText = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** Both languages of a text, each under its name; one alone without. */
function BothTexts({ en, bn, enLabel, bnLabel }: { en: string; bn: string; enLabel: string; bnLabel: string }) {
  const both = !!en.trim() && !!bn.trim();
  return (
    <Stack spacing={1}>
      {[
        { text: en, label: enLabel, lang: 'en' },
        { text: bn, label: bnLabel, lang: 'bn' },
      ]
        .filter((x) => x.text.trim())
        .map((x) => (
          <Box key={x.lang}>
            {both && (
              <Typography variant="caption" color="text.secondary" component="p">
                {x.label}
              </Typography>
            )}
            <Typography lang={x.lang} sx={userText} data-user-content>
              {x.text}
            </Typography>
          </Box>
        ))}
    </Stack>
  );
}

export function QuestionView({ question: q, owner }: { question: Question; owner?: string }) {
  const { t, i18n } = useTranslation('questions');
  const lang = i18n.language;
  const type = q.question_type;
  const answer = (() => {
    if (type === 'true_false') return q.answer === 'true' ? t('questions:form.true') : q.answer === 'false' ? t('questions:form.false') : q.answer;
    return localDigits(q.answer ?? '', lang);
  })();
  const answerLabel = type === 'true_false' ? t('questions:form.true_false') : type === 'date' ? t('questions:form.date_answer') : t('questions:form.time_answer');
  return (
    <Stack spacing={2} data-testid="question-view" data-type={type}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TypeChip type={type} />
        <Typography variant="body2" color="text.secondary" data-testid="view-marks">
          {t('questions:list.marks', { n: formatNumber(q.marks, lang) })}
          {q.negative_marks > 0 && ` · ${t('questions:view.negative', { n: formatNumber(q.negative_marks, lang) })}`}
        </Typography>
        {owner && (
          <Typography variant="body2" color="text.secondary" data-user-content>
            {t('questions:shared.by', { name: owner })}
          </Typography>
        )}
      </Stack>
      <Part title={t('questions:form.question_heading')}>
        <BothTexts en={q.text} bn={q.text_bn} enLabel={t('questions:form.text')} bnLabel={t('questions:form.text_bn')} />
        {q.image && (
          <Box
            component="img"
            src={q.image}
            alt={t('questions:picture.alt')}
            loading="lazy"
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' }}
            data-testid="question-picture"
          />
        )}
      </Part>
      <Part title={t('questions:form.answer_heading')} testId="view-answer">
        {q.options.length ? (
          <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {q.options.map((o, i) => (
              <Box
                component="li"
                key={i}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', p: 1, borderRadius: 1, border: 1, borderColor: o.correct ? 'success.main' : 'divider', bgcolor: (th: Theme) => (o.correct ? alpha(th.palette.success.main, 0.08) : undefined) }}
                data-testid="view-option"
                data-correct={o.correct}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0, ...userText }} data-user-content>
                  {questionText(o, lang)}
                </Box>
                {o.correct && (
                  <Typography variant="caption" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }}>
                    <CheckIcon sx={{ fontSize: 16 }} aria-hidden />
                    {t('questions:form.correct')}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        ) : type === 'fill_blanks' ? (
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="view-blanks">
            {q.blanks.map((b, i) => (
              <li key={i}>
                <Typography variant="body2">
                  <strong>{t('questions:form.gap_n', { n: formatNumber(i + 1, lang) })}:</strong>{' '}
                  <span data-user-content>{b.join(' / ')}</span>
                </Typography>
              </li>
            ))}
          </Box>
        ) : type === 'short_answer' && q.accepted.length ? (
          <Typography variant="body2" data-testid="view-accepted">
            <strong>{t('questions:form.accepted')}:</strong> <span data-user-content>{q.accepted.join(' / ')}</span>
          </Typography>
        ) : type === 'true_false' || type === 'date' || type === 'time' ? (
          <Typography variant="body2" data-testid="view-key">
            <strong>{answerLabel}:</strong> <span data-user-content>{answer}</span>
          </Typography>
        ) : (
          // No key (paragraph, essay, assignment, a short answer without accepted answers): a teacher marks it.
          <Typography variant="body2" color="text.secondary">
            {type === 'assignment' ? `${t('questions:form.assignment_note')} ` : ''}
            {t('questions:form.teacher_marked')}
          </Typography>
        )}
      </Part>
      {(q.explanation.trim() || q.explanation_bn.trim()) && (
        <Part title={t('questions:form.explanation_heading')} testId="view-explanation">
          <BothTexts en={q.explanation} bn={q.explanation_bn} enLabel={t('questions:form.explanation')} bnLabel={t('questions:form.explanation_bn')} />
        </Part>
      )}
    </Stack>
  );
}

export interface QuestionViewDialogProps {
  /** The question shown (its id, and what the list knows of it); null: closed. */
  target: { id: number; name: string; owner: string } | null;
  copying: boolean;
  onCopy: (id: number) => void;
  onClose: () => void;
}

export function QuestionViewDialog({ target, copying, onCopy, onClose }: QuestionViewDialogProps) {
  const { t } = useTranslation(['questions', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const query = useQuestion(target?.id ?? 0);
  return (
    <Dialog open={!!target} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId} data-testid="question-view-dialog">
      <DialogTitle id={titleId}>{t('questions:view.title')}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading ? (
          <Stack spacing={1.5} aria-busy>
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : query.isError || !query.data ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <QuestionView question={query.data} owner={target?.owner} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <CopyToBankButton copying={copying} disabled={!target} onClick={() => target && onCopy(target.id)} />
      </DialogActions>
    </Dialog>
  );
}

/** "Copy to my bank": the shared question becomes the caller's own. */
function CopyToBankButton({ copying, disabled, onClick }: { copying: boolean; disabled?: boolean; onClick: () => void }) {
  const { t } = useTranslation('questions');
  return (
    <Button
      variant="contained"
      disabled={copying || disabled}
      onClick={onClick}
      startIcon={copying ? <CircularProgress size={16} color="inherit" /> : <LibraryAddOutlinedIcon />}
      aria-busy={copying}
      data-testid="view-copy"
    >
      {t('questions:shared.copy')}
    </Button>
  );
}

/**
 * A question shared with me, opened at its edit address (an old link, a colleague's): read only,
 * saying whose it is, with "Copy to my bank", whose copy then opens in the form.
 */
export function SharedQuestionPage({ question }: { question: Question }) {
  const { t } = useTranslation(['questions', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const copy = useMutation({ ...copyQuestionMutation(qc), onError: (err) => toast.show(errorText(err), { severity: 'error' }) });
  const copyIt = () =>
    copy.mutate(question.id, {
      onSuccess: (saved) => {
        toast.show(t('questions:shared.copied'));
        navigate(`/question-bank/edit/${saved.id}`);
      },
    });
  return (
    <Box data-testid="shared-question-read-only" data-question-id={question.id}>
      <PageHeader title={t('questions:shared.read_only_title')} actions={<CopyToBankButton copying={copy.isPending} onClick={copyIt} />} />
      <Alert severity="info" sx={{ mb: 2 }} data-testid="shared-question-note">
        {t('questions:shared.read_only_note', { name: question.owner_name || t('questions:shared.colleague') })}
      </Alert>
      <Card>
        <CardContent>
          <QuestionView question={question} />
        </CardContent>
      </Card>
    </Box>
  );
}
