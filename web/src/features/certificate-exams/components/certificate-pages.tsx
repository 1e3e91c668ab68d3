// /course/certificate(/list|/:id) and /exam/certificate(/list|/:id): the certificates of courses or
// of certificate exams, the kind told by the address (the route table lists the two, nothing else).
import { useLocation } from 'react-router';
import CourseCertificatesPage from '../../courses/components/course-certificates-page';
import { COURSE_KIND } from '../../courses/hooks/course-kind';
import { EXAM_KIND } from '../hooks/exam-kind';

export default function CertificatePages() {
  const exam = useLocation().pathname.startsWith('/exam/');
  // Keyed: going from one kind's pages to the other's starts afresh.
  return <CourseCertificatesPage key={exam ? 'exam' : 'course'} kind={exam ? EXAM_KIND : COURSE_KIND} />;
}
