// The classrooms' quizzes: a classwork of the third kind, taken through an exam of the teacher's
// Exam Centre (the form's exam picker, exam_id sent), shown in the classwork list with its exam and
// window (students get the Exam Centre's page to take it), and a session's results for teachers:
// each student's best attempt, read-only answer by answer. Rendered to static markup like
// classroom-tools.test.tsx, with a stubbed fetch.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { errorText, fetchCall, href, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { EXAM_PICKER_LIMIT } from '../../courses/components/exam-picker';
import type { ExamSummary } from '../../exams/api/exams-api';
import { examKeys } from '../../exams/hooks/use-exams';
import { CLASSWORK_TYPES, type Classwork } from '../api/classrooms-api';
import { CLASSWORK_FIELDS, classworkBody, classworkProblems, classworkValues, type ClassworkFormValues } from '../hooks/classroom-forms';
import { DHAKA, formatLongDay, formatWindow } from '../hooks/classroom-format';
import { attemptAnswersQuery, classroomKeys, classworksQuery, saveClassworkMutation, sessionResultsQuery } from '../hooks/use-classrooms';
import { attemptResult, classroom, classwork, classworkExam, notTaken, pageOf, quizClasswork, quizResults, session, studentResult, studentsClassroom } from '../test-fixtures';
import { useClassroomProblemText } from './classroom-dialog';
import { ClassworkForm } from './classwork-dialog';
import { ClassworkTab } from './classwork-tab';
import { SessionCard } from './schedule-tab';
import { AttemptAnswers, SessionResults } from './session-results';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const body = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;
const errors = (lang: Lang) => resources[lang].errors as Record<string, string>;
const ATTEMPT = studentResult().attempt_uuid!;

/** An exam of the teacher's Exam Centre as its list gives it. */
const examRow = (over: Partial<ExamSummary> = {}): ExamSummary => ({
  id: 7,
  uuid: classworkExam().uuid,
  title: 'Forces quiz',
  title_bn: 'বলের কুইজ',
  starts_at: '2026-12-22T04:00:00Z',
  ends_at: '2026-12-22T05:00:00Z',
  duration_minutes: 30,
  published: true,
  question_count: 10,
  attempt_count: 0,
  pending_marking: 0,
  ...over,
});

/** A client whose first page of the teacher's exams (the exam picker's) is loaded already. */
function withExams(rows: ExamSummary[] = [examRow(), examRow({ id: 8, title: 'Energy test', title_bn: '' })]) {
  const qc = new QueryClient();
  qc.setQueryData(examKeys.list({ page: 1, limit: EXAM_PICKER_LIMIT }), pageOf(rows, { per_page: EXAM_PICKER_LIMIT }));
  return qc;
}

