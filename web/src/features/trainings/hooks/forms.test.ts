import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { budget, session, trainingBatch } from '../test-fixtures';
import { budgetBody, budgetProblems, budgetRows, emptyBudgetRow, isBlankRow, serverRowErrors, typedTotals, type BudgetRow } from './budget-form';
import { logisticBody, logisticProblems, trainerProblems, trainerRate, venueBody, venueProblems, venueValues } from './detail-forms';
import { mealBody, mealHasProblems, mealProblems, mealValues, newItemRow, serverItemErrors } from './meal-form';
import { allPresent, sessionAttendanceBody } from './session-attendance';
import { sessionBody, sessionProblems, sessionValues } from './session-form';

const row = (over: Partial<BudgetRow>): BudgetRow => ({ ...emptyBudgetRow(), ...over });
const refusal = (errors: Record<string, string[]>) => new ApiError(422, 'The data is invalid.', 'validation_failed', errors);

describe('the budget table', () => {
  it('shows the saved lines in taka, in the interface’s digits, and one blank row without lines', () => {
    const rows = budgetRows(budget(), 'bn');
    expect(rows.map((r) => [r.category, r.description, r.planned, r.actual])).toEqual([
      ['venue', 'Hall, 3 days', '৩০০০০', '৩২০০০'],
      ['meals', 'Lunch', '১৫০০০.৫০', '১৪০০০'],
    ]);
    const blank = budgetRows({ lines: [] }, 'en');
    expect(blank).toHaveLength(1);
    expect(isBlankRow(blank[0])).toBe(true);
  });

  it('sends every line with something in it, in order, amounts in poisha, and says which row each came from', () => {
    const rows = [
      row({ category: 'venue', description: ' Hall ', planned: '30,000', actual: '৩২০০০.৫' }),
      row({}),
      row({ category: 'transport', planned: '', actual: '' }),
      row({ category: 'other', description: 'Banner', planned: '1200.05' }),
    ];
    const { body, rowOf } = budgetBody(9, rows);
    expect(body).toEqual({
      batch_id: 9,
      lines: [
        { category: 'venue', description: 'Hall', planned_poisha: 3_000_000, actual_poisha: 3_200_050 },
        { category: 'transport', description: '', planned_poisha: 0, actual_poisha: 0 },
        { category: 'other', description: 'Banner', planned_poisha: 120_005, actual_poisha: 0 },
      ],
    });
    expect(rowOf).toEqual([0, 2, 3]);
    expect(typedTotals(rows)).toEqual({ planned_poisha: 3_120_005, actual_poisha: 3_200_050, variance_poisha: 80_045 });
  });

  it('finds a missing category and amounts that are not taka, row by row, and leaves blank rows alone', () => {
    expect(budgetProblems([row({ description: 'Pens', planned: '12..5' }), row({}), row({ category: 'meals', actual: 'lots' }), row({ category: 'venue', planned: '5' })])).toEqual([
      { category: 'required', planned: 'taka_invalid' },
      {},
      { actual: 'taka_invalid' },
      {},
    ]);
  });

  it('puts the server’s refusal of line N on the row it came from, and the rest apart', () => {
    const err = refusal({ 'lines.1.planned_poisha': ['negative'], 'lines.0.category': ['Choose one of the offered values.'], lines: ['At most 200 lines.'] });
    const words = (code: string) => (code === 'negative' ? 'Not below zero.' : null);
    expect(serverRowErrors(err, [0, 2], words)).toEqual({
      rows: { 0: { category: 'Choose one of the offered values.' }, 2: { planned: 'Not below zero.' } },
      rest: ['At most 200 lines.'],
    });
    expect(serverRowErrors(new Error('x'), [0], words)).toEqual({ rows: {}, rest: [] });
  });
});

describe('a session’s attendance', () => {
  const rows = [
    { enrollment_id: 1, user_id: 11, name: 'A', present: true },
    { enrollment_id: 2, user_id: 12, name: 'B', present: false },
    { enrollment_id: 3, user_id: 13, name: 'C', present: null },
    { enrollment_id: 4, user_id: 14, name: 'D', present: null },
  ];
  it('sends the marks set here that change the server’s, present and absent apart', () => {
    expect(sessionAttendanceBody(rows, {})).toEqual({ present: [], absent: [] });
    expect(sessionAttendanceBody(rows, { 1: true, 2: true, 3: false })).toEqual({ present: [2], absent: [3] });
  });
  it('marks everyone present with “All present”, sending only those not present already', () => {
    expect(allPresent(rows)).toEqual({ 1: true, 2: true, 3: true, 4: true });
    expect(sessionAttendanceBody(rows, allPresent(rows))).toEqual({ present: [2, 3, 4], absent: [] });
  });
});

