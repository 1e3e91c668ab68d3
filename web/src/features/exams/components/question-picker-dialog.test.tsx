import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, noop, render, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchBankQuestions, fetchSharedBankQuestions, type BankQuestion, type SharedBankQuestion } from '../api/exams-api';
import { examKeys } from '../hooks/use-exams';
import { QuestionPickerDialog, type QuestionPickerDialogProps } from './question-picker-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const mine: BankQuestion = { id: 5, question_type: 'true_false', folder_id: null, text: 'The Padma is a river.', text_bn: 'পদ্মা একটি নদী।', marks: 1 };
const theirs: SharedBankQuestion = { id: 41, question_type: 'multiple_choice', folder_id: 9, text: 'Which river flows past Dhaka?', text_bn: 'ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?', marks: 2, owner_name: 'Mahbub Alam' };

const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length });

function cached() {
  const qc = new QueryClient();
  qc.setQueryData(examKeys.bank({ source: 'mine', page: 1 }), page([mine]));
  qc.setQueryData(examKeys.bank({ source: 'shared', page: 1 }), page([theirs]));
  return qc;
}

const picker = (props: Partial<QuestionPickerDialogProps> = {}) => (
  <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>
    <QuestionPickerDialog open existing={new Set()} onClose={noop} onAdd={noop} {...props} />
  </ThemeProvider>
);

describe('the paper’s question picker', () => {
  it('opens on my questions, with a tab for those shared with me', async () => {
    const html = await render('en', picker(), { qc: cached() });
    expect(html).toMatch(/aria-label="Whose questions"[^>]*role="tablist"|role="tablist"[^>]*aria-label="Whose questions"/);
    expect(tag(html, 'picker-tab-mine')).toContain('aria-selected="true"');
    expect(tag(html, 'picker-tab-shared')).toContain('aria-selected="false"');
    expect(text(html)).toContain('My questions');
    expect(text(html)).toContain('Shared with me');
    expect(text(html)).toContain('The Padma is a river.');
    expect(text(html)).not.toContain('Which river flows past Dhaka?');
  });

  it('lists the questions shared with me, whose each is, to add as fixed questions', async () => {
    const html = await render('bn', picker({ initialSource: 'shared', existing: new Set([41]) }), { qc: cached() });
    expect(tag(html, 'picker-tab-shared')).toContain('aria-selected="true"');
    const body = text(html);
    expect(body).toContain('ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?');
    expect(body).toContain('শেয়ার করেছেন Mahbub Alam');
    expect(body).not.toContain('পদ্মা একটি নদী।');
    // One already on the paper stays ticked and locked.
    expect(body).toContain('প্রশ্নপত্রে আগেই আছে');
  });

  it('says so when no one has shared a question yet', async () => {
    const qc = new QueryClient();
    qc.setQueryData(examKeys.bank({ source: 'shared', page: 1 }), page([]));
    const html = await render('en', picker({ initialSource: 'shared' }), { qc });
    expect(text(html)).toContain('No one has shared a question with you yet.');
  });

  it('reads my bank and the questions shared with me by their own calls', async () => {
    const fetchMock = stubFetch(() => json(page([])));
    await fetchSharedBankQuestions({ page: 2, limit: 10, search: 'river', type: 'multiple_choice' });
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/sharing/shared-with-me?table=questions&module=question-bank&page=2&limit=10&search=river&type=multiple_choice');
    await fetchBankQuestions({ page: 1, limit: 10 });
    expect(fetchCall(fetchMock, 1)[0]).toBe('/question-bank/view?page=1&limit=10');
  });
});
