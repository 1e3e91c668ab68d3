// A training's authoring screens are the course's (features/courses), told apart by this: a course
// of type "training", listed, created and kept under /training, its labels in the `trainings`
// namespace. Its calls are the course calls, the type fixed.
import {
  createCourse,
  deleteCourse,
  fetchCourse,
  LESSON_TYPES,
  setCoursePublishFeature,
  updateCourse,
} from '../../courses/api/courses-api';
import type { CourseKind } from '../../courses/hooks/course-kind';
import { courseKeys } from '../../courses/hooks/use-courses';
import { fetchTrainings } from '../api/trainings-api';

export const TRAINING_KIND: CourseKind = {
  home: '/training',
  createPath: '/training/create',
  editPath: (c) => `/training/edit/${c.id}`,
  labels: 'trainings:',
  typed: false,
  lessonTypes: LESSON_TYPES,
  listKey: ['trainings', 'list'],
  listPageKey: (page, search) => ['trainings', 'list', page, search],
  // The editor reads a training as a course (useCourse): the same record in the cache.
  oneKey: (c) => courseKeys.one(c.id),
  fetchList: fetchTrainings,
  fetchById: fetchCourse,
  create: (body) => createCourse({ ...body, course_type: 'training' }),
  update: (id, body) => updateCourse(id, { ...body, course_type: 'training' }),
  setPublishFeature: setCoursePublishFeature,
  // 409 course_has_enrolments.
  remove: deleteCourse,
};