describe('1. the classwork form: a quiz takes an exam of the Exam Centre', () => {
  function Form({ v, err, checked = false, editing }: { v: ClassworkFormValues; err?: unknown; checked?: boolean; editing?: Classwork }) {
    const codeText = useClassroomProblemText();
    const { errors: shown, formError } = useFieldErrors(CLASSWORK_FIELDS, err, codeText);
    const problems = checked ? Object.fromEntries(Object.entries(classworkProblems(v)).map(([f, c]) => [f, codeText(c as string)])) : {};
    return (
      <ClassworkForm
        editing={!!editing}
        values={v}
        errors={{ ...shown, ...problems }}
        formError={formError}
        busy={false}
        sessions={[session()]}
        exam={editing?.exam}
        onPickFile={noop}
        onChange={noop}
        onSave={noop}
        onCancel={noop}
      />
    );
  }
  const quiz = (over: Partial<ClassworkFormValues> = {}): ClassworkFormValues => ({ ...classworkValues(null, 'quiz'), title: 'Quiz on forces', ...over });

  it('offers quiz as the third kind, in both languages', async () => {
    expect(CLASSWORK_TYPES).toEqual(['material', 'assignment', 'quiz']);
    expect(resources.en.classrooms.classwork).toMatchObject({ types: { quiz: 'Quiz' }, filters: { quiz: 'Quizzes' } });
    expect(resources.bn.classrooms.classwork).toMatchObject({ types: { quiz: 'কুইজ' }, filters: { quiz: 'কুইজ' } });
    const material = await render('en', <Form v={classworkValues(null)} />, { qc: withExams() });
    expect(input(material, 'classwork-type-quiz')).not.toBe('');
    expect(input(material, 'classwork-type-quiz')).not.toContain('checked');
    // The exam is asked of a quiz only.
    expect(tag(material, 'classwork-exam-field')).toBe('');
    expect(input(material, 'classwork-exam_id')).toBe('');
  });

  it('requires the exam, saying so on the picker in English and Bangla', async () => {
    expect(classworkProblems(quiz())).toEqual({ exam_id: 'exam_required' });
    expect(classworkProblems(quiz({ exam_id: 7 }))).toEqual({});
    // Material and assignments need none.
    expect(classworkProblems({ ...quiz(), content_type: 'material' })).toEqual({});

    const en = await render('en', <Form v={quiz()} checked />, { qc: withExams() });
    expect(input(en, 'classwork-type-quiz')).toContain('checked');
    expect(tag(en, 'classwork-exam-field')).not.toBe('');
    expect(input(en, 'classwork-exam_id')).toContain('aria-invalid="true"');
    expect(input(en, 'classwork-exam_id')).toContain('required');
    expect(text(en)).toContain(errors('en').exam_required);
    expect(text(en)).toContain('Exam students take');
    const bn = await render('bn', <Form v={quiz()} checked />, { qc: withExams() });
    expect(text(bn)).toContain(errors('bn').exam_required);
    // Until then, the hint says what the exam is.
    expect(text(await render('bn', <Form v={quiz()} />, { qc: withExams() }))).toContain('আপনার পরীক্ষা কেন্দ্রের একটি পরীক্ষা: পরীক্ষাটি খোলা থাকার সময়');
  });

  it('shows the server’s exam_required and exam_not_found on the exam', async () => {
    for (const code of ['exam_required', 'exam_not_found']) {
      const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { exam_id: [code] });
      const html = await render('bn', <Form v={quiz({ exam_id: 99 })} err={refused} />, { qc: withExams() });
      expect(input(html, 'classwork-exam_id'), code).toContain('aria-invalid="true"');
      expect(text(html), code).toContain(errors('bn')[code]);
      expect(tag(html, 'classwork-form-error'), code).toBe('');
    }
  });

  it('shows a saved quiz’s exam by its title without looking it up, and sends a teacher without exams to create one', async () => {
    const saved = quizClasswork({ exam: classworkExam({ id: 31, title: 'Old forces quiz', title_bn: 'পুরনো বলের কুইজ' }) });
    expect(classworkValues(saved)).toMatchObject({ content_type: 'quiz', exam_id: 31 });
    const fetchMock = stubFetch(() => json(pageOf([])));
    const html = await render('bn', <Form v={classworkValues(saved)} editing={saved} />, { qc: withExams() });
    expect(input(html, 'classwork-exam_id')).toContain('value="পুরনো বলের কুইজ"');
    expect(fetchMock).not.toHaveBeenCalled();

    const none = await render('en', <Form v={quiz()} />, { qc: withExams([]) });
    expect(tag(none, 'no-exams')).not.toBe('');
    expect(text(none)).toContain('You have no exams yet. A quiz is taken through an exam of the Exam Centre.');
    expect(href(none, 'create-exam-link')).toBe('/exam/single/create');
  });

  it('lists the teacher’s exams with the Exam Centre’s own call, searched on the server', async () => {
    const fetchMock = stubFetch(() => json(pageOf([examRow()])));
    const { fetchExams } = await import('../../exams/api/exams-api');
    await fetchExams({ page: 1, limit: EXAM_PICKER_LIMIT, search: 'forces' });
    expect(fetchCall(fetchMock)[0]).toBe(`/course/exam/view-single?page=1&limit=${EXAM_PICKER_LIMIT}&search=forces`);
  });

  it('sends exam_id with content_type quiz (and none with the other kinds)', async () => {
    const v = quiz({ title: ' Quiz on forces ', session_id: '41', exam_id: 7 });
    expect(classworkBody(v)).toEqual({ content_type: 'quiz', title: 'Quiz on forces', title_bn: null, instructions: '', session_id: 41, file_id: null, due_at: null, exam_id: 7 });
    expect(classworkBody({ ...v, content_type: 'material' })).not.toHaveProperty('exam_id');
    expect(classworkBody({ ...v, content_type: 'assignment' })).not.toHaveProperty('exam_id');

    const fetchMock = stubFetch(() => json({ data: quizClasswork() }, 201));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.classworksPage(3, 'quiz', 1), pageOf([]));
    await runMutation(saveClassworkMutation(qc, 3, null), v, qc);
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/schedule/classwork-create-one');
    expect(fetchCall(fetchMock)[1].method).toBe('POST');
    expect(body(fetchCall(fetchMock)[1])).toEqual({ classroom_id: 3, content_type: 'quiz', title: 'Quiz on forces', title_bn: null, instructions: '', session_id: 41, file_id: null, due_at: null, exam_id: 7 });
    expect(qc.getQueryState(classroomKeys.classworksPage(3, 'quiz', 1))?.isInvalidated).toBe(true);

    await runMutation(saveClassworkMutation(qc, 3, quizClasswork()), { ...classworkValues(quizClasswork()), exam_id: 8 }, qc);
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/schedule/classwork-update-one');
    expect(body(fetchCall(fetchMock, 1)[1])).toMatchObject({ id: 62, content_type: 'quiz', title: 'Quiz on forces', title_bn: 'বলের উপর কুইজ', session_id: 41, exam_id: 8 });
  });
});

