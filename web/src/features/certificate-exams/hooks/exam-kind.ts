// A certificate exam's authoring screens are the course's (features/courses), told apart by this.
import { isExamLesson } from '../../../lib/lesson-kinds';
import { LESSON_TYPES } from '../../courses/api/courses-api';
import type { CourseKind } from '../../courses/hooks/course-kind';
import { createExamCourse, deleteExamCourse, fetchExamCourseById, fetchExamCourses, setExamCoursePublishFeature, updateExamCourse } from '../api/certificate-exams-api';
import { examCourseKeys } from './use-certificate-exams';

export const EXAM_KIND: CourseKind = {
  home: '/exam',
  createPath: '/exam/create',
  editPath: (c) => `/exam/edit/${c.uuid}`,
  labels: 'courses:certificate_exams.',
  typed: false,
  // Its parts are mostly exams and quizzes of the Exam Centre: those first, a new part an exam.
  lessonTypes: ['exam', 'quiz', ...LESSON_TYPES.filter((t) => !isExamLesson(t))],
  listKey: examCourseKeys.list,
  listPageKey: examCourseKeys.listPage,
  oneKey: (c) => examCourseKeys.one(c.uuid),
  fetchList: fetchExamCourses,
  fetchById: fetchExamCourseById,
  create: createExamCourse,
  update: updateExamCourse,
  setPublishFeature: setExamCoursePublishFeature,
  remove: deleteExamCourse,
};
