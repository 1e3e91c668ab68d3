// Queries and mutations of the classrooms' pages. One key space ('classrooms'): a change to a class
// reads its lists and the class again; the people, the schedule, the attendance and the timeline
// of a class are read again after their own changes. The mutations are also given as options
// (…Mutation(qc, …)) so that the tests run them as the pages do. The timeline's live stream is in
// use-timeline-stream.ts.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { PAGE_ACCESS, type MenuClass } from '../../../lib/menu-class';
import type { Page } from '../../../lib/types';
import {
  addPeopleList,
  createClasswork,
  createClassroom,
  createComment,
  createPerson,
  createPost,
  createSession,
  deleteClasswork,
  deleteClassroom,
  deleteComment,
  deletePerson,
  deletePost,
  deleteSession,
  enrollByCode,
  fetchAttemptAnswers,
  fetchAttendance,
  fetchChat,
  fetchClassworks,
  fetchMeetingAccount,
  fetchClassroom,
  fetchClassrooms,
  fetchInvite,
  fetchJoinLink,
  fetchPeople,
  fetchPinnedPosts,
  fetchSessionResults,
  fetchSessions,
  fetchTimeline,
  pinPost,
  renamePerson,
  sendChat,
  setPersonType,
  setPublishFeature,
  setRecording,
  storeAttendance,
  storeMeetingAccount,
  TIMELINE_TAKE,
  updateClasswork,
  updateClassroom,
  updateComment,
  updatePost,
  updateSession,
  type AccountPlatform,
  type AttendanceRow,
  type ChatMessage,
  type Classroom,
  type ClassSession,
  type Classwork,
  type ClassworkType,
  type MeetingAccount,
  type MeetingAccountInput,
  type PeopleAdded,
  type Person,
  type PersonRowInput,
  type Post,
  type RoleFilter,
  type TimelinePage,
  type UserType,
} from '../api/classrooms-api';
import { classroomBody, classworkBody, personBody, sessionBody, type ClassroomFormValues, type ClassworkFormValues, type PersonFormValues, type SessionFormValues } from './classroom-forms';
import { chatMessages, nextSkip, timelinePosts, type TimelineData } from './classroom-format';

export const CLASSES_PAGE_SIZE = 12;
export const PEOPLE_PAGE_SIZE = 10;
export const SESSIONS_PAGE_SIZE = 10;
/** The attendance tab's choice of sessions: the latest ended and the next ones. */
export const ATTENDANCE_SESSIONS = 50;
/** The classwork form's choice of sessions (every session of the class, latest first). */
export const CLASSWORK_SESSIONS = 100;
export const CLASSWORK_PAGE_SIZE = 10;
export const CHAT_PAGE_SIZE = 20;
/** How often an open chat of a live session is read again. */
export const CHAT_REFRESH_MS = 10_000;

/** Who creates classes: the people who author courses (partner admins and teachers, super admins). */
export function isClassroomAuthor(cls: MenuClass): boolean {
  return (PAGE_ACCESS.authoring as readonly MenuClass[]).includes(cls);
}

/**
 * Who is offered the site's tools (every class of the site, the meeting accounts): the site's
 * admins (lib/menu-class.ts). A partner's teacher is not: the server answers them 403.
 */
export { isSiteAdmin } from '../../../lib/menu-class';

export interface ClassListParams {
  role: RoleFilter;
  page: number;
  search: string;
  /** Every class of the site (site admins). */
  manage?: boolean;
  /** Only the live rooms of webinars (My webinars). */
  courseType?: 'webinar';
}

export type ScheduleView = 'now' | 'completed' | 'all';

/** The classwork tab's filter: everything, or one type. */
export type ClassworkFilter = 'all' | ClassworkType;

