// What tells a course's authoring screens from a certificate exam's (a course with course_type
// "exam", authored under /exam through the /assessment/course/* calls): the list, create and
// editor pages, the calls that differ, the cache keys and the labels. The syllabus and batch calls
// are the same for both.
import type { QueryKey } from '@tanstack/react-query';
import type { Page } from '../../../lib/types';
import {
  createCourse,
  fetchCourse,
  fetchCourses,
  LESSON_TYPES,
  setCoursePublishFeature,
  updateCourse,
  type Course,
  type CourseBody,
  type CourseWithContent,
  type LessonType,
} from '../api/courses-api';
import { courseKeys } from './use-courses';

export interface CourseKind {
  /** The list page. */
  home: string;
  createPath: string;
  /** The editor (its first tab); the other tabs are below it. */
  editPath: (c: Pick<Course, 'id' | 'uuid'>) => string;
  /**
   * Where the labels that name the kind are: `${labels}list.title` ("Courses", "Certificate
   * exams"). Every other label is the courses' own.
   */
  labels: string;
  /** The author chooses the type (course, webinar, master class). */
  typed: boolean;
  /** The lesson types in the order the lesson dialog offers them; a new lesson is of the first. */
  lessonTypes: readonly LessonType[];
  /** The list's query keys start with this one. */
  listKey: QueryKey;
  listPageKey: (page: number, search: string) => QueryKey;
  /** The editor's record. */
  oneKey: (c: Pick<Course, 'id' | 'uuid'>) => QueryKey;
  fetchList: (params: { page: number; limit: number; search?: string }) => Promise<Page<Course>>;
  /** One of them by its id (the certificates pages, /course/certificate/:id). */
  fetchById: (id: number) => Promise<CourseWithContent>;
  create: (body: CourseBody) => Promise<Course>;
  update: (id: number, body: CourseBody) => Promise<Course>;
  setPublishFeature: (body: { id: number; published?: boolean; featured?: boolean }) => Promise<Course>;
  /** Deleting from the editor's header; absent: not offered there. */
  remove?: (id: number) => Promise<unknown>;
}

export const COURSE_KIND: CourseKind = {
  home: '/course',
  createPath: '/course/create',
  editPath: (c) => `/course/edit/${c.id}`,
  labels: 'courses:',
  typed: true,
  lessonTypes: LESSON_TYPES,
  listKey: ['courses', 'list'],
  listPageKey: courseKeys.list,
  oneKey: (c) => courseKeys.one(c.id),
  fetchList: fetchCourses,
  fetchById: fetchCourse,
  create: createCourse,
  update: updateCourse,
  setPublishFeature: setCoursePublishFeature,
};
