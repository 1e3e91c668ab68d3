// Questions for the question bank's tests (*.test.tsx); the app does not import this module.
import type { Question, SharedQuestion } from '../api/questions-api';

export const PICTURE = '/question-media/0123456789abcdef0123456789abcdef.png';

/** Question 41, Mahbub Alam's (user 7), as the list of questions shared with me shows it. */
export const sharedQuestion = (over: Partial<SharedQuestion> = {}): SharedQuestion => ({
  id: 41,
  version: 3,
  question_type: 'multiple_choice',
  folder_id: 9,
  category_id: null,
  owner_id: 7,
  text: 'Which river flows past Dhaka?',
  text_bn: 'ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?',
  marks: 2,
  shared_count: 0,
  updated_at: '2026-03-02T04:00:00Z',
  owner_name: 'Mahbub Alam',
  ...over,
});

/** The same question read alone: picture, negative marks, options (the first correct), explanation. */
export const question = (over: Partial<Question> = {}): Question => ({
  ...sharedQuestion(),
  image: PICTURE,
  negative_marks: 0.5,
  explanation: 'The Buriganga flows past old Dhaka.',
  explanation_bn: '',
  options: [
    { text: 'Buriganga', text_bn: 'বুড়িগঙ্গা', correct: true },
    { text: 'Karnaphuli', text_bn: 'কর্ণফুলী', correct: false },
  ],
  blanks: [],
  accepted: [],
  answer: '',
  shared_with: [],
  created_at: '2026-03-01T04:00:00Z',
  ...over,
});