describe('a session’s form', () => {
  it('starts a new session where the last one ended, for an hour, else on the batch’s first day', () => {
    const after = sessionValues(null, '2027-03-01', [session()]);
    expect(new Date(sessionBody({ ...after, title: 'x' }).starts_at).toISOString()).toBe('2027-03-01T06:00:00.000Z');
    expect(Date.parse(sessionBody({ ...after, title: 'x' }).ends_at) - Date.parse('2027-03-01T06:00:00Z')).toBe(3_600_000);
    const first = sessionValues(null, '2027-03-01');
    expect(first.starts_at).toBe('2027-03-01T10:00');
    expect(first.ends_at).toBe('2027-03-01T11:00');
  });
  it('checks the title and the times, and sends the times in UTC with no trainer as null', () => {
    const v = sessionValues(session(), '2027-03-01');
    expect(sessionProblems(v)).toEqual({});
    expect(sessionBody(v)).toEqual({ title: 'Opening: safe food handling', title_bn: 'উদ্বোধন: নিরাপদ খাদ্য ব্যবস্থাপনা', starts_at: '2027-03-01T04:00:00Z', ends_at: '2027-03-01T06:00:00Z', trainer_id: 31 });
    expect(sessionProblems({ ...v, title: ' ', ends_at: v.starts_at })).toEqual({ title: 'required', ends_at: 'ends_before_start' });
    expect(sessionProblems({ ...v, starts_at: '2027-02-30T10:00' })).toEqual({ starts_at: 'invalid_date' });
    expect(sessionBody({ ...v, trainer_id: '' }).trainer_id).toBeNull();
  });
});

describe('a meal plan’s form', () => {
  it('starts a new plan at the meal’s usual time with one empty item', () => {
    const v = mealValues('dinner', null, 'en');
    expect(v.training_time).toBe('20:00');
    expect(v.items).toHaveLength(1);
    expect(mealProblems(v).items).toEqual([{ item_id: 'required', quantity_per_person: 'required' }]);
  });
  it('sends the items with their quantity per person, and finds bad counts, quantities and an item twice', () => {
    const v = { training_time: '13:00', location: ' Hall ', extra_count: '৩', items: [newItemRow(81, '0.25'), newItemRow(82, '১')] };
    expect(mealHasProblems(mealProblems(v))).toBe(false);
    expect(mealBody(9, 'lunch', v, 71)).toEqual({ id: 71, batch_id: 9, meal_type: 'lunch', training_time: '13:00', location: 'Hall', extra_count: 3, items: [{ item_id: 81, quantity_per_person: 0.25 }, { item_id: 82, quantity_per_person: 1 }] });
    expect(mealBody(9, 'lunch', { ...v, extra_count: '' })).not.toHaveProperty('id');
    const bad = mealProblems({ training_time: '25:00', location: '', extra_count: '2.5', items: [newItemRow(81, '0.1234'), newItemRow(81, '1')] });
    expect(bad).toEqual({ fields: { training_time: 'time_invalid', extra_count: 'whole_invalid' }, items: [{ quantity_per_person: 'quantity_invalid' }, { item_id: 'duplicate_item' }] });
  });
  it('puts the server’s refusal of item N on its row', () => {
    const err = refusal({ 'items.1.quantity_per_person': ['negative'], extra_count: ['negative'] });
    expect(serverItemErrors(err, (c) => (c === 'negative' ? 'Not below zero.' : null))).toEqual({ 1: { quantity_per_person: 'Not below zero.' } });
  });
});