export const classroomKeys = {
  all: ['classrooms'] as const,
  lists: ['classrooms', 'list'] as const,
  list: (p: ClassListParams) => ['classrooms', 'list', p.manage ? 'site' : p.role, p.page, p.search, p.courseType ?? 'any'] as const,
  one: (id: number) => ['classrooms', 'one', id] as const,
  invite: (code: string) => ['classrooms', 'invite', code] as const,
  people: (id: number) => ['classrooms', 'people', id] as const,
  peoplePage: (id: number, type: UserType, page: number) => ['classrooms', 'people', id, type, page] as const,
  sessions: (id: number) => ['classrooms', 'sessions', id] as const,
  sessionsPage: (id: number, type: ScheduleView, page: number, limit = SESSIONS_PAGE_SIZE) => ['classrooms', 'sessions', id, type, page, limit] as const,
  attendance: (sessionId: number) => ['classrooms', 'attendance', sessionId] as const,
  timeline: (id: number) => ['classrooms', 'timeline', id] as const,
  pinned: (id: number) => ['classrooms', 'pinned', id] as const,
  classworks: (id: number) => ['classrooms', 'classworks', id] as const,
  classworksPage: (id: number, filter: ClassworkFilter, page: number) => ['classrooms', 'classworks', id, filter, page] as const,
  chat: (sessionId: number) => ['classrooms', 'chat', sessionId] as const,
  results: (sessionId: number) => ['classrooms', 'results', sessionId] as const,
  attemptAnswers: (attemptUuid: string) => ['classrooms', 'attempt-answers', attemptUuid] as const,
  meeting: (platform: AccountPlatform) => ['classrooms', 'meeting', platform] as const,
};

// ---- classes ----

/**
 * The list's query: the caller's classes of a role, or (`manage`) every class of the site; with
 * `courseType`, only webinars' live rooms.
 */
export function classroomListQuery(p: ClassListParams) {
  return {
    queryKey: classroomKeys.list(p),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      fetchClassrooms(
        { page: p.page, limit: CLASSES_PAGE_SIZE, search: p.search || undefined, ...(p.manage ? { manage: 1 as const } : { role: p.role }), course_type: p.courseType },
        signal,
      ),
    // Every class of the site: a partner's teacher is refused (403), shown in place of the list.
    ...(p.manage && { meta: SECTION_QUERY, retry: false }),
  };
}

export function useClassroomList(p: ClassListParams) {
  return useQuery({ ...classroomListQuery(p), placeholderData: keepPreviousData });
}

export function useClassroom(id: number) {
  return useQuery({ queryKey: classroomKeys.one(id), queryFn: ({ signal }) => fetchClassroom(id, signal), enabled: id > 0 });
}

/** The class as saved, put where its page reads it; the lists are read again. */
function classroomChanged(qc: QueryClient, saved?: Classroom) {
  if (saved) qc.setQueryData<Classroom>(classroomKeys.one(saved.id), (old) => (old ? { ...old, ...saved } : saved));
  void qc.invalidateQueries({ queryKey: classroomKeys.lists });
}

/** Creates a class (null) or saves one. */
export function saveClassroomMutation(qc: QueryClient, classroom: Classroom | null): UseMutationOptions<Classroom, Error, ClassroomFormValues> {
  return {
    mutationFn: (values) => (classroom ? updateClassroom(classroom.id, classroomBody(values)) : createClassroom(classroomBody(values))),
    onSuccess: (saved) => classroomChanged(qc, saved),
  };
}

/** The header's switches: the class shows the change at once, and the server's answer after. */
export function publishFeatureMutation(qc: QueryClient, id: number): UseMutationOptions<Classroom, Error, { published?: boolean; featured?: boolean }, { before?: Classroom }> {
  return {
    mutationFn: (flags) => setPublishFeature(id, flags),
    onMutate: (flags) => {
      const before = qc.getQueryData<Classroom>(classroomKeys.one(id));
      if (before) qc.setQueryData<Classroom>(classroomKeys.one(id), { ...before, ...flags });
      return { before };
    },
    onError: (_err, _flags, context) => {
      if (context?.before) qc.setQueryData(classroomKeys.one(id), context.before);
    },
    onSuccess: (saved) => classroomChanged(qc, saved),
  };
}

export function useDeleteClassroom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteClassroom(id),
    // The page leaves for the list; the class's own queries are not read again.
    onSuccess: () => void qc.invalidateQueries({ queryKey: classroomKeys.lists }),
  });
}

// ---- the join page ----

export function useInvite(code: string) {
  return useQuery({ queryKey: classroomKeys.invite(code), queryFn: ({ signal }) => fetchInvite(code, signal), enabled: !!code });
}

export function enrollMutation(qc: QueryClient, code: string): UseMutationOptions<Classroom, Error, void> {
  return {
    mutationFn: () => enrollByCode(code),
    onSuccess: (joined) => {
      qc.setQueryData(classroomKeys.one(joined.id), joined);
      void qc.invalidateQueries({ queryKey: classroomKeys.invite(code) });
      void qc.invalidateQueries({ queryKey: classroomKeys.lists });
    },
  };
}