describe('2. a quiz in the classwork list', () => {
  function tab(c = studentsClassroom(), lang: Lang = 'en', rows: Classwork[] = [quizClasswork(), classwork()]) {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.classworksPage(3, 'all', 1), pageOf(rows));
    return render(lang, <ClassworkTab classroom={c} />, { qc });
  }

  it('shows its exam and window on Dhaka’s clock, and gives a student the Exam Centre’s page to take it', async () => {
    const html = await tab();
    const shown = text(html);
    expect(tag(html, 'classwork-card')).toContain('data-classwork-id="62"');
    expect(html).toContain('data-type="quiz"');
    expect(shown).toContain('Quiz on forces');
    expect(shown).toContain('Exam: Forces quiz');
    // 04:00–05:00 UTC is 10:00–11:00 in Dhaka.
    expect(tag(html, 'classwork-exam-window')).not.toBe('');
    expect(shown).toContain(`Open: ${formatLongDay('2026-12-22T04:00:00Z', 'en', DHAKA)}, 10:00–11:00 (Dhaka time)`);
    expect(href(html, 'take-quiz')).toBe(`/exam/journey/${classworkExam().uuid}`);
    expect(tag(html, 'take-quiz')).toContain('aria-label="Take the quiz: Quiz on forces"');
    expect(shown).toContain('Take the quiz');
    // Only the quiz has the button.
    expect([...html.matchAll(/data-testid="take-quiz"/g)]).toHaveLength(1);

    const bn = text(await tab(studentsClassroom(), 'bn'));
    expect(bn).toContain('বলের উপর কুইজ');
    expect(bn).toContain('পরীক্ষা: বলের কুইজ');
    expect(bn).toContain('১০:০০–১১:০০ (ঢাকার সময়)');
    expect(bn).toContain('কুইজ দিন');
  });

  it('gives teachers no take button, and warns them of an unpublished exam', async () => {
    const html = await tab(classroom(), 'en', [quizClasswork({ exam: classworkExam({ published: false }) })]);
    expect(tag(html, 'take-quiz')).toBe('');
    expect(tag(html, 'edit-classwork')).not.toBe('');
    expect(text(html)).toContain('The exam is not published yet: students cannot take it.');
    expect(tag(await tab(studentsClassroom(), 'en', [quizClasswork({ exam: classworkExam({ published: false }) })]), 'classwork-exam-draft')).toBe('');
  });

  it('filters by quiz, and says when there is none', async () => {
    const html = await tab();
    expect([...html.matchAll(/data-testid="classwork-filter-(\w+)"/g)].map((m) => m[1])).toEqual(['all', 'material', 'assignment', 'quiz']);
    const fetchMock = stubFetch(() => json(pageOf([])));
    await new QueryClient().fetchQuery(classworksQuery(3, 'quiz', 1));
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/schedule/classworks/3?content_type=quiz&page=1&limit=10');
    expect(resources.en.classrooms.classwork).toMatchObject({ empty: { quiz: 'No quizzes yet.' } });
    expect(resources.bn.classrooms.classwork).toMatchObject({ empty: { quiz: 'এখনো কোনো কুইজ নেই।' } });
  });

  it('writes a window of more than a day with both days', () => {
    const end = '2026-12-24T12:00:00Z';
    expect(formatWindow('2026-12-22T04:00:00Z', end, 'en')).toBe(`${formatLongDay('2026-12-22T04:00:00Z', 'en', DHAKA)}, 10:00 – ${formatLongDay(end, 'en', DHAKA)}, 18:00`);
    expect(formatWindow('2026-12-22T04:00:00Z', end, 'bn')).toContain('১৮:০০');
  });
});

