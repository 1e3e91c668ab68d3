import { describe, expect, it } from 'vitest';
import { noop, render, tag, text } from '../../../lib/test-render';
import type { AttemptPaper, AttemptResult, PaperQuestion } from '../api/exam-front-api';
import { emptyAnswer } from '../hooks/answer-logic';
import { AnswerInput } from './answer-input';
import { ExamClock } from './exam-clock';
import { PaperPicture } from './exam-parts';
import { ExamResultView } from './exam-result';
import { ExamTaking } from './exam-taking';
import { QuestionNavigator } from './question-navigator';

const question = (over: Partial<PaperQuestion>): PaperQuestion => ({
  slot: 0,
  question_type: 'multiple_choice',
  text: 'Q',
  text_bn: 'প্র',
  image: '',
  marks: 1,
  negative_marks: 0,
  options: [],
  gaps: 0,
  ...over,
});

const result = (over: Partial<AttemptResult>): AttemptResult => ({
  uuid: 'a1',
  exam_uuid: 'e1',
  state: 'finished',
  attempt_no: 2,
  submitted_at: '2026-03-01T10:20:00Z',
  late: false,
  auto_closed: false,
  results_available: true,
  score: 7.5,
  max_score: 10,
  percent: 75,
  passed: true,
  pending_marking: 0,
  questions: [],
  ...over,
});

describe('answer inputs', () => {
  it('asks true or false with radios whose values are "true" and "false"', async () => {
    const html = await render('bn', <AnswerInput question={question({ question_type: 'true_false' })} answer={{ ...emptyAnswer(), text: 'false' }} onChange={noop} labelledBy="q" />);
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toContain('value="true"');
    expect(html).toMatch(/value="false"[^>]*checked|checked[^>]*value="false"/);
    expect(text(html)).toContain('সত্য');
    expect(text(html)).toContain('মিথ্যা');
  });

  it('gives one field per gap, labelled with its number in Bangla digits', async () => {
    const html = await render('bn', <AnswerInput question={question({ question_type: 'fill_blanks', gaps: 3 })} answer={{ ...emptyAnswer(), blanks: ['ঢাকা'] }} onChange={noop} labelledBy="q" />);
    expect(html.match(/data-testid="answer-blank"/g)).toHaveLength(3);
    expect(text(html)).toContain('শূন্যস্থান ৩');
    expect(html).toContain('value="ঢাকা"');
  });

  it('takes dates and times as text with a numeric keypad, shown in the interface digits', async () => {
    const date = await render('bn', <AnswerInput question={question({ question_type: 'date' })} answer={{ ...emptyAnswer(), text: '26/03/1971' }} onChange={noop} labelledBy="q" />);
    expect(date).toContain('inputMode="numeric"');
    expect(date).toContain('placeholder="DD/MM/YYYY"');
    expect(date).toContain('value="২৬/০৩/১৯৭১"');
    const time = await render('en', <AnswerInput question={question({ question_type: 'time' })} answer={null} onChange={noop} labelledBy="q" />);
    expect(time).toContain('placeholder="HH:MM"');
    expect(time).toContain('inputMode="numeric"');
  });

  it('offers checkboxes for multiple select and a native select for dropdowns', async () => {
    const options = [
      { id: 0, text: 'Two', text_bn: 'দুই' },
      { id: 1, text: 'Three', text_bn: 'তিন' },
    ];
    const ms = await render('en', <AnswerInput question={question({ question_type: 'multiple_select', options })} answer={{ ...emptyAnswer(), choices: [1] }} onChange={noop} labelledBy="q" />);
    expect(ms.match(/type="checkbox"/g)).toHaveLength(2);
    expect(text(ms)).toContain('Three');
    const dd = await render('bn', <AnswerInput question={question({ question_type: 'dropdown', options })} answer={null} onChange={noop} labelledBy="q" />);
    expect(dd).toContain('<select');
    expect(text(dd)).toContain('তিন');
  });

  it('gives essays a large text area', async () => {
    const html = await render('en', <AnswerInput question={question({ question_type: 'essay' })} answer={{ ...emptyAnswer(), text: 'My essay' }} onChange={noop} labelledBy="q" />);
    expect(html).toContain('<textarea');
    expect(html).toContain('My essay');
  });
});

describe('navigator and clock', () => {
  it('marks answered questions and the current one, numbered in Bangla', async () => {
    const html = await render(
      'bn',
      <QuestionNavigator
        items={[
          { slot: 0, answered: true, unsaved: false },
          { slot: 1, answered: false, unsaved: false },
        ]}
        current={1}
        onGo={noop}
      />,
    );
    expect(html).toContain('aria-label="প্রশ্ন ১, উত্তর দেওয়া হয়েছে"');
    expect(html).toContain('aria-label="প্রশ্ন ২, উত্তর দেওয়া হয়নি"');
    expect(html).toMatch(/aria-current="step"[^>]*data-current="true"|data-current="true"[^>]*aria-current="step"/);
    expect(text(html)).toContain('২টির মধ্যে ১টির উত্তর দেওয়া হয়েছে');
  });

  it('shows the time left in Bangla digits and turns to a warning under 5 minutes', async () => {
    const html = await render('bn', <ExamClock left={4 * 60_000 + 5_000} />);
    expect(html).toContain('data-level="five"');
    expect(text(html)).toContain('০৪:০৫');
    expect(html).toContain('role="timer"');
    expect(await render('en', <ExamClock left={3_600_000} />)).toContain('data-level="normal"');
  });
});

