// The end of the course page, after its sections: related courses, then the ads meant for a
// course's page. The ads' code comes only now, and draws only when the server has some for this
// learner and course (promotions/components/ad-slot.tsx); the page's first download is unchanged.
import { lazy, Suspense } from 'react';
import type { Course } from '../api/learn-api';
import { RelatedCourses } from './related-courses';

const AdSlot = lazy(() => import('../../promotions/components/ad-slot').then((m) => ({ default: m.AdSlot })));

export function CourseFooter({ course }: { course: Pick<Course, 'uuid' | 'category_id' | 'level'> }) {
  return (
    <>
      <RelatedCourses course={course} />
      <Suspense fallback={null}>
        <AdSlot position="course" categoryId={course.category_id} />
      </Suspense>
    </>
  );
}
