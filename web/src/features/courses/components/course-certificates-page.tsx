// The certificates of an author's courses (`kind`: /course/certificate) or certificate exams
// (/exam/certificate). Without an id (or with /list): the courses, a page at a time, each opening
// onto its batches with how many certificates are issued, waiting and revoked. With a course's id
// (/course/certificate/:id, ?batch= the batch shown): its batches, and the chosen batch's
// certificates with their tracking code, the PDF of an issued one, and issue / revoke.
import {
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatDay, localTitle } from '../../../lib/course-text';
import { downloadFile } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { certificatePdfPath, type Batch, type BatchCertificate, type Course } from '../api/courses-api';
import { certificateCounts, certificateCourseQuery } from '../hooks/certificates';
import type { CourseKind } from '../hooks/course-kind';
import { useBatchCertificates, useBatches, useCourseList } from '../hooks/use-courses';
import { batchLabel, BatchesFirst, BatchSelect } from './batch-select';
import { CertificateActions, CertificateChip } from './certificate-actions';

/** Where a kind's certificates are: its list, or one course's (and one batch's). */
export function certificatesPath(kind: CourseKind, courseId?: number, batchId?: number) {
  return `${kind.home}/certificate${courseId ? `/${courseId}` : ''}${batchId ? `?batch=${batchId}` : ''}`;
}

export default function CourseCertificatesPage({ kind }: { kind: CourseKind }) {
  const { id } = useParams();
  if (!id || id === 'list') return <CertificateCourseList kind={kind} />;
  const courseId = Number(id);
  if (!Number.isSafeInteger(courseId) || courseId <= 0) return <Navigate to={certificatesPath(kind)} replace />;
  return <CourseCertificates kind={kind} courseId={courseId} />;
}

// ---- the list

function CertificateCourseList({ kind }: { kind: CourseKind }) {
  const { t } = useTranslation(['courses', 'common']);
  const [page, setPage] = usePageParam();
  const query = useCourseList(kind, page, '');
  useClampPageParam(query.data?.last_page);
  const courses = query.data?.data ?? [];
  return (
    <Box data-testid="certificate-courses-page">
      <PageHeader title={t(`${kind.labels}certificates.title`)} subtitle={t(`${kind.labels}certificates.subtitle`)} />
      {query.isLoading ? (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : courses.length === 0 ? (
        <Card>
          <EmptyState icon={<WorkspacePremiumOutlinedIcon />} message={t(`${kind.labels}list.empty`)} />
        </Card>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} data-testid="certificate-courses">
            {courses.map((c) => (
              <li key={c.id}>
                <CourseSummary kind={kind} course={c} />
              </li>
            ))}
          </Box>
          <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
        </>
      )}
    </Box>
  );
}

/** A course, opening onto its batches' counts (loaded once opened). */
function CourseSummary({ kind, course }: { kind: CourseKind; course: Course }) {
  const { t, i18n } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const title = localTitle(course, i18n.language) || t(`${kind.labels}list.untitled`);
  const batchesId = `certificate-course-${course.id}-batches`;
  return (
    <Card sx={{ mb: 1.5 }} data-testid="certificate-course" data-course-id={course.id}>
      <Button
        fullWidth
        color="inherit"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={batchesId}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
        sx={{ justifyContent: 'space-between', textAlign: 'left', textTransform: 'none', px: 2, py: 1.5 }}
        data-testid="certificate-course-toggle"
      >
        <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Chip component="span" size="small" variant="outlined" color={course.published ? 'success' : 'default'} label={course.published ? t('status.published') : t('status.draft')} />
        </Stack>
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={batchesId} sx={{ px: 2, pb: 1.5 }}>
          <BatchCounts kind={kind} course={course} />
        </Box>
      </Collapse>
    </Card>
  );
}

export function BatchCounts({ kind, course }: { kind: CourseKind; course: Course }) {
  const { t } = useTranslation('courses');
  const batches = useBatches(course.id);
  const list = batches.data ?? [];
  return (
    <>
      {batches.isLoading ? (
        <Skeleton height={40} />
      ) : batches.isError ? (
        <ErrorState error={batches.error} onRetry={() => batches.refetch()} />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{t('batches.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((b) => (
            <BatchCountRow key={b.id} kind={kind} batch={b} />
          ))}
        </Box>
      )}
      <Button component={RouterLink} to={certificatesPath(kind, course.id)} sx={{ mt: 1, ml: -1 }} data-testid="certificate-course-open">
        {t('certificates.open')}
      </Button>
    </>
  );
}

function BatchCountRow({ kind, batch }: { kind: CourseKind; batch: Batch }) {
  const { t, i18n } = useTranslation('courses');
  const lang = i18n.language;
  const certificates = useBatchCertificates(batch.id);
  const name = batchLabel(batch, lang, t('batches.untitled'));
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' } }} data-testid="certificate-batch" data-batch-id={batch.id}>
      <Link component={RouterLink} to={certificatesPath(kind, batch.course_id, batch.id)} aria-label={t('certificates.batch_link', { name })} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
      </Link>
      <Typography variant="body2" color="text.secondary" data-testid="certificate-counts">
        {certificates.data ? <CountsText certificates={certificates.data} /> : certificates.isError ? t('certificates.counts_failed') : <Skeleton width={200} />}
      </Typography>
    </Stack>
  );
}