// ---- people ----

export function usePeople(classroomId: number, type: UserType, page: number) {
  return useQuery({
    queryKey: classroomKeys.peoplePage(classroomId, type, page),
    queryFn: ({ signal }) => fetchPeople(classroomId, { user_type: type, page, limit: PEOPLE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    meta: SECTION_QUERY,
  });
}

/** People changed: their lists and the class's counts are read again. */
function peopleChanged(qc: QueryClient, classroomId: number) {
  void qc.invalidateQueries({ queryKey: classroomKeys.people(classroomId) });
  void qc.invalidateQueries({ queryKey: classroomKeys.one(classroomId) });
  void qc.invalidateQueries({ queryKey: classroomKeys.lists });
}

/** Adds a person (409 `person_exists`, 422 `contact_required`). */
export function addPersonMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Person, Error, PersonFormValues> {
  return {
    mutationFn: (values) => createPerson(personBody(classroomId, values)),
    onSuccess: () => peopleChanged(qc, classroomId),
  };
}

export function renamePersonMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Person, Error, { id: number; name: string }> {
  return {
    mutationFn: ({ id, name }) => renamePerson(id, name.trim()),
    onSuccess: () => void qc.invalidateQueries({ queryKey: classroomKeys.people(classroomId) }),
  };
}

/** People from a list: nothing is added while a row is wrong (422 on `people.<n>.<field>`). */
export function addPeopleListMutation(qc: QueryClient, classroomId: number): UseMutationOptions<PeopleAdded, Error, { userType: UserType; people: PersonRowInput[] }> {
  return {
    mutationFn: ({ userType, people }) => addPeopleList(classroomId, userType, people),
    onSuccess: () => peopleChanged(qc, classroomId),
  };
}

/** Makes a student a teacher or back (422 `last_teacher` for the only teacher). */
export function setPersonTypeMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Person, Error, { person: Person; userType: UserType }> {
  return {
    mutationFn: ({ person, userType }) => setPersonType(person.id, userType),
    onSuccess: () => peopleChanged(qc, classroomId),
  };
}

/** Removes a person (422 `last_teacher` for the only teacher: they stay). */
export function removePersonMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, Person> {
  return {
    mutationFn: (person) => deletePerson(person.id),
    onSuccess: () => peopleChanged(qc, classroomId),
  };
}

// ---- schedule ----

export function useSessions(classroomId: number, type: ScheduleView, page: number, limit = SESSIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: classroomKeys.sessionsPage(classroomId, type, page, limit),
    queryFn: ({ signal }) => fetchSessions({ classroom_id: classroomId, type, page, limit }, signal),
    placeholderData: keepPreviousData,
    meta: SECTION_QUERY,
  });
}

/** The schedule changed: its lists and the class's next session are read again. */
function scheduleChanged(qc: QueryClient, classroomId: number) {
  void qc.invalidateQueries({ queryKey: classroomKeys.sessions(classroomId) });
  void qc.invalidateQueries({ queryKey: classroomKeys.one(classroomId) });
  void qc.invalidateQueries({ queryKey: classroomKeys.lists });
}

export function saveSessionMutation(qc: QueryClient, classroomId: number, session: ClassSession | null): UseMutationOptions<ClassSession, Error, SessionFormValues> {
  return {
    mutationFn: (values) => (session ? updateSession(session.id, sessionBody(values)) : createSession(classroomId, sessionBody(values))),
    onSuccess: () => scheduleChanged(qc, classroomId),
  };
}

export function deleteSessionMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, ClassSession> {
  return {
    mutationFn: (s) => deleteSession(s.id),
    onSuccess: () => scheduleChanged(qc, classroomId),
  };
}

/** Gives a session its recording (a video of the caller's file manager) or, with null, takes it off. */
export function recordingMutation(qc: QueryClient, classroomId: number): UseMutationOptions<ClassSession, Error, { sessionId: number; fileId: number | null }> {
  return {
    mutationFn: ({ sessionId, fileId }) => setRecording(sessionId, fileId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: classroomKeys.sessions(classroomId) }),
  };
}