describe('result screen', () => {
  it('shows score, percentage and pass in Bangla digits', async () => {
    const html = await render('bn', <ExamResultView result={result({})} onBack={noop} />);
    const body = text(html);
    expect(body).toContain('৭.৫ / ১০');
    expect(body).toContain('৭৫%');
    expect(body).toContain('পাস');
    expect(body).toContain('২ নম্বর অংশগ্রহণ');
    expect(body).not.toMatch(/\b7\.5\b/);
  });

  it('says the results will be published, with what waits for marking', async () => {
    const html = await render('en', <ExamResultView result={result({ results_available: false, score: null, percent: null, passed: null, pending_marking: 2 })} onBack={noop} />);
    expect(html).toContain('data-testid="results-later"');
    expect(text(html)).toContain('2 answers are waiting for the teacher');
    expect(html).not.toContain('data-testid="result-score"');
  });

  it('reviews each answer with the marks given, the comment, and the key when shown', async () => {
    const html = await render(
      'en',
      <ExamResultView
        result={result({
          questions: [
            {
              slot: 0,
              question_type: 'essay',
              text: 'Write about rivers',
              text_bn: '',
              image: '',
              marks: 5,
              options: [],
              gaps: 0,
              answer: { ...emptyAnswer(), text: 'Rivers flow.' },
              awarded: 4,
              status: 'marked',
              comment: 'Good, but short.',
              key: null,
              explanation: '',
              explanation_bn: '',
            },
            {
              slot: 1,
              question_type: 'multiple_choice',
              text: 'Capital?',
              text_bn: '',
              image: '/question-media/0123456789abcdef0123456789abcdef.png',
              marks: 1,
              options: [
                { id: 0, text: 'Dhaka', text_bn: '', correct: true },
                { id: 1, text: 'Khulna', text_bn: '', correct: false },
              ],
              gaps: 0,
              answer: { ...emptyAnswer(), choices: [1] },
              awarded: 0,
              status: 'auto',
              comment: '',
              key: { answer: '', blanks: [], accepted: [] },
              explanation: 'Dhaka has been the capital since 1971.',
              explanation_bn: '',
            },
          ],
        })}
        onBack={noop}
      />,
    );
    const body = text(html);
    expect(html.match(/data-testid="review-question"/g)).toHaveLength(2);
    expect(body).toContain('Rivers flow.');
    expect(body).toContain('4 / 5');
    expect(body).toContain('Good, but short.');
    expect(html).toMatch(/data-chosen="true" data-correct="false"/);
    expect(html).toMatch(/data-chosen="false" data-correct="true"/);
    expect(body).toContain('Dhaka has been the capital since 1971.');
    // The second question's picture, under its text; the first has none.
    expect(html.match(/data-testid="question-picture"/g)).toHaveLength(1);
    const img = tag(html, 'question-picture');
    expect(img).toContain('src="/question-media/0123456789abcdef0123456789abcdef.png"');
    expect(img).toContain('alt="Picture for question 2"');
    expect(img).toContain('loading="lazy"');
  });
});

describe('pictures on the paper', () => {
  const paper = (questions: PaperQuestion[]): AttemptPaper => ({
    uuid: 'a1',
    exam_uuid: 'e1',
    title: 'Geography',
    title_bn: 'ভূগোল',
    state: 'in_progress',
    attempt_no: 1,
    started_at: '2026-03-01T10:00:00Z',
    deadline: null,
    server_now: '2026-03-01T10:00:00Z',
    grace_seconds: 30,
    questions,
    answers: [],
  });

  it('shows the question’s picture under its text, lazily, named by the question’s number in Bangla', async () => {
    const map = question({ slot: 4, text_bn: 'মানচিত্রে নদীটি কোনটি?', image: '/question-media/0123456789abcdef0123456789abcdef.jpg' });
    const html = await render('bn', <ExamTaking paper={paper([question({ slot: 3 }), map])} onFinished={noop} clockSlot={null} />, { at: '/exam/journey/e1?q=2' });
    const img = tag(html, 'question-picture');
    expect(img).toContain('src="/question-media/0123456789abcdef0123456789abcdef.jpg"');
    expect(img).toContain('alt="প্রশ্ন ২-এর ছবি"');
    expect(img).toContain('loading="lazy"');
    // Never wider than its column (a 360 px screen).
    expect(html).toMatch(/max-width:\s*100%/);
    expect(html.indexOf('data-testid="question-text"')).toBeLessThan(html.indexOf('data-testid="question-picture"'));
    // A question without one shows none.
    const plain = await render('en', <ExamTaking paper={paper([question({ slot: 3 })])} onFinished={noop} clockSlot={null} />);
    expect(plain).not.toContain('data-testid="question-picture"');
  });

  it('draws nothing for a question without a picture', async () => {
    expect(await render('en', <PaperPicture src="" n={1} />)).toBe('');
    expect(await render('en', <PaperPicture src={null} n={1} />)).toBe('');
  });
});
