// What the classrooms' tests share (the app does not import this module): a class, its sessions,
// people, posts, attendance, classwork, chat and meeting account as the API gives them.
import type { Page } from '../../lib/types';
import type { AttendanceRow, ChatMessage, ClassFile, ClassInvite, Classroom, ClassSession, Classwork, Comment, MeetingAccount, Person, Post, TimelinePage } from './api/classrooms-api';

/**
 * Class 3, "Physics for class nine" (নবম শ্রেণির পদার্থবিজ্ঞান), starting 20 December 2026 at
 * 04:00 UTC on Jitsi, published, 2 teachers and 25 students, taught by the caller; `over` changes
 * what a test needs.
 */
export const classroom = (over: Partial<Classroom> = {}): Classroom => ({
  id: 3,
  name: 'Physics for class nine',
  name_bn: 'নবম শ্রেণির পদার্থবিজ্ঞান',
  description: 'Motion, force and energy, live twice a week.',
  starts_at: '2026-12-20T04:00:00Z',
  platform: 'jitsi',
  meeting_link: null,
  published: true,
  featured: false,
  my_role: 'teacher',
  teachers: 2,
  students: 25,
  next_session: { id: 41, title: 'Newton’s laws', title_bn: 'নিউটনের সূত্র', starts_at: '2026-12-22T04:00:00Z', ends_at: '2026-12-22T05:30:00Z' },
  code: 'K7Q2XPA9',
  join_url: 'http://localhost:8080/join/K7Q2XPA9',
  course_batch_id: null,
  course_type: null,
  course_uuid: null,
  created_at: '2026-12-01T00:00:00Z',
  ...over,
});

/** What a student sees of class 3: no code, no link. */
export const studentsClassroom = (over: Partial<Classroom> = {}) => classroom({ my_role: 'student', code: null, join_url: null, ...over });

export const session = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 41,
  classroom_id: 3,
  title: 'Newton’s laws',
  title_bn: 'নিউটনের সূত্র',
  description: '',
  starts_at: '2026-12-22T04:00:00Z',
  duration_minutes: 90,
  ends_at: '2026-12-22T05:30:00Z',
  state: 'upcoming',
  present: null,
  recording: null,
  provider_recordings: [],
  created_at: '2026-12-01T00:00:00Z',
  ...over,
});

/** A file of the file manager: an uploaded video unless `over` says otherwise. */
export const classFile = (over: Partial<ClassFile> = {}): ClassFile => ({
  id: 501,
  title: 'Newton lecture',
  file_name: 'newton.mp4',
  type: 'video',
  is_url: 0,
  provider: null,
  file_main_path: 'https://files.example.org/signed/newton.mp4?sig=abc',
  file_encode_path: null,
  ...over,
});

/** An assignment of class 3 for session 41, with a worksheet, due 24 December 2026 at 12:00 UTC. */
export const classwork = (over: Partial<Classwork> = {}): Classwork => ({
  id: 61,
  classroom_id: 3,
  session_id: 41,
  content_type: 'assignment',
  title: 'Worksheet on forces',
  title_bn: 'বল বিষয়ক কার্যপত্র',
  instructions: 'Solve problems 1 to 5.',
  file: classFile({ id: 502, title: 'Worksheet', file_name: 'worksheet.pdf', type: 'document', file_main_path: 'https://files.example.org/signed/worksheet.pdf' }),
  due_at: '2026-12-24T12:00:00Z',
  created_at: '2026-12-22T06:00:00Z',
  ...over,
});

export const chatMessage = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  parent_id: null,
  user_id: 12,
  user_name: 'Sadia Islam',
  body: `Message ${id}`,
  removed: false,
  by_teacher: false,
  edited: false,
  created_at: '2026-12-22T04:10:00Z',
  can_remove: false,
  can_edit: false,
  replies: [],
  ...over,
});

export const meetingAccount = (over: Partial<MeetingAccount> = {}): MeetingAccount => ({
  platform: 'jitsi',
  configured: true,
  base_url: 'https://meet.example.org',
  app_id: 'school-app',
  client_id: null,
  callback_url: null,
  reachable: true,
  status: 200,
  credentials_ok: null,
  ...over,
});

export const person = (over: Partial<Person> = {}): Person => ({
  id: 71,
  classroom_id: 3,
  user_id: 12,
  user_type: 2,
  name: 'Sadia Islam',
  email: 'sadia@example.com',
  phone: null,
  status: 'joined',
  created_at: '2026-12-01T00:00:00Z',
  ...over,
});

export const comment = (over: Partial<Comment> = {}): Comment => ({
  id: 900,
  parent_id: 1,
  user_id: 12,
  user_name: 'Sadia Islam',
  body: 'Thank you!',
  removed: false,
  by_teacher: false,
  edited: false,
  created_at: '2026-12-21T10:00:00Z',
  can_remove: false,
  can_edit: false,
  ...over,
});

/** Post `id`, by a student, newest first by id. */
export const post = (id: number, over: Partial<Post> = {}): Post => ({
  id,
  parent_id: null,
  user_id: 12,
  user_name: 'Sadia Islam',
  body: `Post number ${id}`,
  removed: false,
  by_teacher: false,
  edited: false,
  created_at: '2026-12-21T09:00:00Z',
  can_remove: false,
  can_edit: false,
  pinned: false,
  comments: [],
  ...over,
});

/** A page of the timeline: posts `from` down, `take` of them at most, of `total`. */
export function timelinePage(skip: number, total: number, take = 10): TimelinePage {
  const n = Math.max(0, Math.min(take, total - skip));
  return { data: Array.from({ length: n }, (_, i) => post(total - skip - i)), total, skip, take };
}

export const attendanceRow = (over: Partial<AttendanceRow> = {}): AttendanceRow => ({
  user_id: 12,
  name: 'Sadia Islam',
  present: false,
  joined_at: null,
  left_at: null,
  source: null,
  ...over,
});

export const invite = (over: Partial<ClassInvite> = {}): ClassInvite => ({
  id: 3,
  name: 'Physics for class nine',
  name_bn: 'নবম শ্রেণির পদার্থবিজ্ঞান',
  description: 'Motion, force and energy.',
  starts_at: '2026-12-20T04:00:00Z',
  teacher_names: ['Rina Das', 'Kamal Hossain'],
  students: 25,
  member: false,
  ...over,
});

export function pageOf<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over };
}
