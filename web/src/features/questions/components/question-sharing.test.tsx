import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, href, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { attachQuestionMedia, fetchAllFolders, fetchSharedQuestions, shareFolder, shareQuestion, type Folder, type SharedQuestion } from '../api/questions-api';
import { copyQuestionMutation, FOLDER_PAGE_SIZE, questionKeys } from '../hooks/use-questions';
import { FolderGrid } from './folder-grid';
import FolderPage from './folder-page';
import { PICTURE, question, sharedQuestion as shared } from './question-fixtures';
import { QuestionList } from './question-list';
import { QuestionShareDialog, SharedCount } from './question-parts';
import { QuestionPictureField, usePictureErrorText } from './question-picture-field';
import { QuestionView } from './question-view';
import SharedQuestionListPage from './shared-question-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = <T,>(data: T[], over: object = {}) => ({ data, current_page: 1, last_page: 1, per_page: 15, total: data.length, ...over });

/** Dialogs drawn in place (a static render has no portal); `wide`: a desktop's media queries. */
const themed = (node: ReactNode, wide = false) => (
  <ThemeProvider
    theme={createTheme({
      components: {
        MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } },
        MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: wide }) } },
      },
    })}
  >
    {node}
  </ThemeProvider>
);

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

function sharedPage(data: SharedQuestion[], over: object = {}) {
  const qc = new QueryClient();
  qc.setQueryData(questionKeys.shared({ page: 1 }), page(data, over));
  return qc;
}

