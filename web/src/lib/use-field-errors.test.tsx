import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { render, text } from './test-render';
import { fieldErrorTexts, useFieldErrors } from './use-field-errors';

const FIELDS = ['title', 'end_date', 'thumbnail'] as const;
type Field = (typeof FIELDS)[number];

const codeText = (code: string) => `code:${code}`;
const fieldText = (err: unknown, field: string) => (err instanceof ApiError ? (err.fieldErrors[field]?.[0] ?? null) : null);
const errorText = (err: unknown) => `form:${(err as Error).message}`;
const texts = (problems: Partial<Record<Field, string>>, edited: Field[], err: unknown) => fieldErrorTexts(FIELDS, problems, new Set(edited), err, codeText, fieldText, errorText);

describe('fieldErrorTexts', () => {
  it("puts the client's codes, else the server's words, on their fields", () => {
    const err = new ApiError(422, 'Invalid', 'validation_failed', { end_date: ['Too early'], title: ['Taken'] });
    expect(texts({ title: 'required' }, [], err)).toEqual({ errors: { title: 'code:required', end_date: 'Too early' }, formError: null });
    // A field changed since the refusal loses the server's words, not the client's.
    expect(texts({ thumbnail: 'image_too_large' }, ['end_date', 'thumbnail'], err)).toEqual({ errors: { title: 'Taken', thumbnail: 'code:image_too_large' }, formError: null });
    expect(texts({}, [], null)).toEqual({ errors: {}, formError: null });
  });

  it('sends a refusal of no field shown above the buttons', () => {
    expect(texts({}, [], new ApiError(422, 'Bad type', 'validation_failed', { type: ['invalid'] })).formError).toBe('form:Bad type');
    expect(texts({}, [], new ApiError(500, 'Down', null, {})).formError).toBe('form:Down');
    expect(texts({}, ['title'], new ApiError(422, 'Invalid', 'validation_failed', { title: ['Taken'] }))).toEqual({ errors: {}, formError: null });
  });
});

function Shown({ err }: { err: unknown }) {
  const { errors, formError } = useFieldErrors(FIELDS, err);
  return <output>{JSON.stringify({ errors, formError })}</output>;
}

/** What the hook gives for `err` in `lang`. */
const shown = async (lang: 'bn' | 'en', err: unknown) => JSON.parse(text(await render(lang, <Shown err={err} />)).replace(/&quot;/g, '"'));

describe('useFieldErrors', () => {
  it("words the server's field codes and its other refusals in the interface's language", async () => {
    expect(await shown('bn', new ApiError(422, 'x', 'validation_failed', { thumbnail: ['image_too_large'] }))).toEqual({
      errors: { thumbnail: 'ছবিটি ১ MB-এর চেয়ে বড়। আরও ছোট একটি ছবি বাছুন।' },
      formError: null,
    });
    expect(await shown('en', new ApiError(0, 'HTTP 0', null, {}))).toEqual({ errors: {}, formError: 'The server had a problem. Please try again later.' });
    expect(await shown('en', null)).toEqual({ errors: {}, formError: null });
  });
});
