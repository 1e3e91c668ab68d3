import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, href, json, render, stubFetch, tag, text } from '../../../lib/test-render';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { Question } from '../api/questions-api';
import { mayChangeQuestion } from '../hooks/question-access';
import { questionKeys } from '../hooks/use-questions';
import { question } from './question-fixtures';
import QuestionFormPage from './question-form-page';

vi.mock('../../../lib/session', () => import('../../../lib/test-session'));

const SITE = DEFAULT_SITE.id;
const user = signedInUser;
const teacher = user(3, { id: 11, role: 'teacher', owner_id: SITE });

/** The form page at /question-bank/<action>/41, the question (and whose it is, when given) already read. */
function open(lang: 'en' | 'bn', q: Question, { owner, action = 'edit' }: { owner?: string; action?: 'edit' | 'update' } = {}) {
  const qc = new QueryClient();
  qc.setQueryData(questionKeys.one(q.id), owner === undefined ? q : { ...q, owner_name: owner });
  qc.setQueryData(questionKeys.allFolders, []);
  return render(
    lang,
    <SiteProvider initial={DEFAULT_SITE}>
      <QuestionFormPage />
    </SiteProvider>,
    { at: `/question-bank/${action}/${q.id}`, path: `/question-bank/${action}/:id`, qc },
  );
}

beforeEach(() => {
  testSession.user = teacher;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('who may change a question', () => {
  it('is its author, the site’s partner admin and the super admins, as the server decides', () => {
    const q = question();
    expect(mayChangeQuestion(q, user(7, { id: 12, role: 'teacher', owner_id: SITE }), SITE)).toBe(true);
    expect(mayChangeQuestion(q, teacher, SITE)).toBe(false);
    expect(mayChangeQuestion(q, user(3, { id: 13, role: 'partner-admin', owner_id: SITE }), SITE)).toBe(true);
    // Another site's partner admin, the approver and a learner are not.
    expect(mayChangeQuestion(q, user(3, { id: 14, role: 'partner-admin', owner_id: SITE + 1 }), SITE)).toBe(false);
    expect(mayChangeQuestion(q, user(3, { id: 15, role: 'sys-blog-and-tutorial-admin', owner_id: 1 }), SITE)).toBe(false);
    expect(mayChangeQuestion(q, user(3, null), SITE)).toBe(false);
    for (const role of ['super', 'sys-admin']) expect(mayChangeQuestion(q, user(3, { id: 16, role, owner_id: 1 }), SITE), role).toBe(true);
    expect(mayChangeQuestion(q, null, SITE)).toBe(false);
  });
});

describe('a colleague’s question opened at its edit address', () => {
  it('reads, says whose it is and offers to copy it, with no form that a save would fail', async () => {
    for (const action of ['edit', 'update'] as const) {
      const html = await open('en', question(), { owner: 'Mahbub Alam', action });
      expect(tag(html, 'shared-question-read-only'), action).toContain('data-question-id="41"');
      expect(html).not.toContain('data-testid="question-form"');
      expect(html).not.toContain('data-testid="question-form-page"');
      const body = text(html);
      expect(body).toContain('Question shared with you');
      expect(tag(html, 'shared-question-note')).not.toBe('');
      expect(body).toContain('Shared with you by Mahbub Alam; copy it to your bank to change it.');
      expect(body).toContain('Which river flows past Dhaka?');
      expect(html).toMatch(/data-testid="view-option" data-correct="true"/);
      expect(tag(html, 'view-copy')).not.toContain('disabled');
      expect(body).toContain('Copy to my bank');
      expect(href(html, 'view-copy')).toBeNull();
      expect(html).toContain('href="/question-bank/shared"');
    }
  });

  it('in Bangla, and “a colleague” when the author’s name is unknown', async () => {
    const bn = text(await open('bn', question(), { owner: 'Mahbub Alam' }));
    expect(bn).toContain('Mahbub Alam এটি আপনার সঙ্গে শেয়ার করেছেন; বদলাতে চাইলে আপনার ব্যাংকে কপি করুন।');
    expect(bn).toContain('আমার ব্যাংকে কপি করুন');
    expect(text(await open('en', question(), { owner: '' }))).toContain('Shared with you by a colleague;');
  });

  it('is the form for its author and for the site’s admins', async () => {
    testSession.user = user(7, { id: 12, role: 'teacher', owner_id: SITE });
    const own = await open('en', question());
    expect(tag(own, 'question-form')).not.toBe('');
    expect(tag(own, 'shared-question-read-only')).toBe('');
    for (const admin of [user(3, { id: 13, role: 'partner-admin', owner_id: SITE }), user(3, { id: 16, role: 'super', owner_id: 1 })]) {
      testSession.user = admin;
      expect(tag(await open('en', question()), 'question-form'), admin.currentrole?.role).not.toBe('');
    }
  });
});