describe('questions shared with me', () => {
  it('asks for the questions shared with the caller by type and search', async () => {
    const fetchMock = stubFetch(() => json(page([shared()])));
    await fetchSharedQuestions({ page: 2, limit: 15, search: 'river', type: 'essay' });
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/sharing/shared-with-me?table=questions&module=question-bank&page=2&limit=15&search=river&type=essay');
  });

  it('lists them as cards on a phone, in Bangla: whose each is, its marks, view and copy', async () => {
    const qc = sharedPage([shared(), shared({ id: 42, text: 'Name the capital', text_bn: '', question_type: 'short_answer', owner_name: '', marks: 1.5 })]);
    const html = await render('bn', themed(<SharedQuestionListPage />), { at: '/question-bank/shared', qc });
    const body = text(html);
    expect(count(html, 'question-row')).toBe(2);
    expect(html).not.toContain('<table');
    // A question without Bangla text shows its English one; one whose owner has no name, "a colleague".
    for (const s of ['ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?', 'Name the capital', 'শেয়ার করেছেন Mahbub Alam', 'শেয়ার করেছেন একজন সহকর্মী', 'নম্বর ১.৫', '২টি প্রশ্ন']) expect(body, s).toContain(s);
    expect(count(html, 'view-shared-question')).toBe(2);
    expect(tag(html, 'copy-shared-question')).toContain('aria-label="আমার ব্যাংকে কপি করুন: ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?"');
    // Read only: no edit, share or delete here.
    expect(html).not.toContain('data-testid="edit-question"');
    expect(html).not.toContain('data-testid="delete-question"');
    expect(href(html, 'my-questions-link')).toBe('/question-bank/list');
  });

  it('lists them as a table on a desktop, with the search and type filters', async () => {
    const html = await render('en', themed(<SharedQuestionListPage />, true), { at: '/question-bank/shared', qc: sharedPage([shared()]) });
    expect(html).toContain('<table');
    for (const s of ['Question Type Marks', 'Shared by Mahbub Alam', 'Multiple choice']) expect(text(html), s).toContain(s);
    for (const s of ['aria-label="Search questions"', 'id="question-type-filter"']) expect(html, s).toContain(s);
  });

  it('says so when nothing is shared, and offers to clear filters that match nothing', async () => {
    const none = await render('en', themed(<SharedQuestionListPage />), { at: '/question-bank/shared', qc: sharedPage([]) });
    expect(tag(none, 'empty-state')).not.toBe('');
    expect(text(none)).toContain('No one has shared a question with you yet.');
    const bn = await render('bn', themed(<SharedQuestionListPage />), { at: '/question-bank/shared', qc: sharedPage([]) });
    expect(text(bn)).toContain('এখনো কেউ আপনার সঙ্গে কোনো প্রশ্ন শেয়ার করেননি।');

    const qc = new QueryClient();
    qc.setQueryData(questionKeys.shared({ page: 1, search: 'volcano' }), page([]));
    const filtered = await render('en', themed(<SharedQuestionListPage />), { at: '/question-bank/shared?search=volcano', qc });
    expect(text(filtered)).toContain('No question matches these filters.');
    expect(text(filtered)).toContain('Clear filters');
  });

  it('copies a question into my bank: reads it, then creates it as mine in no folder, picture and key kept', async () => {
    const created = question({ id: 90, owner_id: 3, folder_id: null, version: 1 });
    const fetchMock = stubFetch(() => json({ data: fetchMock.mock.calls.length === 1 ? question() : created }, fetchMock.mock.calls.length === 1 ? 200 : 201));
    const saved = await runMutation(copyQuestionMutation(new QueryClient()), 41);
    expect(saved.id).toBe(90);
    expect(fetchCall(fetchMock, 0)[0]).toBe('/question-bank/view/41');
    const [url, init] = fetchCall(fetchMock, 1);
    expect(url).toBe('/question-bank/create');
    expect(init.method).toBe('POST');
    // The question as read, mine now: in no folder, picture and key kept.
    const { question_type, category_id, text, text_bn, image, marks, negative_marks, explanation, explanation_bn, options, blanks, accepted, answer } = question();
    expect(image).toBe(PICTURE);
    expect(JSON.parse(String(init.body))).toEqual({ question_type, folder_id: null, category_id, text, text_bn, image, marks, negative_marks, explanation, explanation_bn, options, blanks, accepted, answer });
  });

  it('shows a question read only: both texts, the picture, the correct option marked, the explanation', async () => {
    const html = await render('en', <QuestionView question={question()} owner="Mahbub Alam" />);
    const body = text(html);
    expect(body).toContain('Question (English) Which river flows past Dhaka?');
    expect(body).toContain('Question (Bangla) ঢাকার পাশ দিয়ে কোন নদী বয়ে গেছে?');
    expect(body).toContain('Marks 2 · Negative marks 0.5');
    expect(body).toContain('Shared by Mahbub Alam');
    const img = tag(html, 'question-picture');
    expect(img).toContain(`src="${PICTURE}"`);
    expect(img).toContain('alt="Picture for the question"');
    expect(img).toContain('loading="lazy"');
    expect(html).toMatch(/data-testid="view-option" data-correct="true"/);
    expect(html).toMatch(/data-testid="view-option" data-correct="false"/);
    expect(count(html, 'view-option')).toBe(2);
    expect(body).toContain('Buriganga Correct');
    expect(body).toContain('The Buriganga flows past old Dhaka.');
  });

  it('shows each gap’s answers, the accepted answers and a date key in the interface’s digits', async () => {
    const gaps = await render('bn', <QuestionView question={question({ question_type: 'fill_blanks', image: '', options: [], text: 'The ___ sat on the ___.', text_bn: '', blanks: [['cat', 'kitten'], ['mat']] })} />);
    expect(text(gaps)).toContain('শূন্যস্থান ১: cat / kitten');
    expect(text(gaps)).toContain('শূন্যস্থান ২: mat');
    expect(gaps).not.toContain('data-testid="question-picture"');
    const accepted = await render('en', <QuestionView question={question({ question_type: 'short_answer', options: [], accepted: ['Dhaka', 'ঢাকা'] })} />);
    expect(text(accepted)).toContain('Accepted answers: Dhaka / ঢাকা');
    const date = await render('bn', <QuestionView question={question({ question_type: 'date', options: [], answer: '16/12/1971' })} />);
    expect(text(date)).toContain('১৬/১২/১৯৭১');
    const essay = await render('en', <QuestionView question={question({ question_type: 'essay', options: [] })} />);
    expect(text(essay)).toContain('A teacher marks answers to this type');
  });
});

