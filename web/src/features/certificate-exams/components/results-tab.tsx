// Results tab: a batch's learners, one row each, with a column per exam part (the best handed-in
// attempt's score and pass or fail, awaiting marking, or not attempted), the enrolment's status
// and the certificate's code, and each learner's marksheet as a PDF. The table scrolls sideways on
// a narrow screen, names staying in view.
import {
  Box,
  Card,
  Chip,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { downloadFile } from '../../../lib/download';
import { useErrorText } from '../../../lib/use-error-text';
import { formatNumber } from '../../../lib/lang';
import type { Course } from '../../courses/api/courses-api';
import { BatchesFirst, BatchSelect, useBatchChoice } from '../../courses/components/batch-select';
import { useBatches } from '../../courses/hooks/use-courses';
import type { ExamBatchResults, ExamPart, PartResult } from '../api/certificate-exams-api';
import { EXAM_KIND } from '../hooks/exam-kind';
import { partOf, partOutcome, type PartOutcome } from '../hooks/results';
import { useBatchResults } from '../hooks/use-certificate-exams';

const OUTCOME_CHIP: Record<PartOutcome, ChipProps['color']> = { passed: 'success', failed: 'error', awaiting_marking: 'warning', started: 'default', not_attempted: 'default' };
const STATUS_CHIP: Record<string, ChipProps['color']> = { pending: 'warning', active: 'info', completed: 'success' };
/** The learner's column stays in view while the parts scroll under it. */
const stickySx = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 140, maxWidth: 220 } as const;

export function ResultsTab({ course }: { course: Course }) {
  const { t } = useTranslation(['courses', 'common']);
  const batches = useBatches(course.id);
  const list = batches.data ?? [];
  const [batchId, setBatchId] = useBatchChoice(list);
  const results = useBatchResults(batchId);

  if (batches.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (list.length === 0) return <BatchesFirst icon={<AssessmentOutlinedIcon />} message={t('courses:people.no_batches')} to={`${EXAM_KIND.editPath(course)}/batches`} />;
  return (
    <Box data-testid="results-tab">
      <Box sx={{ mb: 2 }}>
        <BatchSelect id="results-batch" batches={list} value={batchId} onChange={setBatchId} />
      </Box>
      {results.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : results.isError || !results.data ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} />
      ) : (
        <ResultsTable results={results.data} batchId={batchId} />
      )}
    </Box>
  );
}

export function ResultsTable({ results, batchId }: { results: ExamBatchResults; batchId: number }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  /** The learner's marksheet, in the interface's language (a download: it needs the token). */
  const marksheet = (enrollmentId: number) =>
    downloadFile(`/course/reports/learner-marksheet/${batchId}/${enrollmentId}/pdf`, { lang: lang === 'en' ? 'en' : 'bn' }, `marksheet-${enrollmentId}.pdf`).catch((err: unknown) =>
      toast.show(errorText(err), { severity: 'error' }),
    );
  const { parts, learners } = results;
  if (learners.length === 0) {
    return (
      <Card>
        <EmptyState icon={<AssessmentOutlinedIcon />} message={t('courses:certificate_exams.results.empty')} />
      </Card>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" id="results-caption" sx={{ mb: 1 }}>
        {t('courses:certificate_exams.results.caption', { count: learners.length })}
      </Typography>
      {/* Focusable, so that the keyboard scrolls it sideways too. */}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby="results-caption" data-testid="results-table">
        <Table size="small" aria-labelledby="results-caption" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={stickySx}>{t('courses:certificate_exams.results.learner')}</TableCell>
              {parts.map((p) => (
                <TableCell key={p.lesson_id} sx={{ minWidth: 130 }}>
                  <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-user-content>
                    {localTitle(p, lang)}
                  </Box>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {t('courses:certificate_exams.results.pass_percent', { percent: formatNumber(p.pass_percent, lang) })}
                  </Typography>
                </TableCell>
              ))}
              <TableCell>{t('courses:certificate_exams.results.status')}</TableCell>
              <TableCell>{t('courses:certificate_exams.results.certificate')}</TableCell>
              <TableCell>{t('courses:certificate_exams.results.marksheet')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {learners.map((l) => (
              <TableRow key={l.enrollment_id} data-testid="result-row" data-enrollment={l.enrollment_id}>
                <TableCell component="th" scope="row" sx={{ ...stickySx, overflowWrap: 'anywhere' }} data-user-content>
                  {l.name}
                </TableCell>
                {parts.map((p) => (
                  <PartCell key={p.lesson_id} part={p} result={partOf(l, p.lesson_id)} />
                ))}
                <TableCell>
                  <Chip size="small" color={STATUS_CHIP[l.status] ?? 'default'} label={t(`courses:people.status.${l.status}`, { defaultValue: l.status })} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="result-certificate">
                  {l.certificate_code ? (
                    <Link component={RouterLink} to={`/certificate/check/${encodeURIComponent(l.certificate_code)}`} sx={{ fontFamily: 'monospace' }}>
                      {l.certificate_code}
                    </Link>
                  ) : (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t('courses:certificate_exams.results.no_certificate')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Tooltip title={t('courses:certificate_exams.results.marksheet_pdf', { name: l.name })}>
                    <IconButton size="small" aria-label={t('courses:certificate_exams.results.marksheet_pdf', { name: l.name })} onClick={() => void marksheet(l.enrollment_id)} data-testid="result-marksheet">
                      <PictureAsPdfOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function PartCell({ part, result }: { part: ExamPart; result: PartResult | undefined }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  const outcome = partOutcome(result);
  const scored = outcome === 'passed' || outcome === 'failed';
  return (
    <TableCell data-testid="part-cell" data-outcome={outcome}>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {scored && (
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('certificate_exams.results.score', { score: formatNumber(result!.score ?? 0, lang), total: formatNumber(result!.max_score ?? 0, lang) })}
          </Typography>
        )}
        {outcome === 'not_attempted' ? (
          <Typography variant="body2" color="text.secondary">
            {t('certificate_exams.results.outcome.not_attempted')}
          </Typography>
        ) : (
          <Chip size="small" color={OUTCOME_CHIP[outcome]} variant={scored ? 'filled' : 'outlined'} label={t(`certificate_exams.results.outcome.${outcome}`)} />
        )}
      </Stack>
    </TableCell>
  );
}
