import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { CurrentRole } from '../../../lib/types';
import { previewTemplate, type MailPreview, type MailTemplate, type MailTemplateSummary, type MailTexts } from '../api/mail-templates-api';
import { draftsOf, MAIL_FIELDS, mailProblems, templateInput, unsavedLangs, withPlaceholder } from '../hooks/template-form';
import { mailKeys, previewMutation, restoreTemplateMutation, saveTemplateMutation, templateListQuery, templateQuery } from '../hooks/use-mail-templates';
import MailTemplatesPage from './mail-templates-page';
import { PreviewDialog } from './preview-dialog';
import { RestoreDialog, TemplateArea } from './template-editor';
import { TemplateForm } from './template-fields';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

const PARTNER_ADMIN = builtInRole('partner-admin', 31, 4);
const ROLE = PARTNER_ADMIN.id;

// A partner admin (every module but partners) signed in; the fetch stub and the user gone after.
beforeEach(() => {
  testSession.user = signedInUser(2, PARTNER_ADMIN);
  return () => {
    vi.unstubAllGlobals();
    testSession.user = null;
  };
});

/** The n-th request a stubbed fetch got: its address, method and JSON body. */
function request(mock: ReturnType<typeof stubFetch>, n = 0) {
  const [url, init] = fetchCall(mock, n);
  return { url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

const list: MailTemplateSummary[] = [
  { key: 'email_verification', placeholders: ['name', 'site', 'link'], required: ['link'], customized: { en: false, bn: false } },
  { key: 'password_reset', placeholders: ['name', 'site', 'link'], required: ['link'], customized: { en: false, bn: true } },
  { key: 'payment_received', placeholders: ['name', 'site', 'course', 'amount'], required: [], customized: { en: true, bn: true } },
];

const reset: MailTemplate = {
  key: 'password_reset',
  placeholders: ['name', 'site', 'link'],
  required: ['link'],
  en: { subject: 'Reset your password on {site}', body: 'Hello {name},\n\nUse the button below to choose a new password.\n\n{link}', button: 'Reset password', customized: false },
  bn: { subject: '{site}-এ পাসওয়ার্ড রিসেট', body: 'প্রিয় {name},\n\nনতুন পাসওয়ার্ড বেছে নিতে নিচের বাটনে চাপুন।\n\n{link}', button: 'পাসওয়ার্ড রিসেট', customized: true },
};

/** A query client holding the list and the password reset template for the current role. */
function withTemplates(summaries = list) {
  const qc = new QueryClient();
  qc.setQueryData(mailKeys.list(ROLE), summaries);
  qc.setQueryData(mailKeys.one(ROLE, 'password_reset'), reset);
  return qc;
}

const draw = (lang: 'en' | 'bn', at = '/template/mail?key=password_reset', qc = withTemplates()) => render(lang, <MailTemplatesPage />, { at, qc });

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

/** The markup of the list entry of this template. */
function item(html: string, key: string) {
  const at = html.indexOf(`data-key="${key}"`);
  if (at < 0) return '';
  const start = html.lastIndexOf('<div', at);
  return html.slice(start, html.indexOf('</div></div>', at) + 12);
}

/** The <textarea> of the message (its opening tag and value). */
const textarea = (html: string) => /<textarea\b[^>]*id="mail-body"[^>]*>([^<]*)<\/textarea>/.exec(html);

/** The form alone, with the server's refusal `err` on its fields as the editor puts it there. */
function Refused({ err, values = draftsOf(reset).en }: { err: unknown; values?: MailTexts }) {
  const { errors, formError } = useFieldErrors(MAIL_FIELDS, err);
  return (
    <TemplateForm
      lang="en"
      values={values}
      errors={errors}
      formError={formError}
      placeholders={reset.placeholders}
      required={reset.required}
      customized={false}
      readOnly={false}
      busy={null}
      onChange={noop}
      onInsert={noop}
      onPreview={noop}
      onSave={noop}
      onRestore={noop}
    />
  );
}

describe('the list of templates', () => {
  it('names each template with the languages customized, and opens the one asked for', async () => {
    const html = await draw('en');
    expect(html.split('data-testid="mail-template-item"').length - 1).toBe(3);
    expect(text(item(html, 'email_verification'))).toContain('Confirm e-mail address');
    expect(text(item(html, 'email_verification'))).toContain('Built-in text');
    expect(text(item(html, 'password_reset'))).toContain('Password reset link');
    expect(text(item(html, 'password_reset'))).toContain('Customized: Bangla');
    expect(text(item(html, 'payment_received'))).toContain('Customized: Bangla, English');
    expect(tag(item(html, 'password_reset'), 'mail-template-item')).toContain('aria-current="true"');
    expect(tag(item(html, 'email_verification'), 'mail-template-item')).not.toContain('aria-current');
    // The select of narrow screens: the same templates, the chosen one selected.
    expect(html).toContain('id="mail-template-select"');
    expect(html).toMatch(/<option value="password_reset" selected="">Password reset link \(Customized: Bangla\)<\/option>/);

    // The editor: the template's name and use, the interface's language first, its texts.
    expect(tag(html, 'mail-editor')).toContain('data-key="password_reset"');
    expect(text(html)).toContain('Sent when someone asks to reset a forgotten password.');
    expect(tag(html, 'mail-tab-en')).toContain('aria-selected="true"');
    expect(tag(html, 'mail-tab-bn')).toContain('aria-selected="false"');
    expect(input(html, 'mail-subject')).toContain('value="Reset your password on {site}"');
    expect(textarea(html)?.[1]).toBe('Hello {name},\n\nUse the button below to choose a new password.\n\n{link}');
    expect(input(html, 'mail-button')).toContain('value="Reset password"');
    // বাংলা is customized, English not.
    expect(html.split('data-testid="mail-customized"').length - 1).toBe(1);
    expect(html.indexOf('data-testid="mail-customized"')).toBeLessThan(html.indexOf('data-testid="mail-tab-en"'));
    expect(html).not.toContain('data-testid="mail-unsaved"');
  });

  it('offers the placeholders to insert, says which are required, and how to write the message', async () => {
    const html = await draw('en');
    const chips = [...html.matchAll(/<div[^>]*data-testid="mail-placeholder"[^>]*>/g)].map((m) => m[0]);
    expect(chips.map((c) => /data-placeholder="(\w+)"/.exec(c)?.[1])).toEqual(['name', 'site', 'link']);
    for (const chip of chips) expect(chip).toContain('role="button"');
    expect(chips[2]).toContain('aria-label="Insert {link}: the link"');
    expect(text(html)).toContain('The message must include: {link}');
    const help = text(html.slice(html.indexOf('data-testid="mail-syntax"')));
    expect(help).toContain('Placeholders are written in braces: {name}, {site}, {link}, {course}, {amount}, {partner}, {enrolment}, {event}, {time}, {place}, {class}.');
    expect(help).toContain('Paragraphs are separated by a blank line.');
    expect(help).toContain('A paragraph that is only {link} is shown as a button, labelled with the “Button label” field.');
    // The help describes the message.
    expect(textarea(html)?.[0]).toContain('aria-describedby="mail-body-helper-text mail-syntax"');
    expect(textarea(html)?.[0]).toContain('maxLength="5000"');
  });

  it('is in Bangla, the Bangla text first', async () => {
    const html = await draw('bn');
    expect(text(item(html, 'password_reset'))).toContain('পাসওয়ার্ড রিসেটের লিংক');
    expect(text(item(html, 'password_reset'))).toContain('পরিবর্তিত: বাংলা');
    expect(text(item(html, 'payment_received'))).toContain('পরিবর্তিত: বাংলা, ইংরেজি');
    expect(text(item(html, 'email_verification'))).toContain('মূল লেখা');
    expect(tag(html, 'mail-tab-bn')).toContain('aria-selected="true"');
    expect(input(html, 'mail-subject')).toContain('value="{site}-এ পাসওয়ার্ড রিসেট"');
    for (const words of ['মেইল টেমপ্লেট', 'বার্তা যেভাবে লিখবেন', 'মূল লেখায় ফেরান', 'প্রিভিউ', 'সংরক্ষণ করুন', 'সর্বোচ্চ ২০০ অক্ষর।']) expect(text(html)).toContain(words);
  });

  it('opens the first template without ?key=, and waits for its texts', async () => {
    const html = await draw('en', '/template/mail');
    expect(tag(item(html, 'email_verification'), 'mail-template-item')).toContain('aria-current="true"');
    expect(html).toContain('data-testid="mail-editor-loading"');
  });

  it('shows loading, empty and error states', async () => {
    expect(await draw('en', '/template/mail', new QueryClient())).toContain('data-testid="mail-templates-loading"');
    const empty = await draw('en', '/template/mail', withTemplates([]));
    expect(text(empty)).toContain('There are no mail templates for this site.');
    expect(empty).not.toContain('data-testid="mail-editor"');

    const failed = await prefetched({ ...templateListQuery(ROLE), retry: false }, () => json({ message: 'Down', code: 'server_error', errors: {} }, 500));
    const html = await draw('en', '/template/mail', failed);
    expect(html).toContain('data-testid="error-state"');
    expect(text(html)).toContain('Try again');

    // A template the server does not know (404).
    const missing = await prefetched(templateQuery(ROLE, 'old_key'), () => json({ message: 'Not found', code: 'not_found', errors: {} }, 404));
    expect(text(await render('en', <TemplateArea templateKey="old_key" onDirty={noop} />, { qc: missing }))).toContain('This mail template does not exist.');
  });

  it('reads the list and a template from the contract’s calls', async () => {
    const all = stubFetch(() => json({ data: list }));
    expect(await new QueryClient().fetchQuery(templateListQuery(ROLE))).toEqual(list);
    expect(request(all)).toEqual({ url: '/mail-template/list', method: 'GET', body: undefined });
    const one = stubFetch(() => json({ data: reset }));
    expect(await new QueryClient().fetchQuery(templateQuery(ROLE, 'password_reset'))).toEqual(reset);
    expect(request(one)).toEqual({ url: '/mail-template/password_reset', method: 'GET', body: undefined });
  });

  it('lets a role without settings.edit read and preview only', async () => {
    const reader: CurrentRole = { id: 40, role: 'site-reader', owner_id: 4, permissions: { settings: { view: true, edit: false } } };
    testSession.user = signedInUser(2, reader);
    const qc = new QueryClient();
    qc.setQueryData(mailKeys.list(reader.id), list);
    qc.setQueryData(mailKeys.one(reader.id, 'password_reset'), reset);
    const html = await draw('en', '/template/mail?key=password_reset', qc);
    expect(html).toContain('data-testid="mail-read-only"');
    expect(html).not.toContain('data-testid="mail-save"');
    expect(html).not.toContain('data-testid="mail-restore"');
    expect(html).toContain('data-testid="mail-preview"');
    expect(input(html, 'mail-subject')).toContain('readOnly=""');
  });
});

describe('editing and saving', () => {
  it('puts a placeholder in at the cursor, or in place of the selection', () => {
    expect(withPlaceholder('Hello ,', 6, 6, 'name')).toEqual({ text: 'Hello {name},', caret: 12 });
    expect(withPlaceholder('Open LINK now', 5, 9, 'link')).toEqual({ text: 'Open {link} now', caret: 11 });
    // A selection made backwards, and a cursor beyond the end.
    expect(withPlaceholder('Open LINK now', 9, 5, 'link').text).toBe('Open {link} now');
    expect(withPlaceholder('Hi', 10, 10, 'name')).toEqual({ text: 'Hi{name}', caret: 8 });
  });

  it('sends the language’s texts edited (PUT) and takes the answer in the template and the list', async () => {
    const drafts = draftsOf(reset);
    const cursor = drafts.en.body.indexOf('Use');
    const edited = { ...drafts, en: { ...drafts.en, subject: '  Choose a new password for {site} ', body: withPlaceholder(drafts.en.body, cursor, cursor, 'name').text } };
    expect(unsavedLangs(edited, reset)).toEqual(['en']);
    expect(unsavedLangs(drafts, reset)).toEqual([]);

    const input = templateInput('en', edited.en);
    const saved: MailTemplate = { ...reset, en: { ...input, customized: true } };
    const fetch = stubFetch(() => json({ data: saved }));
    const qc = withTemplates();
    expect(await runMutation(saveTemplateMutation(qc, ROLE), { key: 'password_reset', input }, qc)).toEqual(saved);
    expect(request(fetch)).toEqual({
      url: '/mail-template/password_reset',
      method: 'PUT',
      body: { lang: 'en', subject: 'Choose a new password for {site}', body: 'Hello {name},\n\n{name}Use the button below to choose a new password.\n\n{link}', button: 'Reset password' },
    });
    expect(qc.getQueryData(mailKeys.one(ROLE, 'password_reset'))).toEqual(saved);
    const marks = (qc.getQueryData(mailKeys.list(ROLE)) as MailTemplateSummary[]).map((s) => [s.key, s.customized]);
    expect(marks).toEqual([
      ['email_verification', { en: false, bn: false }],
      ['password_reset', { en: true, bn: true }],
      ['payment_received', { en: true, bn: true }],
    ]);
    // The tab of unsaved changes is marked.
    expect(unsavedLangs({ ...drafts, bn: { ...drafts.bn, button: 'রিসেট' } }, reset)).toEqual(['bn']);
  });

  it('checks for a subject and a message first', () => {
    expect(mailProblems({ subject: ' ', body: '\n\n', button: '' })).toEqual({ subject: 'required', body: 'required' });
    expect(mailProblems({ subject: 'x'.repeat(201), body: 'ok', button: 'y'.repeat(61) })).toEqual({ subject: 'too_long', button: 'too_long' });
    expect(mailProblems(draftsOf(reset).en)).toEqual({});
  });
});

describe('the server’s refusals', () => {
  const refusal = () =>
    json(
      {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { subject: ['The subject may have at most 200 characters.'], body: ['Unknown placeholder {foo}. The message must include {link}.'] },
      },
      422,
    );

  it('shows a 422 of a save under its fields', async () => {
    stubFetch(refusal);
    const err = await runMutation(saveTemplateMutation(new QueryClient(), ROLE), { key: 'password_reset', input: templateInput('en', draftsOf(reset).en) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const html = await render('en', <Refused err={err} />);
    expect(text(html)).toContain('Unknown placeholder {foo}. The message must include {link}.');
    expect(html).toMatch(/id="mail-body-helper-text"[^>]*>Unknown placeholder \{foo\}\. The message must include \{link\}\.</);
    expect(html).toMatch(/id="mail-subject-helper-text"[^>]*>The subject may have at most 200 characters\.</);
    expect(textarea(html)?.[0]).toContain('aria-invalid="true"');
    expect(input(html, 'mail-button')).toContain('aria-invalid="false"');
    expect(html).not.toContain('data-testid="mail-form-error"');
  });

  it('shows the same refusal of a preview, and one of no field above the buttons', async () => {
    stubFetch(refusal);
    const err = await runMutation(previewMutation, { key: 'password_reset', input: templateInput('en', draftsOf(reset).en) }).catch((e: unknown) => e);
    expect(await render('en', <Refused err={err} />)).toMatch(/id="mail-body-helper-text"[^>]*>Unknown placeholder/);

    const forbidden = new ApiError(403, 'Forbidden', 'forbidden', {});
    const html = await render('en', <Refused err={forbidden} />);
    expect(text(html.slice(html.indexOf('data-testid="mail-form-error"')))).toContain('You are not allowed to do this.');
  });
});

describe('the preview', () => {
  const sample: MailPreview = {
    subject: 'Reset your password on Dhaka Academy',
    html: '<!DOCTYPE html><html><body><p>Hello Rina Das,</p><a href="https://dhaka.example/reset?t=1">Reset password</a><script>alert(1)</script></body></html>',
    text: 'PLAIN TEXT VERSION',
  };

  it('asks for the texts being edited (POST), nothing saved', async () => {
    const fetch = stubFetch(() => json({ data: sample }));
    const input = templateInput('bn', draftsOf(reset).bn);
    expect(await previewTemplate('password_reset', input)).toEqual(sample);
    expect(request(fetch)).toEqual({
      url: '/mail-template/preview',
      method: 'POST',
      body: { key: 'password_reset', lang: 'bn', subject: reset.bn.subject, body: reset.bn.body, button: reset.bn.button },
    });
  });

  it('shows the subject and the HTML in a frame that may run nothing, and nothing else', async () => {
    const html = await render('en', inPlace(<PreviewDialog preview={sample} onClose={noop} />));
    expect(text(html.slice(html.indexOf('data-testid="mail-preview-subject"')))).toContain('Reset your password on Dhaka Academy');
    const frame = /<iframe\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('title="The e-mail as it will look"');
    expect(frame).toContain('srcDoc="&lt;!DOCTYPE html&gt;&lt;html&gt;&lt;body&gt;&lt;p&gt;Hello Rina Das,');
    expect(frame).not.toMatch(/\ssrc="/);
    expect(html.split('<iframe').length - 1).toBe(1);
    // The HTML only in the frame; the text version not at all.
    expect(html).not.toContain('<p>Hello Rina Das,</p>');
    expect(html).not.toContain('PLAIN TEXT VERSION');
    // Closed: nothing.
    expect(await render('en', inPlace(<PreviewDialog preview={null} onClose={noop} />))).not.toContain('<iframe');
  });
});

describe('restoring the built-in text', () => {
  it('asks first: Restore default opens a question and calls nothing itself', async () => {
    const fetch = stubFetch(() => json({ data: reset }));
    const bn = await draw('bn');
    expect(tag(bn, 'mail-restore')).toContain('aria-haspopup="dialog"');
    expect(tag(bn, 'mail-restore')).not.toContain('disabled');
    // The English text is the built-in one: nothing to restore.
    expect(tag(await draw('en'), 'mail-restore')).toContain('disabled');
    // No question until it is pressed.
    expect(bn).not.toContain('data-testid="confirm-button"');
    expect(fetch).not.toHaveBeenCalled();

    const dialog = await render('en', inPlace(<RestoreDialog open name="Password reset link" lang="bn" busy={false} onConfirm={noop} onClose={noop} />));
    expect(text(dialog)).toContain('Restore the built-in text?');
    expect(text(dialog)).toContain('The Bangla text of “Password reset link” goes back to the built-in one.');
    expect(text(dialog.slice(dialog.indexOf('data-testid="confirm-button"')))).toContain('Restore default');
    expect(text(dialog)).toContain('Cancel');
    const bnDialog = text(await render('bn', inPlace(<RestoreDialog open name="পাসওয়ার্ড রিসেটের লিংক" lang="en" busy={false} onConfirm={noop} onClose={noop} />)));
    expect(bnDialog).toContain('“পাসওয়ার্ড রিসেটের লিংক”-এর ইংরেজি লেখা আবার মূল লেখায় ফিরে যাবে।');
  });

  it('once confirmed, deletes that language’s text and takes the answer', async () => {
    const restored: MailTemplate = { ...reset, bn: { ...reset.bn, subject: 'পাসওয়ার্ড রিসেট করুন', customized: false } };
    const fetch = stubFetch(() => json({ data: restored }));
    const qc = withTemplates();
    await runMutation(restoreTemplateMutation(qc, ROLE), { key: 'password_reset', lang: 'bn' as const }, qc);
    expect(request(fetch)).toEqual({ url: '/mail-template/password_reset/bn', method: 'DELETE', body: undefined });
    expect(qc.getQueryData(mailKeys.one(ROLE, 'password_reset'))).toEqual(restored);
    expect((qc.getQueryData(mailKeys.list(ROLE)) as MailTemplateSummary[])[1].customized).toEqual({ en: false, bn: false });
  });
});