describe('sharing questions and folders', () => {
  it('shares a question or a folder with the whole list', async () => {
    const fetchMock = stubFetch(() => json({ data: question() }));
    await shareQuestion(41, ['dhaka-admin@example.com']);
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/sharing/share');
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toEqual({ table: 'questions', id: 41, users: ['dhaka-admin@example.com'] });
    await shareFolder(9, []);
    expect(JSON.parse(String(fetchCall(fetchMock, 1)[1].body))).toEqual({ table: 'question_folders', id: 9, users: [] });
  });

  it('reads every folder with whom each is shared in one call', async () => {
    const people = [{ id: 4, name: 'Mahbub Alam', email: 'dhaka-admin@example.com', phone: null }];
    const geography: Folder = { id: 9, parent_id: 3, name: 'Geography', question_count: 12, folder_count: 0, shared_with: people };
    const fetchMock = stubFetch(() => json(page([{ ...geography, id: 8, shared_with: [] }, geography])));
    expect((await fetchAllFolders()).map((f) => f.shared_with)).toEqual([[], people]);
    expect(fetchCall(fetchMock)[0]).toBe('/question-bank/view-folder?no_pagination=1');
  });

  it('says with how many people an item is shared, in Bangla digits, and nothing when it is not', async () => {
    expect(text(await render('en', <SharedCount count={2} />))).toContain('Shared with 2 people');
    expect(text(await render('en', <SharedCount count={1} />))).toContain('Shared with 1 person');
    expect(text(await render('bn', <SharedCount count={12} />))).toContain('১২ জনের সঙ্গে শেয়ার করা');
    expect(await render('en', <SharedCount count={0} />)).toBe('');
    expect(await render('en', <SharedCount count={undefined} />)).toBe('');
  });

  it('says on each question of my list with how many colleagues it is shared, from the list itself', async () => {
    const mine = (id: number, shared_count: number) => shared({ id, text: `Question ${id}`, shared_count });
    const qc = new QueryClient();
    qc.setQueryData(questionKeys.list({ page: 1 }), page([mine(41, 3), mine(42, 0), mine(43, 1)]));
    for (const wide of [true, false]) {
      const html = await render('en', themed(<QuestionList />, wide), { at: '/question-bank/list', qc });
      const rows = html.split('data-testid="question-row"').slice(1);
      expect(rows.map((r) => /data-testid="shared-count" data-count="(\d+)"/.exec(r)?.[1] ?? null)).toEqual(['3', null, '1']);
      expect(text(html)).toMatch(/Question 41 Shared with 3 people/);
      expect(text(html)).toMatch(/Question 43 Shared with 1 person/);
    }
    const bn = await render('bn', themed(<QuestionList />), { at: '/question-bank/list', qc });
    expect(text(bn)).toContain('৩ জনের সঙ্গে শেয়ার করা');
  });

  it('shows on a folder’s page whom it is shared with, from the every-folder list (no lookup by name)', async () => {
    const people = [{ id: 4, name: 'Mahbub Alam', email: 'dhaka-admin@example.com', phone: null }];
    const folders: Folder[] = [
      { id: 3, parent_id: null, name: 'Social science', question_count: 0, folder_count: 1, shared_with: [] },
      { id: 9, parent_id: 3, name: 'Geography', question_count: 12, folder_count: 0, shared_with: people },
    ];
    const fetchMock = stubFetch(() => json(page([])));
    const qc = new QueryClient();
    qc.setQueryData(questionKeys.allFolders, folders);
    const html = await render('en', <FolderPage />, { at: '/question-bank/folders/9', path: '/question-bank/folders/:slug', qc });
    expect(tag(html, 'folder-page')).toContain('data-folder-id="9"');
    expect(tag(html, 'shared-count')).toContain('data-count="1"');
    expect(text(html)).toContain('Shared with 1 person');
    const parent = await render('en', <FolderPage />, { at: '/question-bank/folders/3', path: '/question-bank/folders/:slug', qc });
    expect(tag(parent, 'shared-count')).toBe('');
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes('search='))).toEqual([]);
  });

  it('shows a folder’s share action and whom it is shared with on its card', async () => {
    const folder: Folder = { id: 9, parent_id: null, name: 'Geography', question_count: 12, folder_count: 1, shared_with: [{ id: 4, name: 'Mahbub Alam', email: 'dhaka-admin@example.com', phone: null }] };
    const qc = new QueryClient();
    qc.setQueryData(questionKeys.folderPage(null, 1), { data: [folder, { ...folder, id: 10, name: 'History', shared_with: [] }], current_page: 1, last_page: 1, per_page: FOLDER_PAGE_SIZE, total: 2 });
    const html = await render('en', <FolderGrid parentId={null} empty={null} />, { qc });
    expect(count(html, 'folder-share')).toBe(2);
    expect(tag(html, 'folder-share')).toContain('aria-label="Share: Geography"');
    expect(count(html, 'shared-count')).toBe(1);
    expect(text(html)).toContain('Shared with 1 person');
  });

  it('opens the share dialog on the question’s people once they are read', async () => {
    const target = { id: 41, name: 'Which river flows past Dhaka?' };
    // The dialog's code comes when it first opens: a first drawing starts fetching it.
    expect(text(await render('en', themed(<QuestionShareDialog question={target} onClose={noop} />))).trim()).toBe('');
    await import('../../../components/ui/share-dialog');
    await new Promise((r) => setTimeout(r, 0));
    expect(await render('en', themed(<QuestionShareDialog question={null} onClose={noop} />))).toBe('');
    const loading = await render('en', themed(<QuestionShareDialog question={target} onClose={noop} />));
    expect(text(loading)).toContain('Share question');
    expect(tag(loading, 'share-loading')).not.toBe('');
    expect(tag(loading, 'share-save')).toContain('disabled');

    const qc = new QueryClient();
    qc.setQueryData(questionKeys.one(41), question({ shared_with: [{ id: 4, name: 'Mahbub Alam', email: 'dhaka-admin@example.com', phone: null }] }));
    const html = await render('bn', themed(<QuestionShareDialog question={target} onClose={noop} />), { qc });
    expect(text(html)).toContain('প্রশ্ন শেয়ার করুন');
    expect(text(html)).toContain('“Which river flows past Dhaka?” এই সাইটের সহকর্মীদের');
    expect(count(html, 'share-chip')).toBe(1);
    expect(text(html)).toContain('Mahbub Alam');
    expect(tag(html, 'share-save')).not.toContain('disabled');
  });
});

