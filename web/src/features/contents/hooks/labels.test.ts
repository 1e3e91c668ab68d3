import { describe, expect, it } from 'vitest';
import enContents from '../../../i18n/locales/en/contents.json';
import bnContents from '../../../i18n/locales/bn/contents.json';
import enErrors from '../../../i18n/locales/en/errors.json';
import bnErrors from '../../../i18n/locales/bn/errors.json';
import { CONTENT_TYPES, LIST_TYPES, PART_KINDS } from '../api/contents-api';

/** The refusals of docs/api-content-bank.md (and the file manager's file_in_use). */
const CONTRACT_CODES = [
  'title_required',
  'invalid_choice',
  'invalid_category',
  'duration_not_hm',
  'invalid_date',
  'too_many',
  'required',
  'not_a_colleague',
  'content_in_use',
  'content_has_learners',
  'content_not_started',
  'content_empty',
  'not_enrolled',
  'previous_part_incomplete',
  'quiz_not_attempted',
  'invalid_rating',
  'file_in_use',
];

describe('content bank labels', () => {
  it('name every type, tab and kind of part in both languages, differently', () => {
    for (const cat of [enContents, bnContents]) {
      for (const c of CONTENT_TYPES) expect(cat.types[c], c).toBeTruthy();
      for (const l of LIST_TYPES) expect(cat.tabs[l], l).toBeTruthy();
      for (const k of PART_KINDS) expect(cat.parts.kinds[k], k).toBeTruthy();
    }
    for (const c of CONTENT_TYPES) expect(bnContents.types[c], c).not.toBe(enContents.types[c]);
  });
  it('word every refusal of the contract in both languages', () => {
    for (const code of CONTRACT_CODES) {
      expect((enErrors as Record<string, unknown>)[code], code).toBeTruthy();
      expect((bnErrors as Record<string, unknown>)[code], code).toBeTruthy();
    }
  });
});
