// The course page's sections below its header and enrolment card (objectives, syllabus, reviews,
// related courses and ads): one chunk, fetched once the page's first part has rendered.
export { CourseObjectives } from './course-objectives';
export { CourseReviews } from './course-reviews';
export { CourseFooter } from './course-footer';
export { SyllabusOutline } from './syllabus-outline';
