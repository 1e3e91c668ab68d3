// Mail templates as queries and mutations. Keys carry the current role (another role may be of
// another site, whose templates differ). A save or a restore answers the whole template: it takes
// the place of the one read, and the list's "customized" marks follow it at once.
import { useQuery, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import {
  fetchTemplate,
  fetchTemplateList,
  previewTemplate,
  restoreTemplate,
  saveTemplate,
  type MailLang,
  type MailTemplate,
  type MailTemplateInput,
  type MailTemplateSummary,
} from '../api/mail-templates-api';

export const mailKeys = {
  list: (role: number) => ['mail-templates', role, 'list'] as const,
  one: (role: number, key: string) => ['mail-templates', role, 'one', key] as const,
};

/** The current role's id (0: the learner view): the part of every key that tells roles apart. */
export function useMailRoleKey() {
  return useCurrentUser().user?.currentrole?.id ?? 0;
}

/** Not worth asking again: the server said no, or there is no such template. */
function retry(count: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < 2;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function templateListQuery(role: number) {
  return { queryKey: mailKeys.list(role), queryFn: ({ signal }: QueryFunctionContext) => fetchTemplateList(signal), retry };
}

export function templateQuery(role: number, key: string) {
  return { queryKey: mailKeys.one(role, key), queryFn: ({ signal }: QueryFunctionContext) => fetchTemplate(key, signal), retry };
}

export function useTemplateList() {
  return useQuery(templateListQuery(useMailRoleKey()));
}

export function useTemplate(key: string) {
  return useQuery(templateQuery(useMailRoleKey(), key));
}

/** The template as the server now has it, in its own query and in the list's marks. */
export function storeTemplate(qc: QueryClient, role: number, template: MailTemplate | undefined) {
  if (!template?.key) return;
  qc.setQueryData(mailKeys.one(role, template.key), template);
  qc.setQueryData<MailTemplateSummary[]>(mailKeys.list(role), (list) =>
    list?.map((s) => (s.key === template.key ? { ...s, customized: { en: !!template.en?.customized, bn: !!template.bn?.customized } } : s)),
  );
}

export interface SaveVars {
  key: string;
  input: MailTemplateInput;
}

/** Saves one language's texts (PUT). */
export function saveTemplateMutation(qc: QueryClient, role: number) {
  return {
    mutationFn: ({ key, input }: SaveVars) => saveTemplate(key, input),
    onSuccess: (saved: MailTemplate) => storeTemplate(qc, role, saved),
  };
}

/** Puts one language back to the built-in text (DELETE). */
export function restoreTemplateMutation(qc: QueryClient, role: number) {
  return {
    mutationFn: ({ key, lang }: { key: string; lang: MailLang }) => restoreTemplate(key, lang),
    onSuccess: (saved: MailTemplate) => storeTemplate(qc, role, saved),
  };
}

/** The texts being edited as the e-mail they make (nothing is saved). */
export const previewMutation = {
  mutationFn: ({ key, input }: SaveVars) => previewTemplate(key, input),
};
