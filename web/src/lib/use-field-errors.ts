// What a form built on useState shows of its refusals: on each field the client's own check (a
// code, worded by the form) or else the server's refusal of that field, until the field is changed;
// refusals of no field shown go above the buttons. Kept with field-error-text.ts out of the app's
// entry: only the forms import it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './field-error-text';
import { fieldErrorsOf, useErrorText } from './use-error-text';

export type FieldProblems<F extends string> = Partial<Record<F, string>>;

/**
 * Each field's text: its client problem worded by `codeText`, else (while not edited since) the
 * server's refusal of it by `fieldText`. `formError`: the server's refusal when it names none of
 * `fields`.
 */
export function fieldErrorTexts<F extends string>(
  fields: readonly F[],
  problems: FieldProblems<F>,
  edited: ReadonlySet<F>,
  error: unknown,
  codeText: (code: string) => string,
  fieldText: (err: unknown, field: string) => string | null,
  errorText: (err: unknown) => string,
): { errors: FieldProblems<F>; formError: string | null } {
  const errors: FieldProblems<F> = {};
  for (const field of fields) {
    const code = problems[field];
    const text = code ? codeText(code) : edited.has(field) ? null : fieldText(error, field);
    if (text) errors[field] = text;
  }
  const shown = Object.keys(fieldErrorsOf(error)).some((f) => (fields as readonly string[]).includes(f));
  return { errors, formError: error && !shown ? errorText(error) : null };
}

/**
 * The refusals of a form's `fields` for the save's `error`. A client problem code is worded by
 * `codeText` (by default errors:<code>).
 */
export function useFieldErrors<F extends string>(fields: readonly F[], error: unknown, codeText?: (code: string) => string) {
  const { t } = useTranslation('errors');
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const [problems, setProblems] = useState<FieldProblems<F>>({});
  // Fields changed since the server refused them: its words there no longer apply.
  const [edited, setEdited] = useState<Set<F>>(() => new Set());
  const { errors, formError } = fieldErrorTexts(fields, problems, edited, error, codeText ?? ((code) => t(`errors:${code}`)), fieldText, errorText);
  return {
    errors,
    formError,
    /** Fields just changed: their problems go, and the server's words on them. */
    changed(changed: F[]) {
      setProblems((p) => {
        const next = { ...p };
        for (const f of changed) delete next[f];
        return next;
      });
      setEdited((prev) => new Set([...prev, ...changed]));
    },
    /** A problem the form found on one field (a picture too large). */
    problem(field: F, code: string) {
      setProblems((p) => ({ ...p, [field]: code }));
    },
    /** The client's check before saving: shows what it found; true when nothing (then the server's words apply afresh). */
    check(found: FieldProblems<F>): boolean {
      setProblems(found);
      if (Object.keys(found).length) return false;
      setEdited(new Set());
      return true;
    },
  };
}