describe('the batch’s small forms', () => {
  it('read the venue’s percentages: a whole one for the certificate, basis points for the tax', () => {
    const v = venueValues(trainingBatch({ tax_basis_points: 750 }), 'bn');
    expect(v.completion_percent).toBe('৮০');
    expect(v.tax_basis_points).toBe('৭.৫');
    expect(venueBody({ ...v, venue: ' BARD ' })).toEqual({ venue: 'BARD', venue_bn: 'বার্ড, কুমিল্লা', address: 'Kotbari, Cumilla', completion_percent: 80, tax_basis_points: 750 });
    expect(venueProblems({ ...v, completion_percent: '0', tax_basis_points: '100.5' })).toEqual({ completion_percent: 'percent_invalid', tax_basis_points: 'tax_invalid' });
  });
  it('take a trainer’s rate in taka, and an e-mail for a new one', () => {
    expect(trainerRate({ email: 'a@b.co', rate_poisha: '২৫০০.৫০' })).toBe(250_050);
    expect(trainerRate({ email: 'a@b.co', rate_poisha: '' })).toBe(0);
    expect(trainerProblems({ email: 'nobody', rate_poisha: 'x' }, false)).toEqual({ email: 'email_invalid', rate_poisha: 'taka_invalid' });
    expect(trainerProblems({ email: '', rate_poisha: '100' }, true)).toEqual({});
  });
  it('take a logistic item’s quantity as a whole number from 1 and its cost in taka', () => {
    expect(logisticBody({ name: ' Bag ', name_bn: 'ব্যাগ', quantity_per_trainee: '২', unit_cost_poisha: '350.5' })).toEqual({ name: 'Bag', name_bn: 'ব্যাগ', quantity_per_trainee: 2, unit_cost_poisha: 35_050 });
    expect(logisticProblems({ name: '', name_bn: '', quantity_per_trainee: '0', unit_cost_poisha: '-1' })).toEqual({ name: 'required', quantity_per_trainee: 'quantity_whole', unit_cost_poisha: 'taka_invalid' });
  });
});

describe('the trainings’ refusals', () => {
  it('are worded in both languages, the server’s codes and the forms’ own', async () => {
    const { resources } = await import('../../../i18n/resources');
    const codes = ['outside_batch_dates', 'ends_before_start', 'invalid_time', 'duplicate', 'item_not_found', 'trainer_not_found', 'session_has_attendance', 'trainer_exists', 'user_not_found', 'meal_plan_exists', 'item_exists', 'item_in_use', 'not_a_trainee', 'negative', 'out_of_range', 'batch_not_found', 'required', 'invalid_choice'];
    for (const code of codes) {
      const en = (resources.en.errors as Record<string, unknown>)[code];
      const bn = (resources.bn.errors as Record<string, unknown>)[code];
      expect(en, code).toBeTruthy();
      expect(bn, code).toBeTruthy();
      expect(bn, code).not.toBe(en);
    }
    const own = resources.en.trainings.problems as Record<string, string>;
    for (const code of ['taka_invalid', 'tax_invalid', 'quantity_invalid', 'quantity_whole', 'whole_invalid', 'time_invalid', 'duplicate_item', 'email_invalid']) {
      expect(own[code], code).toBeTruthy();
      expect((resources.bn.trainings.problems as Record<string, string>)[code], code).toBeTruthy();
    }
  });
});

describe('the server’s refusals land on the forms’ fields', () => {
  it('a session outside the batch’s dates on its start, an unknown trainer on the trainer, an unknown account on the e-mail', async () => {
    const { resources } = await import('../../../i18n/resources');
    const { fieldErrorTexts } = await import('../../../lib/use-field-errors');
    const { fieldRefusal } = await import('../../../lib/field-error-text');
    const { SESSION_FIELDS } = await import('./session-form');
    const { TRAINER_FIELDS, VENUE_FIELDS } = await import('./detail-forms');
    const en = resources.en.errors as Record<string, string>;
    const word = (code: string) => en[code] ?? null;
    const texts = (fields: readonly string[], err: unknown) =>
      fieldErrorTexts(fields, {}, new Set(), err, word as (c: string) => string, (e, f) => fieldRefusal(e, f, word), () => 'other');
    expect(texts(SESSION_FIELDS, refusal({ starts_at: ['outside_batch_dates'], trainer_id: ['trainer_not_found'] }))).toEqual({
      errors: { starts_at: 'The session must fall within the batch’s dates.', trainer_id: 'This trainer is not a trainer of the batch.' },
      formError: null,
    });
    expect(texts(TRAINER_FIELDS, refusal({ email: ['user_not_found'] })).errors).toEqual({ email: 'No account has this e-mail address.' });
    expect(texts(VENUE_FIELDS, refusal({ tax_basis_points: ['out_of_range'] })).errors).toEqual({ tax_basis_points: 'The value is outside the allowed range.' });
    // A conflict names no field: it shows above the buttons.
    expect(texts(TRAINER_FIELDS, new ApiError(409, 'Already a trainer.', 'trainer_exists', {}))).toEqual({ errors: {}, formError: 'other' });
  });
});
