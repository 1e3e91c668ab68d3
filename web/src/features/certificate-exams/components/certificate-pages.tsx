// /:kind/certificate(/list|/:id): the certificates of courses (/course/certificate/...) or of
// certificate exams (/exam/certificate/...), one route for the two; another kind is not found.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import CourseCertificatesPage from '../../courses/components/course-certificates-page';
import { COURSE_KIND } from '../../courses/hooks/course-kind';
import { EXAM_KIND } from '../hooks/exam-kind';

export default function CertificatePages() {
  const { kind } = useParams();
  if (kind !== 'course' && kind !== 'exam') return <NotFoundPage />;
  // Keyed: going from one kind's pages to the other's starts afresh.
  return <CourseCertificatesPage key={kind} kind={kind === 'exam' ? EXAM_KIND : COURSE_KIND} />;
}