describe('a question’s picture', () => {
  it('copies the chosen file for questions with POST /question-bank/media', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: PICTURE } }, 201));
    expect(await attachQuestionMedia(21)).toBe(PICTURE);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/question-bank/media');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ file_id: 21 });
  });

  it('offers to choose one while there is none', async () => {
    const html = await render('en', <QuestionPictureField value="" onChange={noop} />);
    const body = text(html);
    expect(body).toContain('Picture (optional)');
    expect(body).toContain('No picture');
    expect(tag(html, 'pick-question-picture')).not.toBe('');
    expect(body).toContain('Choose from files');
    expect(html).not.toContain('data-testid="question-picture-preview"');
    expect(html).not.toContain('data-testid="remove-question-picture"');
  });

  it('shows the picture chosen whole, with Change and Remove', async () => {
    const html = await render('bn', <QuestionPictureField value={PICTURE} onChange={noop} />);
    const img = tag(html, 'question-picture-preview');
    expect(img).toContain(`src="${PICTURE}"`);
    expect(img).toContain('alt="প্রশ্নের ছবি"');
    expect(html).toMatch(/object-fit:\s*contain/);
    expect(text(html)).toContain('ছবি বদলান');
    expect(tag(html, 'remove-question-picture')).not.toBe('');
    expect(text(html)).toContain('ছবি সরান');
  });

  it('shows the server’s refusal of the address on the field', async () => {
    const html = await render('en', <QuestionPictureField value={PICTURE} onChange={noop} error="Choose one of the offered values." />);
    expect(text(html)).toContain('Choose one of the offered values.');
    expect(tag(html, 'question-picture-error')).toContain('Mui-error');
  });

  it('words the refusals of the file itself: a link or not a picture, or not the caller’s', async () => {
    function Refusal({ err }: { err: unknown }) {
      return <>{usePictureErrorText()(err)}</>;
    }
    const refusal = async (code: string, lang: 'en' | 'bn') => {
      stubFetch(() => json({ message: 'x', code, errors: { file_id: ['The server’s words.'] } }, 422));
      const err = await attachQuestionMedia(21).catch((e: unknown) => e);
      return text(await render(lang, <Refusal err={err} />)).trim();
    };
    expect(await refusal('invalid_file', 'en')).toBe('Choose a picture stored in your files (links cannot be used).');
    expect(await refusal('invalid_choice', 'en')).toBe('This picture is not among your files or those shared with you.');
    expect(await refusal('invalid_file', 'bn')).toBe('আপনার ফাইলে রাখা একটি ছবি বেছে নিন (লিংক ব্যবহার করা যায় না)।');
    // Another refusal of the file: the server's own words.
    expect(await refusal('validation_failed', 'en')).toBe('The server’s words.');
    // Not about the file: nothing on the field (a toast says it).
    stubFetch(() => json({ message: 'Offline', code: 'server_error' }, 503));
    const down = await attachQuestionMedia(21).catch((e: unknown) => e);
    expect(text(await render('en', <Refusal err={down} />)).trim()).toBe('');
  });
});
