// The course page's sections below its header and enrolment card (objectives, syllabus, reviews,
// related courses): one chunk, fetched once the page's first part has rendered.
export { CourseObjectives } from './course-objectives';
export { CourseReviews } from './course-reviews';
export { RelatedCourses } from './related-courses';
export { SyllabusOutline } from './syllabus-outline';