/** A joining link for one session (422 `session_not_open` outside its time). */
export function useJoinSession() {
  return useMutation({ mutationFn: (sessionId: number) => fetchJoinLink(sessionId) });
}

// ---- classwork ----

export function classworksQuery(classroomId: number, filter: ClassworkFilter, page: number) {
  return {
    queryKey: classroomKeys.classworksPage(classroomId, filter, page),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchClassworks(classroomId, { ...(filter !== 'all' && { content_type: filter }), page, limit: CLASSWORK_PAGE_SIZE }, signal),
    meta: SECTION_QUERY,
  };
}

export function useClassworks(classroomId: number, filter: ClassworkFilter, page: number) {
  return useQuery({ ...classworksQuery(classroomId, filter, page), placeholderData: keepPreviousData });
}

export function saveClassworkMutation(qc: QueryClient, classroomId: number, classwork: Classwork | null): UseMutationOptions<Classwork, Error, ClassworkFormValues> {
  return {
    mutationFn: (values) => (classwork ? updateClasswork(classwork.id, classworkBody(values)) : createClasswork(classroomId, classworkBody(values))),
    onSuccess: () => void qc.invalidateQueries({ queryKey: classroomKeys.classworks(classroomId) }),
  };
}

export function deleteClassworkMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, Classwork> {
  return {
    mutationFn: (c) => deleteClasswork(c.id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: classroomKeys.classworks(classroomId) }),
  };
}

// ---- quiz results (teachers and admins) ----

export function sessionResultsQuery(sessionId: number) {
  return {
    queryKey: classroomKeys.results(sessionId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSessionResults(sessionId, signal),
    meta: SECTION_QUERY,
  };
}

/** Each student's best attempt at each quiz of the session, read again each time the results open. */
export function useSessionResults(sessionId: number) {
  return useQuery({ ...sessionResultsQuery(sessionId), staleTime: 0 });
}

export function attemptAnswersQuery(attemptUuid: string) {
  return {
    queryKey: classroomKeys.attemptAnswers(attemptUuid),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchAttemptAnswers(attemptUuid, signal),
    meta: SECTION_QUERY,
  };
}

/** One attempt, read-only (409 `attempt_open` while the student is still taking it). */
export function useAttemptAnswers(attemptUuid: string) {
  return useQuery({ ...attemptAnswersQuery(attemptUuid), staleTime: 0 });
}

// ---- a session's chat ----

export function chatQuery(sessionId: number) {
  return {
    queryKey: classroomKeys.chat(sessionId),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal?: AbortSignal }) => fetchChat(sessionId, pageParam, CHAT_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<ChatMessage>) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  };
}

/** The chat, newest first, a page at a time ("Earlier messages" adds the next); read again every 10 s while the session is live. */
export function useChat(sessionId: number, live: boolean) {
  return useInfiniteQuery({
    ...chatQuery(sessionId),
    select: (data) => ({ messages: chatMessages(data.pages), total: data.pages[0]?.total ?? 0 }),
    refetchInterval: live ? CHAT_REFRESH_MS : false,
    meta: SECTION_QUERY,
  });
}

/** Writes in the chat: the chat goes back to its newest page, read again. */
export function sendChatMutation(qc: QueryClient, sessionId: number): UseMutationOptions<ChatMessage, Error, string> {
  return {
    mutationFn: (body) => sendChat(sessionId, body),
    onSuccess: () => {
      qc.setQueryData<{ pages: Page<ChatMessage>[]; pageParams: number[] }>(classroomKeys.chat(sessionId), (old) => old && { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) });
      void qc.invalidateQueries({ queryKey: classroomKeys.chat(sessionId) });
    },
  };
}

// ---- meeting accounts (site admins) ----

export function useMeetingAccount(platform: AccountPlatform, enabled: boolean) {
  return useQuery({ queryKey: classroomKeys.meeting(platform), queryFn: ({ signal }) => fetchMeetingAccount(platform, signal), enabled, meta: SECTION_QUERY, retry: false });
}

