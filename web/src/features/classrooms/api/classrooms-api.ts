// Classrooms (docs/api-classrooms.md): live classes with their people, schedule of sessions (with
// their recordings and chat), classwork, joining links, attendance, the timeline (and its live
// stream) and the site's meeting accounts. The paths are the spec's, `update_attendence` included;
// the join page's calls take the class's join code.
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import type { DataEnvelope, Page } from '../../../lib/types';
import type { AttemptResult } from '../../exams/api/exam-front-api';

/** The meeting platforms the server offers, in its order: Jitsi Meet, Convay, BigBlueButton, Zoom, the class's own link. */
export const PLATFORMS = ['jitsi', 'convay', 'bbb', 'zoom', 'link'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The platforms a site keeps its own meeting account for (Convay is built on Jitsi Meet). */
export const ACCOUNT_PLATFORMS = ['jitsi', 'convay', 'bbb', 'zoom'] as const;
export type AccountPlatform = (typeof ACCOUNT_PLATFORMS)[number];

/** The meeting services that report recordings (and who was in the room) themselves. */
export type MeetingProvider = 'bbb' | 'zoom';

/** admin: a site admin who is not one of the class's people. */
export type ClassRole = 'teacher' | 'student' | 'admin';

/** The list's filter: every class of mine, those I teach, those I learn in. */
export const ROLE_FILTERS = ['all', 'teacher', 'student'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export interface NextSession {
  id: number;
  title: string;
  title_bn: string | null;
  starts_at: string;
  ends_at: string;
}

export interface Classroom {
  id: number;
  name: string;
  name_bn: string | null;
  description: string;
  /** RFC 3339, UTC: when the class begins (its first day). */
  starts_at: string;
  platform: Platform;
  /** The https link, for platform "link" only. */
  meeting_link: string | null;
  published: boolean;
  featured: boolean;
  my_role: ClassRole;
  /** Joined and invited people of each kind. */
  teachers: number;
  students: number;
  /** The next session not yet ended. */
  next_session: NextSession | null;
  /** The join code and link: teachers and admins only. */
  code: string | null;
  join_url: string | null;
  /**
   * A course batch's live room: the batch, and its course's type (`webinar` for a webinar's room,
   * whose pages are under /webinarroom) and uuid (the course's public page); null for a plain class.
   */
  course_batch_id: number | null;
  course_type: string | null;
  course_uuid: string | null;
  created_at: string;
}

/** What the join page (/join/:code) shows of a class. */
export interface ClassInvite {
  id: number;
  name: string;
  name_bn: string | null;
  description: string;
  starts_at: string;
  teacher_names: string[];
  students: number;
  /** The caller is already one of its people. */
  member: boolean;
}

/** 1 teacher, 2 student. */
export type UserType = 1 | 2;
export const TEACHER: UserType = 1;
export const STUDENT: UserType = 2;

export interface Person {
  id: number;
  classroom_id: number;
  user_id: number | null;
  user_type: UserType;
  name: string;
  /** Contacts: teachers and admins only. */
  email: string | null;
  phone: string | null;
  /** invited: not yet signed in through the class link. */
  status: 'joined' | 'invited';
  created_at: string;
}

export type SessionState = 'upcoming' | 'live' | 'completed';

/**
 * A file of the file manager as the classrooms' answers carry it (a recording, a classwork's
 * file): the fields these pages read of the file manager's File (docs/api-files.md).
 */
export interface ClassFile {
  id: number;
  title: string;
  file_name: string;
  /** image, audio, video, document or other. */
  type: string;
  /** 1: a link (a YouTube video, a web page) kept as a file. */
  is_url: 0 | 1;
  provider: 'youtube' | 'vimeo' | null;
  /** Where to open or play it: a signed link valid for an hour, or the link itself. */
  file_main_path: string;
  /** A preview picture, or null. */
  file_encode_path: string | null;
  /** Not sent today: a plain link, should the server add one. */
  url?: string | null;
}

export interface ClassSession {
  id: number;
  classroom_id: number;
  title: string;
  title_bn: string | null;
  description: string;
  starts_at: string;
  /** 5..600. */
  duration_minutes: number;
  ends_at: string;
  state: SessionState;
  /** Students marked present (teachers and admins only). */
  present: number | null;
  /** A video of the file manager to watch the session again. */
  recording: ClassFile | null;
  /** Recordings the meeting service made (BigBlueButton, Zoom), watched there. */
  provider_recordings: ProviderRecording[];
  created_at: string;
}

/** A recording a meeting service reported for a session, to watch at the service. */
export interface ProviderRecording {
  provider: MeetingProvider;
  url: string;
  received_at: string;
}

export const CLASSWORK_TYPES = ['material', 'assignment', 'quiz'] as const;
export type ClassworkType = (typeof CLASSWORK_TYPES)[number];

/** A quiz's exam (an exam of the Exam Centre), taken at /exam/journey/{uuid}. */
export interface ClassworkExam {
  id: number;
  uuid: string;
  title: string;
  title_bn: string | null;
  /** When it opens and closes (RFC 3339, UTC). */
  starts_at: string;
  ends_at: string;
  published: boolean;
}

/** Material to read, an assignment or a quiz (an exam of the Exam Centre), for the whole class or one session. */
export interface Classwork {
  id: number;
  classroom_id: number;
  /** null: for the whole class. */
  session_id: number | null;
  content_type: ClassworkType;
  title: string;
  title_bn: string | null;
  instructions: string;
  file: ClassFile | null;
  /** Assignments only. */
  due_at: string | null;
  /** A quiz's exam; null for material and assignments. */
  exam: ClassworkExam | null;
  created_at: string;
}

export interface ClassworkInput {
  session_id: number | null;
  content_type: ClassworkType;
  title: string;
  title_bn: string | null;
  instructions: string;
  file_id: number | null;
  due_at: string | null;
  /** A quiz's exam, one of the caller's (422 `exam_required`, `exam_not_found`); sent with quizzes only. */
  exam_id?: number | null;
}

/** A student's best attempt at a quiz of a session; `attempts` 0 (and the rest null): not taken. */
export interface QuizStudentResult {
  user_id: number;
  name: string;
  attempts: number;
  /** The best attempt, read at /classroom/evaluation/user-answers/{uuid}. */
  attempt_uuid: string | null;
  /** The exam engine's attempt state (in_progress, submitted, finished…). */
  state: string | null;
  score: number | null;
  max_score: number | null;
  passed: boolean | null;
  /** Answers still waiting for a teacher's marks. */
  pending_marking: number | null;
}

/** A quiz of a session (a classwork) with every student of the class. */
export interface QuizResults {
  classwork_id: number;
  title: string;
  title_bn: string | null;
  exam_id: number;
  students: QuizStudentResult[];
}

/** The site's own account on a meeting platform (site admins); its secrets are never sent back. */
export interface MeetingAccount {
  platform: AccountPlatform;
  configured: boolean;
  /** The meeting server (Jitsi, Convay, BigBlueButton's API address); Zoom's API. */
  base_url: string | null;
  /** Jitsi and Convay: the token issuer; Zoom: the account id; BigBlueButton: empty. */
  app_id: string | null;
  /** Zoom: the app's client id. */
  client_id: string | null;
  /** Zoom: the OAuth token URL kept with the account. */
  auth_url?: string | null;
  /** BigBlueButton and Zoom: where the service reports to this site (recordings; Zoom's events), sent even when not configured. */
  callback_url: string | null;
  /** The server answered a GET of base_url within 5 s (`check` only; null when not configured or not checked). */
  reachable: boolean | null;
  /** The HTTP status it answered with. */
  status: number | null;
  /** BigBlueButton and Zoom (`check` only): whether the service accepted the credentials. */
  credentials_ok: boolean | null;
}

export interface MeetingAccountInput {
  platform: AccountPlatform;
  /** Zoom: empty for https://api.zoom.us/v2. */
  base_url: string;
  /** Jitsi and Convay: the token issuer; Zoom: the account id; not sent for BigBlueButton. */
  app_id?: string;
  /** 16 characters or more; sealed at rest (Zoom: the client secret). */
  secret: string;
  /** Zoom only. */
  client_id?: string;
  /** Zoom only: empty for https://zoom.us/oauth/token. */
  auth_url?: string;
  /** Zoom only: the token that signs its event notifications; sealed at rest. */
  webhook_secret?: string;
}

/** A joining link minted for the caller and one session. */
export interface JoinLink {
  url: string;
  role: 'moderator' | 'participant';
  expires_at: string;
}

export interface AttendanceRow {
  user_id: number;
  name: string;
  present: boolean;
  joined_at: string | null;
  /** When the meeting service saw them leave (BigBlueButton, Zoom); null while in the room, or not known. */
  left_at: string | null;
  /** manual: a teacher marked them; join: they took the join link; provider: the meeting service saw them in the room. */
  source: 'manual' | 'join' | 'provider' | null;
}

export interface Comment {
  id: number;
  parent_id: number;
  user_id: number;
  user_name: string;
  /** Plain text. */
  body: string;
  removed: boolean;
  by_teacher: boolean;
  edited: boolean;
  created_at: string;
  can_remove: boolean;
  can_edit: boolean;
}

export interface Post extends Omit<Comment, 'parent_id'> {
  parent_id: null;
  pinned: boolean;
  /** Oldest first. */
  comments: Comment[];
}

/** A message of a session's chat (newest first), with its replies (oldest first). */
export interface ChatMessage extends Omit<Comment, 'parent_id'> {
  parent_id: number | null;
  replies?: ChatMessage[];
}

/** A row of the timeline's live stream: a post (parent_id null, without comments) or a comment. */
export type StreamedRow = Omit<Comment, 'parent_id'> & { parent_id: number | null; pinned?: boolean; comments?: Comment[] };

export interface TimelinePage {
  data: Post[];
  total: number;
  skip: number;
  take: number;
}

export interface Done {
  done: boolean;
}

export interface ClassroomInput {
  name: string;
  name_bn?: string | null;
  description?: string;
  starts_at: string;
  platform?: Platform;
  meeting_link?: string | null;
}

export interface SessionInput {
  title: string;
  title_bn?: string | null;
  description?: string;
  starts_at: string;
  duration_minutes: number;
}

export interface PersonInput {
  classroom_id: number;
  user_type: UserType;
  name: string;
  email?: string;
  phone?: string;
}

/** A row of "Add a list". */
export interface PersonRowInput {
  name: string;
  email?: string;
  phone?: string;
}

export interface PeopleAdded {
  added: Person[];
  /** Rows already in the class, by number (from 0). */
  skipped: number[];
}

export interface ClassroomQuery {
  page?: number;
  limit?: number;
  search?: string;
  role?: RoleFilter;
  /** 1: every class of the site (site admins only, else 403). */
  manage?: 1;
  /** `webinar`: only the live rooms of webinars. */
  course_type?: 'webinar';
}

// ---- classrooms ----

export function fetchClassrooms(query: ClassroomQuery, signal?: AbortSignal) {
  return api<Page<Classroom>>('/classroom/class/view', { query: { ...query }, signal });
}

export function fetchClassroom(id: number, signal?: AbortSignal) {
  return api<DataEnvelope<Classroom>>(`/classroom/class/view/${id}`, { signal }).then((r) => r.data);
}

/** The join page's class, by its join code (404 for an unknown code). */
export function fetchInvite(code: string, signal?: AbortSignal) {
  return api<DataEnvelope<ClassInvite>>(`/classroom/class/show/${encodeURIComponent(code)}`, { signal }).then((r) => r.data);
}

/** The caller joins as a student (joining twice changes nothing). */
export function enrollByCode(code: string) {
  return api<DataEnvelope<Classroom>>(`/classroom/batch/enroll/${encodeURIComponent(code)}`, { method: 'POST' }).then((r) => r.data);
}

export function createClassroom(input: ClassroomInput) {
  return api<DataEnvelope<Classroom>>('/classroom/class/create', { method: 'POST', body: input }).then((r) => r.data);
}

export function updateClassroom(id: number, input: ClassroomInput) {
  return api<DataEnvelope<Classroom>>('/classroom/class/update', { method: 'PUT', body: { id, ...input } }).then((r) => r.data);
}

export function setPublishFeature(id: number, flags: { published?: boolean; featured?: boolean }) {
  return api<DataEnvelope<Classroom>>('/classroom/update-publish-feature', { method: 'PUT', body: { id, ...flags } }).then((r) => r.data);
}

export function deleteClassroom(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/class/delete/${id}`, { method: 'DELETE' });
}

// ---- people ----

export function fetchPeople(classroomId: number, query: { user_type?: UserType; page?: number; limit?: number; search?: string }, signal?: AbortSignal) {
  return api<Page<Person>>(`/classroom/people/view/${classroomId}`, { query: { ...query }, signal });
}

export function createPerson(input: PersonInput) {
  return api<DataEnvelope<Person>>('/classroom/people/create', { method: 'POST', body: input }).then((r) => r.data);
}

export function renamePerson(id: number, name: string) {
  return api<DataEnvelope<Person>>('/classroom/people/edit-name', { method: 'PUT', body: { id, name } }).then((r) => r.data);
}

/** 422 `last_teacher` for the class's only teacher. */
export function deletePerson(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/people/delete/${id}`, { method: 'DELETE' });
}

/** People from a list (at most 500): every row checked first (errors on `people.<n>.<field>`); those in the class already skipped. */
export function addPeopleList(classroomId: number, userType: UserType, people: PersonRowInput[]) {
  return api<DataEnvelope<PeopleAdded>>('/classroom/people/add-people-info', { method: 'POST', body: { classroom_id: classroomId, user_type: userType, people } }).then((r) => r.data);
}

/** A student made a teacher, or back (422 `last_teacher` for the class's only teacher). */
export function setPersonType(id: number, userType: UserType) {
  return api<DataEnvelope<Person>>(`/classroom/people/update-people-info/${id}`, { method: 'PUT', body: { user_type: userType } }).then((r) => r.data);
}

// ---- schedule ----

/** now: not yet ended, soonest first; completed: ended, latest first. */
export type ScheduleType = 'now' | 'completed' | 'all';

export function fetchSessions(query: { classroom_id: number; type: ScheduleType; page?: number; limit?: number }, signal?: AbortSignal) {
  return api<Page<ClassSession>>('/classroom/schedule/view-syllabus-all', { query: { ...query }, signal });
}

export function createSession(classroomId: number, input: SessionInput) {
  return api<DataEnvelope<ClassSession>>('/classroom/schedule/create-one', { method: 'POST', body: { classroom_id: classroomId, ...input } }).then((r) => r.data);
}

export function updateSession(id: number, input: SessionInput) {
  return api<DataEnvelope<ClassSession>>('/classroom/schedule/update-one', { method: 'PUT', body: { id, ...input } }).then((r) => r.data);
}

export function deleteSession(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/schedule/delete-one/${id}`, { method: 'DELETE' });
}

/** A video of the caller's file manager as the session's recording; null takes it off (422 `invalid_choice` for another file). */
export function setRecording(sessionId: number, fileId: number | null) {
  return api<DataEnvelope<ClassSession>>('/classroom/schedule/upload-class-recording', { method: 'PUT', body: { session_id: sessionId, file_id: fileId } }).then((r) => r.data);
}

// ---- classwork ----

export function fetchClassworks(classroomId: number, query: { content_type?: ClassworkType; session_id?: number; page?: number; limit?: number }, signal?: AbortSignal) {
  return api<Page<Classwork>>(`/classroom/schedule/classworks/${classroomId}`, { query: { ...query }, signal });
}

export function createClasswork(classroomId: number, input: ClassworkInput) {
  return api<DataEnvelope<Classwork>>('/classroom/schedule/classwork-create-one', { method: 'POST', body: { classroom_id: classroomId, ...input } }).then((r) => r.data);
}

export function updateClasswork(id: number, input: ClassworkInput) {
  return api<DataEnvelope<Classwork>>('/classroom/schedule/classwork-update-one', { method: 'PUT', body: { id, ...input } }).then((r) => r.data);
}

export function deleteClasswork(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/schedule/classwork-delete-one/${id}`, { method: 'DELETE' });
}

