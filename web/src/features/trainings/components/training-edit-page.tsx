// /training/edit/:id(/:slug): a training's editor. The course's tabs (details, syllabus, batches),
// then the training's, each for one batch chosen above it (?batch=, kept from tab to tab): venue
// and sessions, trainees (and their nomination), attendance, honoraria, certificates.
import { Button, Stack } from '@mui/material';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { idParam } from '../../../lib/list-params';
import type { CourseWithContent } from '../../courses/api/courses-api';
import { BatchCertificates, certificatesPath } from '../../courses/components/course-certificates-page';
import { CourseBatchesTab } from '../../courses/components/course-batches-tab';
import { CourseDetailsTab } from '../../courses/components/course-details-tab';
import { CourseEditor } from '../../courses/components/course-edit-page';
import { CourseSyllabusTab } from '../../courses/components/course-syllabus-tab';
import { useCourse } from '../../courses/hooks/use-courses';
import { TRAINING_KIND } from '../hooks/training-kind';
import { BatchTab } from './batch-tab';
import { HonorariumTab } from './honorarium-tab';
import { SessionAttendanceTab } from './session-attendance-tab';
import { TraineesTab } from './trainees-tab';
import { VenueTab } from './venue-tab';

export const TRAINING_TABS = ['details', 'syllabus', 'batches', 'venue', 'trainees', 'attendance', 'honorarium', 'certificates'] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];

export default function TrainingEditPage() {
  const { id: raw, slug } = useParams();
  const { search } = useLocation();
  const id = idParam(raw) ?? 0;
  const query = useCourse(id);
  const tab = (slug ?? 'details') as TrainingTab;
  if (!id) return <Navigate to="/training" replace />;
  if (!TRAINING_TABS.includes(tab)) return <Navigate to={`/training/edit/${id}${search}`} replace />;
  // Only the chosen batch goes from tab to tab.
  const batch = new URLSearchParams(search).get('batch');
  return (
    <CourseEditor kind={TRAINING_KIND} query={query} tabs={TRAINING_TABS} tab={tab} tabLabels="trainings:tabs." tabSearch={batch ? `?batch=${encodeURIComponent(batch)}` : ''}>
      {(course) => <TrainingTabPanel course={course} tab={tab} />}
    </CourseEditor>
  );
}

function TrainingTabPanel({ course, tab }: { course: CourseWithContent; tab: TrainingTab }) {
  if (tab === 'details') return <CourseDetailsTab course={course} kind={TRAINING_KIND} />;
  if (tab === 'syllabus') return <CourseSyllabusTab course={course} kind={TRAINING_KIND} />;
  if (tab === 'batches') return <CourseBatchesTab course={course} kind={TRAINING_KIND} />;
  return (
    <BatchTab course={course} tab={tab}>
      {(batch) => (
        <>
          {tab === 'venue' && <VenueTab batch={batch} />}
          {tab === 'trainees' && <TraineesTab course={course} batch={batch} />}
          {tab === 'attendance' && <SessionAttendanceTab batch={batch} />}
          {tab === 'honorarium' && <HonorariumTab batch={batch} />}
          {tab === 'certificates' && <CertificatesTab course={course} batchId={batch.id} />}
        </>
      )}
    </BatchTab>
  );
}

function CertificatesTab({ course, batchId }: { course: CourseWithContent; batchId: number }) {
  const { t } = useTranslation('trainings');
  return (
    <Stack spacing={2} data-testid="training-certificates-tab">
      <BatchCertificates batchId={batchId} />
      <Stack direction="row">
        <Button component={RouterLink} to={certificatesPath(TRAINING_KIND, course.id, batchId)} startIcon={<WorkspacePremiumOutlinedIcon />}>
          {t('certificates.open_page')}
        </Button>
      </Stack>
    </Stack>
  );
}