function CountsText({ certificates }: { certificates: readonly BatchCertificate[] }) {
  const { t, i18n } = useTranslation('courses');
  const counts = certificateCounts(certificates);
  const n = (v: number) => formatNumber(v, i18n.language);
  return <>{t('certificates.counts', { issued: n(counts.issued), pending: n(counts.pending), revoked: n(counts.revoked) })}</>;
}

// ---- one course

function CourseCertificates({ kind, courseId }: { kind: CourseKind; courseId: number }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const course = useQuery(certificateCourseQuery(kind, courseId));
  const batches = useBatches(courseId);
  const [params, setParams] = useSearchParams();
  const list = batches.data ?? [];
  // The batch asked for (?batch=), else the first.
  const wanted = Number(params.get('batch'));
  const batchId = list.some((b) => b.id === wanted) ? wanted : (list[0]?.id ?? null);
  const back = (
    <Button component={RouterLink} to={certificatesPath(kind)} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {t('courses:certificates.back')}
    </Button>
  );
  if (course.isLoading || batches.isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  }
  const failed = course.error ?? batches.error;
  if (failed || !course.data) {
    return (
      <Box>
        {back}
        {failed instanceof ApiError && failed.status === 404 ? (
          <Card>
            <EmptyState icon={<WorkspacePremiumOutlinedIcon />} message={t(`${kind.labels}edit.not_found`)} />
          </Card>
        ) : (
          <ErrorState error={failed} onRetry={() => void (course.error ? course.refetch() : batches.refetch())} />
        )}
      </Box>
    );
  }
  return (
    <Box data-testid="course-certificates-page" data-course-id={courseId}>
      {back}
      <PageHeader title={localTitle(course.data, i18n.language) || t(`${kind.labels}list.untitled`)} subtitle={t(`${kind.labels}certificates.title`)} />
      {!batchId ? (
        <BatchesFirst icon={<WorkspacePremiumOutlinedIcon />} message={t('courses:people.no_batches')} to={`${kind.editPath(course.data)}/batches`} />
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <BatchSelect id="certificates-batch" batches={list} value={batchId} onChange={(id) => setParams({ batch: String(id) }, { replace: true })} />
          </Box>
          <BatchCertificates batchId={batchId} />
        </>
      )}
    </Box>
  );
}

/** A batch's certificates (a training's Certificates tab too). */
export function BatchCertificates({ batchId }: { batchId: number }) {
  const { t } = useTranslation('courses');
  const certificates = useBatchCertificates(batchId);
  if (certificates.isLoading) return <Skeleton variant="rounded" height={220} />;
  if (certificates.isError || !certificates.data) return <ErrorState error={certificates.error} onRetry={() => certificates.refetch()} />;
  return <CertificateList certificates={certificates.data} empty={t('certificates.empty')} />;
}

/** A batch's certificates, newest first (as the server sends them). */
export function CertificateList({ certificates, empty }: { certificates: readonly BatchCertificate[]; empty: string }) {
  const { t } = useTranslation('courses');
  if (certificates.length === 0) {
    return (
      <Card>
        <EmptyState icon={<WorkspacePremiumOutlinedIcon />} message={empty} />
      </Card>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="certificate-total">
        {t('certificates.total', { count: certificates.length })} · <CountsText certificates={certificates} />
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="certificate-list">
        {certificates.map((c) => (
          <CertificateRow key={c.id} certificate={c} />
        ))}
      </Stack>
    </>
  );
}

function CertificateRow({ certificate: c }: { certificate: BatchCertificate }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const download = () =>
    downloadFile(certificatePdfPath(c.tracking_code), undefined, `certificate-${c.tracking_code}.pdf`).catch((err: unknown) => toast.show(errorText(err), { severity: 'error' }));
  return (
    <Card component="li" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="certificate-row" data-status={c.status} data-code={c.tracking_code}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
              {c.holder_name}
            </Typography>
            <CertificateChip status={c.status} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t(c.status === 'pending' ? 'courses:certificates.pending_since' : 'courses:certificates.issued_on', { date: formatDay(c.issued_at, lang) })}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('courses:certificates.tracking_code')}:{' '}
            <Link component={RouterLink} to={`/certificate/check/${encodeURIComponent(c.tracking_code)}`} sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="certificate-check-link">
              {c.tracking_code}
            </Link>
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {c.status === 'issued' && (
            <Tooltip title={t('courses:certificates.download_named', { name: c.holder_name })}>
              <IconButton onClick={() => void download()} aria-label={t('courses:certificates.download_named', { name: c.holder_name })} data-testid="certificate-download">
                <CloudDownloadOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          <CertificateActions enrollmentId={c.enrollment_id} name={c.holder_name} status={c.status} />
        </Stack>
      </Stack>
    </Card>
  );
}