/** Saves the account (its addresses and ids trimmed; a field not given stays out of the body); its check is read again. */
export function storeMeetingMutation(qc: QueryClient): UseMutationOptions<MeetingAccount, Error, MeetingAccountInput> {
  return {
    mutationFn: (input) =>
      storeMeetingAccount({ ...input, base_url: input.base_url.trim(), app_id: input.app_id?.trim(), client_id: input.client_id?.trim(), auth_url: input.auth_url?.trim() }),
    onSuccess: (saved) => {
      qc.setQueryData(classroomKeys.meeting(saved.platform), saved);
      void qc.invalidateQueries({ queryKey: classroomKeys.meeting(saved.platform) });
    },
  };
}

// ---- attendance ----

export function useAttendance(sessionId: number | null) {
  return useQuery({
    queryKey: classroomKeys.attendance(sessionId ?? 0),
    queryFn: ({ signal }) => fetchAttendance(sessionId!, signal),
    enabled: !!sessionId,
    meta: SECTION_QUERY,
  });
}

/** Saves who was present (422 `not_a_student` for an id that is not a student of the class). */
export function saveAttendanceMutation(qc: QueryClient, classroomId: number, sessionId: number): UseMutationOptions<AttendanceRow[], Error, number[]> {
  return {
    mutationFn: (present) => storeAttendance(sessionId, present),
    onSuccess: (rows) => {
      qc.setQueryData(classroomKeys.attendance(sessionId), rows);
      // The sessions' "present" counts.
      void qc.invalidateQueries({ queryKey: classroomKeys.sessions(classroomId) });
    },
  };
}

// ---- timeline ----

export function timelineQuery(classroomId: number) {
  return {
    queryKey: classroomKeys.timeline(classroomId),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal?: AbortSignal }) => fetchTimeline(classroomId, pageParam, TIMELINE_TAKE, signal),
    initialPageParam: 0,
    getNextPageParam: (last: TimelinePage) => nextSkip(last),
  };
}

/** The timeline, 10 posts at a time: `posts` is every page loaded so far (the first replaces, the next ones append). */
export function useTimeline(classroomId: number) {
  return useInfiniteQuery({
    ...timelineQuery(classroomId),
    select: (data) => ({ posts: timelinePosts(data.pages), total: data.pages.at(-1)?.total ?? 0 }),
    meta: SECTION_QUERY,
  });
}

export function usePinnedPosts(classroomId: number) {
  return useQuery({ queryKey: classroomKeys.pinned(classroomId), queryFn: ({ signal }) => fetchPinnedPosts(classroomId, signal), meta: SECTION_QUERY });
}


/** The posts (pinned ones too) and their comments are read again: every page loaded so far. */
function timelineChanged(qc: QueryClient, classroomId: number) {
  void qc.invalidateQueries({ queryKey: classroomKeys.timeline(classroomId) });
  void qc.invalidateQueries({ queryKey: classroomKeys.pinned(classroomId) });
}

/** A new post: the timeline goes back to its first load of 10 (which replaces the list), the new post on top. */
export function createPostMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Post, Error, string> {
  return {
    mutationFn: (body) => createPost(classroomId, body),
    onSuccess: () => {
      qc.setQueryData<TimelineData>(classroomKeys.timeline(classroomId), (old) => old && { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) });
      void qc.invalidateQueries({ queryKey: classroomKeys.timeline(classroomId) });
    },
  };
}

export function editPostMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Post, Error, { id: number; body: string }> {
  return { mutationFn: ({ id, body }) => updatePost(id, body), onSuccess: () => timelineChanged(qc, classroomId) };
}

export function pinPostMutation(qc: QueryClient, classroomId: number): UseMutationOptions<Post, Error, { id: number; pinned: boolean }> {
  return { mutationFn: ({ id, pinned }) => pinPost(id, pinned), onSuccess: () => timelineChanged(qc, classroomId) };
}

export function deletePostMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, number> {
  return { mutationFn: (id) => deletePost(id), onSuccess: () => timelineChanged(qc, classroomId) };
}

export function commentMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, { postId: number; body: string }> {
  return { mutationFn: ({ postId, body }) => createComment(postId, body), onSuccess: () => timelineChanged(qc, classroomId) };
}

export function editCommentMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, { id: number; body: string }> {
  return { mutationFn: ({ id, body }) => updateComment(id, body), onSuccess: () => timelineChanged(qc, classroomId) };
}

export function deleteCommentMutation(qc: QueryClient, classroomId: number): UseMutationOptions<unknown, Error, number> {
  return { mutationFn: (id) => deleteComment(id), onSuccess: () => timelineChanged(qc, classroomId) };
}
