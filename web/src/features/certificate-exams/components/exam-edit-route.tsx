// /exam/edit/:id(/:slug): a numeric id is a single exam's editor (as it always was), a uuid a
// certificate exam's.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isUuid } from '../../../lib/course-paths';

export function ExamEditRoute({ single, certificate }: { single: ReactNode; certificate: ReactNode }) {
  const { id } = useParams();
  return <>{isUuid(id) ? certificate : single}</>;
}