// ---- quiz results (teachers and admins) ----

/** Each student's best attempt at each quiz of the session (an empty list: the session has no quiz). */
export function fetchSessionResults(sessionId: number, signal?: AbortSignal) {
  return api<DataEnvelope<QuizResults[]>>(`/classroom/evaluation/results/${sessionId}`, { signal }).then((r) => r.data ?? []);
}

/** One attempt answer by answer, as the exam engine gives it (409 `attempt_open` while it is being taken). */
export function fetchAttemptAnswers(attemptUuid: string, signal?: AbortSignal) {
  return api<DataEnvelope<AttemptResult>>(`/classroom/evaluation/user-answers/${encodeURIComponent(attemptUuid)}`, { signal }).then((r) => r.data);
}

// ---- a session's chat ----

/** Newest first, with replies. Without the top loading bar: the chat shows its own, and is read again while open. */
export function fetchChat(sessionId: number, page: number, limit: number, signal?: AbortSignal) {
  return api<Page<ChatMessage>>('/classroom/schedule/view-discussions', { query: { session_id: sessionId, page, limit }, signal, silent: true });
}

export function sendChat(sessionId: number, body: string, parentId?: number) {
  return api<DataEnvelope<ChatMessage>>('/classroom/schedule/put-chat', { method: 'POST', body: { session_id: sessionId, body, ...(parentId && { parent_id: parentId }) } }).then((r) => r.data);
}

