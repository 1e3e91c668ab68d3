// /exam, /exam/create and /exam/edit/:uuid(/:slug): the course's list, create form and editor for
// certificate exams (one chunk). The editor's tabs: the course's details, syllabus and batches,
// then the restricted batches' candidates, the batches' results and attendance, and the exam's
// discussions. A numeric /exam/edit/:id is a single exam's editor, /course/certificate/... and
// /exam/certificate/... the certificates pages of courses and certificate exams, and /training/*
// the trainings' screens (features/trainings), all loaded from here so that the app shell carries
// one lazy page, not five.
import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import CourseCreatePage from '../../courses/components/course-create-page';
import { CourseBatchesTab } from '../../courses/components/course-batches-tab';
import { CourseDetailsTab } from '../../courses/components/course-details-tab';
import { CourseEditor } from '../../courses/components/course-edit-page';
import CourseListPage from '../../courses/components/course-list-page';
import { CourseSyllabusTab } from '../../courses/components/course-syllabus-tab';
import { EXAM_KIND } from '../hooks/exam-kind';
import { useExamCourse } from '../hooks/use-certificate-exams';
import { AttendanceTab } from './attendance-tab';
import { CandidatesTab } from './candidates-tab';
import { ExamEditRoute } from './exam-edit-route';
import { ResultsTab } from './results-tab';

const ExamEditPage = lazy(() => import('../../exams/components/exam-edit-page'));
const CertificatePages = lazy(() => import('./certificate-pages'));
// The trainings' screens: their own chunk, which reuses the course screens this one has.
const TrainingPages = lazy(() => import('../../trainings/components/training-pages'));
// Its own chunk, which the learner's journey loads too (its chunk named here, not in the app shell).
const ExamDiscussions = lazy(() => import('./exam-discussions'));

export const EXAM_EDIT_TABS = ['details', 'syllabus', 'batches', 'candidates', 'results', 'attendance', 'discussions'] as const;
type ExamEditTab = (typeof EXAM_EDIT_TABS)[number];

export type CertificateExamPage = 'list' | 'create' | 'edit' | 'certificates' | 'trainings';

/**
 * The page an address is (the route table gives no prop, which keeps it small): /exam the list,
 * /exam/create, /exam/edit/..., /course/certificate/..., /exam/certificate/... the certificates
 * pages (see there), and /training/... the trainings' (which tell their pages apart themselves).
 */
export function certificateExamPage(pathname: string): CertificateExamPage {
  const [, first, second] = pathname.split('/');
  if (first === 'training') return 'trainings';
  return second === 'certificate' ? 'certificates' : second === 'create' || second === 'edit' ? second : 'list';
}

export default function CertificateExamPages() {
  const page = certificateExamPage(useLocation().pathname);
  if (page === 'trainings') return <TrainingPages />;
  if (page === 'certificates') return <CertificatePages />;
  if (page === 'list') return <CourseListPage kind={EXAM_KIND} />;
  if (page === 'create') return <CourseCreatePage kind={EXAM_KIND} />;
  return <ExamEditRoute single={<ExamEditPage />} certificate={<CertificateExamEditPage />} />;
}

function CertificateExamEditPage() {
  const { id: uuid = '', slug } = useParams();
  const query = useExamCourse(uuid);
  const tab = (slug ?? 'details') as ExamEditTab;
  if (!EXAM_EDIT_TABS.includes(tab)) return <Navigate to={`/exam/edit/${uuid}`} replace />;
  return (
    <CourseEditor kind={EXAM_KIND} query={query} tabs={EXAM_EDIT_TABS} tab={tab}>
      {(course) => (
        <>
          {tab === 'details' && <CourseDetailsTab course={course} kind={EXAM_KIND} />}
          {tab === 'syllabus' && <CourseSyllabusTab course={course} kind={EXAM_KIND} />}
          {tab === 'batches' && <CourseBatchesTab course={course} kind={EXAM_KIND} />}
          {tab === 'candidates' && <CandidatesTab course={course} />}
          {tab === 'results' && <ResultsTab course={course} />}
          {tab === 'attendance' && <AttendanceTab course={course} />}
          {tab === 'discussions' && (
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              <ExamDiscussions courseId={course.id} />
            </Suspense>
          )}
        </>
      )}
    </CourseEditor>
  );
}