describe('3. a session’s quiz results', () => {
  /** A client with session 41's results loaded. */
  function withResults(results = [quizResults()], sessionId = 41) {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.results(sessionId), results);
    return qc;
  }

  it('is a "Results" action of teachers on each session', async () => {
    const teacher = await render('en', <SessionCard session={session()} manage onJoin={noop} onEdit={noop} onDelete={noop} onResults={noop} />);
    expect(tag(teacher, 'open-results')).toContain('aria-label="Results: Newton’s laws"');
    const bn = await render('bn', <SessionCard session={session()} manage onJoin={noop} onEdit={noop} onDelete={noop} onResults={noop} />);
    expect(tag(bn, 'open-results')).toContain('aria-label="ফলাফল: নিউটনের সূত্র"');
    const student = await render('en', <SessionCard session={session()} manage={false} onJoin={noop} onEdit={noop} onDelete={noop} />);
    expect(tag(student, 'open-results')).toBe('');

    const fetchMock = stubFetch(() => json({ data: [quizResults()] }));
    expect(await new QueryClient().fetchQuery(sessionResultsQuery(41))).toEqual([quizResults()]);
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/evaluation/results/41');
  });

  it('lists each quiz’s students in a table: attempts, score of the best attempt, passed, and who has not taken it', async () => {
    const pending = studentResult({ user_id: 14, name: 'Nusrat Jahan', attempts: 2, attempt_uuid: 'c0ffee00-0000-4000-8000-000000000014', state: 'submitted', score: null, passed: null, pending_marking: 2 });
    const html = await render('en', <SessionResults sessionId={41} onOpen={noop} wide />, { qc: withResults([quizResults({ students: [studentResult(), notTaken(), pending] })]) });
    const shown = text(html);
    expect(html).toContain('<table');
    expect(tag(html, 'quiz-results')).toContain('data-classwork-id="62"');
    expect(shown).toContain('Quiz on forces');
    expect(shown).toContain('2 of 3 students took it');
    for (const col of ['Student', 'Attempts', 'Score', 'Result', 'Answers']) expect(shown).toContain(col);
    expect([...html.matchAll(/data-testid="result-row" data-user-id="(\d+)" data-taken="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['12:true', '13:false', '14:true']);
    expect(shown).toContain('8 / 10');
    expect(shown).toContain('Passed');
    expect(tag(html, 'result-not-taken')).not.toBe('');
    expect(shown).toContain('Not taken');
    expect(shown).toContain('No score yet');
    expect(shown).toContain('2 answers waiting for marking');
    // A row with an attempt opens it; one without has nothing to open.
    expect([...html.matchAll(/<button[^>]*data-testid="view-attempt"[^>]*>/g)].map((m) => /aria-label="([^"]*)"/.exec(m[0])?.[1])).toEqual([
      'View the answers of Sadia Islam',
      'View the answers of Nusrat Jahan',
    ]);
  });

  it('shows cards at 360 px, in Bangla', async () => {
    const html = await render('bn', <SessionResults sessionId={41} onOpen={noop} wide={false} />, { qc: withResults() });
    const shown = text(html);
    expect(html).not.toContain('<table');
    expect([...html.matchAll(/<li[^>]*data-testid="result-row"/g)]).toHaveLength(2);
    expect(shown).toContain('বলের উপর কুইজ');
    expect(shown).toContain('২ জনের মধ্যে ১ জন অংশ নিয়েছে');
    expect(shown).toContain('৮ / ১০');
    expect(shown).toContain('পাস');
    expect(shown).toContain('১ বার অংশগ্রহণ');
    expect(shown).toContain('অংশ নেয়নি');
    expect(shown).toContain('উত্তর দেখুন');
    const waiting = text(await render('bn', <SessionResults sessionId={41} onOpen={noop} wide={false} />, { qc: withResults([quizResults({ students: [studentResult({ score: null, passed: null, state: 'submitted', pending_marking: 1 })] })]) }));
    expect(waiting).toContain('১টি উত্তর মূল্যায়নের অপেক্ষায়');
  });

  it('says so when the session has no quiz', async () => {
    const en = await render('en', <SessionResults sessionId={42} onOpen={noop} />, { qc: withResults([], 42) });
    expect(tag(en, 'empty-state')).not.toBe('');
    expect(text(en)).toContain('This session has no quiz. Add one on the Classwork tab and choose this session for it.');
    const bn = await render('bn', <SessionResults sessionId={42} onOpen={noop} />, { qc: withResults([], 42) });
    expect(text(bn)).toContain('এই সেশনে কোনো কুইজ নেই।');
    expect(tag(bn, 'session-results')).toBe('');
  });

  it('opens an attempt read-only, as the Exam Centre shows an attempt', async () => {
    const fetchMock = stubFetch(() => json({ data: attemptResult() }));
    await new QueryClient().fetchQuery(attemptAnswersQuery(ATTEMPT));
    expect(fetchCall(fetchMock)[0]).toBe(`/classroom/evaluation/user-answers/${ATTEMPT}`);

    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.attemptAnswers(ATTEMPT), attemptResult());
    const opened = { uuid: ATTEMPT, name: 'Sadia Islam', quiz: 'Quiz on forces' };
    const en = await render('en', <AttemptAnswers attempt={opened} />, { qc });
    expect(tag(en, 'exam-result')).toContain(`data-attempt="${ATTEMPT}"`);
    expect(en).toMatch(/<h3[^>]*data-testid="result-heading"[^>]*>Result<\/h3>/);
    expect(text(en)).toContain('8 / 10');
    expect(text(en)).toContain('What is the unit of force?');
    expect(text(en)).toContain('Learner’s answer');
    expect(text(en)).toContain('Learner’s choice');
    expect(text(en)).not.toContain('Your');
    // Nothing to do there: no way back to an exam, no new attempt.
    expect(tag(en, 'result-back')).toBe('');
    expect(tag(en, 'result-retry')).toBe('');
    const bn = text(await render('bn', <AttemptAnswers attempt={opened} />, { qc }));
    expect(bn).toContain('শিক্ষার্থীর উত্তর');
    expect(bn).toContain('বলের একক কী?');
  });

  it('says an attempt is still being taken (409 attempt_open), in both languages', async () => {
    const opened = { uuid: ATTEMPT, name: 'Sadia Islam', quiz: 'Quiz on forces' };
    const qc = await prefetched(attemptAnswersQuery(ATTEMPT), () => json({ message: 'The attempt is still open.', code: 'attempt_open' }, 409));
    const en = await render('en', <AttemptAnswers attempt={opened} />, { qc });
    expect(tag(en, 'attempt-open')).not.toBe('');
    expect(text(en)).toContain('Sadia Islam is still taking this quiz. The answers can be read once the attempt is submitted.');
    expect(text(en)).toContain('Check again');
    expect(tag(en, 'error-state')).toBe('');
    const bn = await render('bn', <AttemptAnswers attempt={opened} />, { qc });
    expect(text(bn)).toContain('Sadia Islam এখনো কুইজটি দিচ্ছে।');
    // Elsewhere the code has its own words too.
    expect(await errorText('bn', new ApiError(409, 'open', 'attempt_open', {}))).toContain(errors('bn').attempt_open);

    const gone = await prefetched(attemptAnswersQuery(ATTEMPT), () => json({ message: 'Not found', code: 'attempt_not_found' }, 404));
    const html = await render('en', <AttemptAnswers attempt={opened} />, { qc: gone });
    expect(tag(html, 'attempt-open')).toBe('');
    expect(tag(html, 'error-state')).not.toBe('');
  });
});
