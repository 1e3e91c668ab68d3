// Mail templates (/tmp/contracts/mail-templates.md): the e-mails a site sends (address check,
// password reset, enrolment approved, ...), each in English and Bangla, with placeholders. Listed
// (GET /mail-template/list), read (GET /mail-template/{key}), saved one language at a time (PUT),
// put back to the built-in text (DELETE /mail-template/{key}/{lang}) and previewed with sample
// values (POST /mail-template/preview). Permission: module `settings` (`view` to read and preview,
// `edit` to save and restore).
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

/** The languages of a template, in the order of its tabs. */
export const MAIL_LANGS = ['bn', 'en'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];

/** What one language of a template says. */
export interface MailTexts {
  subject: string;
  body: string;
  /** The label of the button a paragraph of `{link}` alone becomes. */
  button: string;
}

export interface MailLangTexts extends MailTexts {
  /** The site's own text (false: the built-in one). */
  customized: boolean;
}

/** A template as the list gives it. */
export interface MailTemplateSummary {
  key: string;
  /** The placeholders the body may hold (`name` for `{name}`). */
  placeholders: string[];
  /** Those the body must hold. */
  required: string[];
  customized: Record<MailLang, boolean>;
}

/** A template with both languages' texts. */
export interface MailTemplate extends Record<MailLang, MailLangTexts> {
  key: string;
  placeholders: string[];
  required: string[];
}

/** The body of a save: one language's texts. */
export interface MailTemplateInput extends MailTexts {
  lang: MailLang;
}

/** The e-mail as it would be sent, with sample values filled in. */
export interface MailPreview {
  subject: string;
  html: string;
  text: string;
}

const BASE = '/mail-template';
const templatePath = (key: string) => `${BASE}/${encodeURIComponent(key)}`;

/** GET /mail-template/list: the site's templates, in the server's order. */
export function fetchTemplateList(signal?: AbortSignal) {
  return api<DataEnvelope<MailTemplateSummary[]>>(`${BASE}/list`, { signal }).then((r) => (Array.isArray(r.data) ? r.data : []));
}

/** GET /mail-template/{key}: both languages' texts (404 for a key the server does not know). */
export function fetchTemplate(key: string, signal?: AbortSignal) {
  return api<DataEnvelope<MailTemplate>>(templatePath(key), { signal }).then((r) => r.data);
}

/** PUT /mail-template/{key}: saves one language; the answer is the template as saved (422 on its fields). */
export function saveTemplate(key: string, input: MailTemplateInput) {
  return api<DataEnvelope<MailTemplate>>(templatePath(key), { method: 'PUT', body: input }).then((r) => r.data);
}

/** DELETE /mail-template/{key}/{lang}: the built-in text again for that language; the answer is the template. */
export function restoreTemplate(key: string, lang: MailLang) {
  return api<DataEnvelope<MailTemplate>>(`${templatePath(key)}/${lang}`, { method: 'DELETE' }).then((r) => r.data);
}

/** POST /mail-template/preview: the texts (not saved) as the e-mail they make, with sample values (422 as a save). */
export function previewTemplate(key: string, input: MailTemplateInput) {
  return api<DataEnvelope<MailPreview>>(`${BASE}/preview`, { method: 'POST', body: { key, ...input } }).then((r) => r.data);
}