/** A joining link for the caller, from 15 minutes before the start until the end (422 `session_not_open` otherwise). */
export function fetchJoinLink(sessionId: number) {
  return api<DataEnvelope<JoinLink>>('/convay/token', { query: { session_id: sessionId } }).then((r) => r.data);
}

// ---- attendance (teachers and admins) ----

export function fetchAttendance(sessionId: number, signal?: AbortSignal) {
  return api<DataEnvelope<AttendanceRow[]>>(`/classroom/attendance/view/${sessionId}`, { signal }).then((r) => r.data);
}

/** The students in `present` are present, the others absent. */
export function storeAttendance(sessionId: number, present: number[]) {
  return api<DataEnvelope<AttendanceRow[]>>(`/classroom/attendance/store/${sessionId}`, { method: 'POST', body: { present } }).then((r) => r.data);
}

export type SheetFormat = 'xlsx' | 'csv';

/** The session's attendance sheet (Excel by default, or CSV), fetched with the app's headers and saved as attendance-<id>.<format>. */
export function downloadAttendance(sessionId: number, format: SheetFormat = 'xlsx') {
  return downloadFile(`/classroom/attendance/download/${sessionId}`, { format }, `attendance-${sessionId}.${format}`);
}

// ---- meeting accounts (site admins) ----

