// The editor's texts: both languages' drafts, which of them differ from what the server has, the
// client's own checks (the server's limits: subject 200, body 5000, button 60 characters) and a
// placeholder put in at the cursor.
import type { FieldProblems } from '../../../lib/use-field-errors';
import { MAIL_LANGS, type MailLang, type MailTemplate, type MailTemplateInput, type MailTexts } from '../api/mail-templates-api';

export const MAIL_FIELDS = ['subject', 'body', 'button'] as const;
export type MailField = (typeof MAIL_FIELDS)[number];

/** The most characters each field may have. */
export const MAIL_LIMITS: Record<MailField, number> = { subject: 200, body: 5000, button: 60 };

export type MailDrafts = Record<MailLang, MailTexts>;

/** A language's texts without its "customized" mark (missing ones empty). */
export function textsOf(texts: Partial<MailTexts> | undefined): MailTexts {
  return { subject: texts?.subject ?? '', body: texts?.body ?? '', button: texts?.button ?? '' };
}

export function draftsOf(template: MailTemplate): MailDrafts {
  return { bn: textsOf(template.bn), en: textsOf(template.en) };
}

/** The languages whose draft is not what the server has. */
export function unsavedLangs(drafts: MailDrafts, template: MailTemplate): MailLang[] {
  return MAIL_LANGS.filter((lang) => {
    const saved = textsOf(template[lang]);
    return MAIL_FIELDS.some((f) => drafts[lang][f] !== saved[f]);
  });
}

/** The body of a save or a preview: the subject and the button label trimmed, the body without blank ends. */
export function templateInput(lang: MailLang, texts: MailTexts): MailTemplateInput {
  return { lang, subject: texts.subject.trim(), body: texts.body.trim(), button: texts.button.trim() };
}

/** The client's own checks: a subject and a body, none too long (codes of errors:*). */
export function mailProblems(texts: MailTexts): FieldProblems<MailField> {
  const out: FieldProblems<MailField> = {};
  for (const field of MAIL_FIELDS) {
    const value = texts[field].trim();
    if (!value && field !== 'button') out[field] = 'required';
    else if (value.length > MAIL_LIMITS[field]) out[field] = 'too_long';
  }
  return out;
}

/** `{name}`: a placeholder as the body holds it. */
export const placeholderToken = (name: string) => `{${name}}`;

/**
 * `text` with the placeholder in place of the selection from `start` to `end` (a cursor: both the
 * same), and where the cursor goes after it.
 */
export function withPlaceholder(text: string, start: number, end: number, name: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end, from));
  const token = placeholderToken(name);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