export function fetchMeetingAccount(platform: AccountPlatform, signal?: AbortSignal) {
  return api<DataEnvelope<MeetingAccount>>('/classroom/api_configure/check', { query: { platform }, signal }).then((r) => r.data);
}

export function storeMeetingAccount(input: MeetingAccountInput) {
  return api<DataEnvelope<MeetingAccount>>('/classroom/api_configure/store', { method: 'POST', body: input }).then((r) => r.data);
}

// ---- timeline ----

/** The first load takes 10; "more" asks for the next skip. */
export const TIMELINE_TAKE = 10;

export function fetchTimeline(classroomId: number, skip: number, take = TIMELINE_TAKE, signal?: AbortSignal) {
  return api<TimelinePage>('/classroom/timeline/view', { query: { course_batch_id: classroomId, skip, take }, signal });
}

export function fetchPinnedPosts(classroomId: number, signal?: AbortSignal) {
  return api<DataEnvelope<Post[]>>('/classroom/timeline/view-pin-post', { query: { course_batch_id: classroomId }, signal }).then((r) => r.data);
}

export function createPost(classroomId: number, body: string) {
  return api<DataEnvelope<Post>>('/classroom/timeline/create', { method: 'POST', body: { course_batch_id: classroomId, body } }).then((r) => r.data);
}

export function updatePost(id: number, body: string) {
  return api<DataEnvelope<Post>>(`/classroom/timeline/update/${id}`, { method: 'PUT', body: { body } }).then((r) => r.data);
}

export function pinPost(id: number, pinned: boolean) {
  return api<DataEnvelope<Post>>(`/classroom/timeline/pin-post/${id}`, { method: 'PUT', body: { pinned } }).then((r) => r.data);
}

export function deletePost(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/timeline/delete/${id}`, { method: 'DELETE' });
}

export function createComment(postId: number, body: string) {
  return api<DataEnvelope<Comment>>('/classroom/timeline/post-comment', { method: 'POST', body: { timeline_id: postId, body } }).then((r) => r.data);
}

export function updateComment(id: number, body: string) {
  return api<DataEnvelope<Comment>>('/classroom/timeline/update-comment', { method: 'PUT', body: { id, body } }).then((r) => r.data);
}

export function deleteComment(id: number) {
  return api<DataEnvelope<Done>>(`/classroom/timeline/delete-comment/${id}`, { method: 'DELETE' });
}

/** New posts and comments as they are written (text/event-stream: `event: post|comment`, `id:` the row's id). */
export const TIMELINE_STREAM = '/classroom/timeline/stream';
