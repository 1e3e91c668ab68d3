import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ME_KEY } from '../../../lib/session';
import { errorText, fetchCall, input, json, noop, render, runMutation, stubFetch, tag, text, useWordedErrors, memoryStorage } from '../../../lib/test-render';
import { useFieldErrors } from '../../../lib/use-field-errors';
import {
  getTeacherVerification,
  isAlreadyTeacher,
  type FoundAnswer,
  type TeacherFlags,
  type TeacherVerificationInfo,
  type VerifiedTeacher,
} from '../api/teacher-verification-api';
import {
  birthDate,
  canConfirm,
  CODE_FIELDS,
  confirmBody,
  defaultType,
  FORM_FIELDS,
  formProblems,
  idLabelKey,
  initialState,
  lookupBody,
  teacherTypes,
  verificationAvailable,
  verifyReducer,
  visibleTabs,
  type VerifyState,
  type VerifyValues,
} from '../hooks/teacher-verification';
import { confirmMutation, lookupMutation, teacherVerificationKey } from '../hooks/teacher-verification-queries';
import MyProfilePage from './my-profile-page';
import { profileKey } from '../hooks/use-profile';
import { TeacherVerificationCard, TeacherVerificationPanel, verifiedOn } from './teacher-verification-card';
import {
  enrolStep,
  LoadingView,
  useProblemText,
  VerificationContent,
  VerificationSteps,
  VerificationView,
  type VerificationViewProps,
} from './teacher-verification-dialog';

const ALL: TeacherFlags = { dshe: 1, dme: 1, dte: 1, dpe: 1, dpe_officer: 1 };
const NONE: TeacherFlags = { dshe: 0, dme: 0, dte: 0, dpe: 0, dpe_officer: 0 };

const details = { Name: 'Rahima Khatun', Designation: 'Assistant Teacher', InstituteName: "Motijheel Govt. Boys' High School", Subject: 'Mathematics' };
const found: FoundAnswer = { status: 100, data: details, otp_sent_to: '+88017•••••678', resend_after: 60 };
const verified: VerifiedTeacher = { pds_type: 1, pds_sub_type: null, pdsid: '12345678', ...details, verified_at: '2026-12-04T10:00:00Z' };

/** The form as someone fills it: a secondary teacher's PDS ID and birth date in Bangla digits. */
const typed: VerifyValues = { pds_type: 1, pds_sub_type: 1, pdsid: '১২৩৪৫৬৭৮', date_of_birth: '০৭/০৩/১৯৮৫' };

const view = (state: VerifyState, over: Partial<VerificationViewProps> = {}) => (
  <VerificationView
    flags={ALL}
    state={state}
    verified={null}
    errors={{}}
    formError={null}
    looking={false}
    confirming={false}
    secondsLeft={0}
    focusFirst
    onTab={noop}
    onChange={noop}
    onOtp={noop}
    onAgree={noop}
    onLookup={noop}
    onResend={noop}
    onConfirm={noop}
    onTryAgain={noop}
    onClose={noop}
    {...over}
  />
);

/** The view with a failed request's refusals worded as the dialog words them (useFieldErrors). */
function Worded({ err, ...props }: Omit<VerificationViewProps, 'errors' | 'formError'> & { err: unknown }) {
  const form = useFieldErrors(FORM_FIELDS, props.state.stage.at === 5 ? err : null);
  const code = useFieldErrors(CODE_FIELDS, props.state.stage.at === 1 ? err : null);
  return <VerificationView {...props} errors={{ ...form.errors, ...code.errors }} formError={form.formError ?? code.formError} />;
}
const worded = (state: VerifyState, err: unknown) => (
  <Worded
    err={err}
    flags={ALL}
    state={state}
    verified={null}
    looking={false}
    confirming={false}
    secondsLeft={0}
    focusFirst={false}
    onTab={noop}
    onChange={noop}
    onOtp={noop}
    onAgree={noop}
    onLookup={noop}
    onResend={noop}
    onConfirm={noop}
    onTryAgain={noop}
    onClose={noop}
  />
);

/** The form with the client's problems of `values` worded as the dialog words them. */
function Problems({ values }: { values: VerifyValues }) {
  const errors = useWordedErrors(FORM_FIELDS, null, useProblemText(), formProblems(values));
  return view({ values, stage: { at: 5 } }, { errors });
}

/** The values of the radios named `name`, in their order; the checked one's. */
const radios = (html: string, name: string) => [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*value="(\\d)"`, 'g'))].map((m) => Number(m[1]));
const checkedRadio = (html: string, name: string) =>
  [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`name="${name}"`) && tag.includes('checked=""'))?.match(/value="(\d)"/)?.[1] ?? null;


beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer-1' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('teacher verification: tabs and types', () => {
  it('shows the teacher tab with any of dshe/dme/dte/dpe and the officer tab with dpe_officer; the first enabled type is chosen, otherwise 5', () => {
    expect(visibleTabs(ALL)).toEqual(['teacher', 'officer']);
    expect(defaultType(ALL)).toBe(1);
    expect(visibleTabs({ ...NONE, dpe_officer: 1 })).toEqual(['officer']);
    expect(defaultType({ ...NONE, dpe_officer: 1 })).toBe(5);
    expect(visibleTabs({ ...NONE, dte: 1 })).toEqual(['teacher']);
    expect(defaultType({ ...NONE, dte: 1, dpe: 1 })).toBe(3);
    expect(teacherTypes({ ...NONE, dme: 1, dpe: 1, dpe_officer: 1 })).toEqual([2, 4]);
    expect(defaultType({ ...NONE, dme: 1, dpe: 1, dpe_officer: 1 })).toBe(2);
    expect(visibleTabs(NONE)).toEqual([]);
    expect(verificationAvailable(NONE)).toBe(false);
    expect(defaultType(NONE)).toBe(5);
    expect(initialState({ ...NONE, dpe: 1 })).toEqual({ values: { pds_type: 4, pds_sub_type: 1, pdsid: '', date_of_birth: '' }, stage: { at: 5 } });
  });

  it('draws the tabs and the type radios the flags allow', async () => {
    const all = await render('en', view(initialState(ALL)));
    expect(tag(all, 'teacher-tab-teacher')).toContain('aria-selected="true"');
    expect(tag(all, 'teacher-tab-officer')).toContain('aria-selected="false"');
    expect(radios(all, 'pds_type')).toEqual([1, 2, 3, 4]);
    expect(checkedRadio(all, 'pds_type')).toBe('1');
    expect(text(all)).toContain('General (secondary)');
    expect(text(all)).toContain('PDS ID');

    const some = { ...NONE, dme: 1, dpe: 1 } as TeacherFlags;
    const html = await render('en', view(initialState(some), { flags: some }));
    expect(tag(html, 'teacher-tab-teacher')).not.toBe('');
    expect(tag(html, 'teacher-tab-officer')).toBe('');
    expect(radios(html, 'pds_type')).toEqual([2, 4]);
    expect(checkedRadio(html, 'pds_type')).toBe('2');

    // Officers only: no teacher tab, no type, the HRMIS employee ID; the ID field is the first field.
    const officers = { ...NONE, dpe_officer: 1 } as TeacherFlags;
    const off = await render('en', view(initialState(officers), { flags: officers }));
    expect(tag(off, 'teacher-tab-teacher')).toBe('');
    expect(tag(off, 'teacher-tab-officer')).toContain('aria-selected="true"');
    expect(tag(off, 'teacher-types')).toBe('');
    expect(text(off)).toContain('Employee ID (HRMIS)');
  });

  it('switches tab to the officer type and back to the first enabled teacher type', () => {
    const flags = { ...NONE, dte: 1, dpe: 1, dpe_officer: 1 } as TeacherFlags;
    const start = initialState(flags);
    const officer = verifyReducer(start, { type: 'tab', tab: 'officer', flags });
    expect(officer.values.pds_type).toBe(5);
    expect(verifyReducer(officer, { type: 'tab', tab: 'teacher', flags }).values.pds_type).toBe(3);
  });

  it('asks for PIN or index number only for a primary teacher, and labels the ID per type', async () => {
    const secondary = await render('en', view(initialState(ALL)));
    expect(tag(secondary, 'teacher-sub-type')).toBe('');
    const primaryState = { values: { ...initialState(ALL).values, pds_type: 4 as const }, stage: { at: 5 as const } };
    const primary = await render('en', view(primaryState));
    expect(tag(primary, 'teacher-sub-type')).not.toBe('');
    expect(radios(primary, 'pds_sub_type')).toEqual([1, 2]);
    expect(text(primary)).toContain('PIN number');
    expect(text(primary)).toContain('Index number');
    const index = await render('en', view({ ...primaryState, values: { ...primaryState.values, pds_sub_type: 2 } }));
    expect(/<label[^>]*for="teacher-verification-pdsid"[^>]*>([^<]*)/.exec(index)?.[1]).toBe('Index number');
    const officer = await render('en', view({ ...primaryState, values: { ...primaryState.values, pds_type: 5 } }));
    expect(tag(officer, 'teacher-sub-type')).toBe('');

    expect([1, 2, 3].map((type) => idLabelKey(type as 1 | 2 | 3, null))).toEqual(['pds', 'pds', 'pds']);
    expect(idLabelKey(4, 1)).toBe('pin');
    expect(idLabelKey(4, 2)).toBe('index');
    expect(idLabelKey(5, null)).toBe('hrmis');
    // The sub-type goes with type 4 only.
    expect(lookupBody({ ...typed, pds_type: 4, pds_sub_type: 2 })).toEqual({ pds_type: 4, pds_sub_type: 2, pdsid: '12345678', date_of_birth: '07/03/1985' });
    expect(lookupBody({ ...typed, pds_type: 2, pds_sub_type: 2 })).not.toHaveProperty('pds_sub_type');
  });

  it('has a numeric ID field, a DD/MM/YYYY birth date, and the first field focused', async () => {
    const html = await render('en', view(initialState(ALL)));
    expect(input(html, 'teacher-verification-pdsid')).toContain('inputMode="numeric"');
    expect(input(html, 'teacher-verification-date-of-birth')).toContain('placeholder="DD/MM/YYYY"');
    expect(input(html, 'teacher-verification-date-of-birth')).toContain('type="text"');
    expect(tag(html, 'teacher-verification-state-5')).toMatch(/^<form/);
    expect(tag(html, 'teacher-lookup')).toContain('type="submit"');
    // The checked type is the first field (React focuses it when mounted).
    expect(input(html, 'teacher-verification-type-1')).toContain('autofocus');
    expect(input(html, 'teacher-verification-pdsid')).not.toContain('autofocus');
    const officers = { ...NONE, dpe_officer: 1 } as TeacherFlags;
    expect(input(await render('en', view(initialState(officers), { flags: officers })), 'teacher-verification-pdsid')).toContain('autofocus');
  });
});

describe('teacher verification: checks before asking', () => {
  it('takes a birth date as DD/MM/YYYY in ASCII or Bangla digits', () => {
    expect(birthDate('07/03/1985')).toBe('07/03/1985');
    expect(birthDate('০৭/০৩/১৯৮৫')).toBe('07/03/1985');
    expect(birthDate(' 7-3-1985 ')).toBe('07/03/1985');
    for (const bad of ['1985-03-07', '31/02/1990', '07/13/1985', '7/3/85', '07/03-1985', '', '01/01/1800']) expect(birthDate(bad), bad).toBeNull();

    expect(formProblems(typed)).toEqual({});
    expect(formProblems({ ...typed, pdsid: ' ', date_of_birth: '' })).toEqual({ pdsid: 'id_required', date_of_birth: 'birth_required' });
    expect(formProblems({ ...typed, pdsid: 'AB12', date_of_birth: '1985-03-07' })).toEqual({ pdsid: 'id_invalid', date_of_birth: 'birth_invalid' });
  });

  it("words the form's own problems under their fields, in either language", async () => {
    const values = { ...typed, pdsid: 'AB12', date_of_birth: '31/02/1990' };
    const problems = formProblems(values);
    expect(problems).toEqual({ pdsid: 'id_invalid', date_of_birth: 'birth_invalid' });
    const en = await render('en', <Problems values={values} />);
    expect(input(en, 'teacher-verification-pdsid')).toContain('aria-invalid="true"');
    expect(input(en, 'teacher-verification-date-of-birth')).toContain('aria-invalid="true"');
    expect(text(en)).toContain('Use digits only');
    expect(text(en)).toContain('Enter the date as DD/MM/YYYY, for example 25/03/1985');
    const bn = text(await render('bn', <Problems values={{ ...values, pdsid: '' }} />));
    expect(bn).toContain('আপনার আইডি লিখুন');
    expect(bn).toContain('তারিখটি দিন/মাস/বছর আকারে লিখুন');
  });
});

describe('teacher verification: the states', () => {
  it('5 → 1 → verified: looks the ID up, shows the details and the code, and confirms with the consent', async () => {
    // Step 1.
    const step1 = stubFetch(() => json({ data: found }));
    const answer = await runMutation(lookupMutation(), lookupBody(typed));
    const [url, init] = fetchCall(step1);
    expect(url).toBe('/my-account/teacher-verification');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bearer-1');
    expect(JSON.parse(String(init.body))).toEqual({ step: 1, pds_type: 1, pdsid: '12345678', date_of_birth: '07/03/1985' });

    const now = 1_000_000;
    let state = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer, now });
    expect(state.stage).toEqual({ at: 1, details, sentTo: '+88017•••••678', resendAt: now + 60_000, otp: '', agree: false });

    // State 1: the details, where the code went, the code's field, "Resend code" counting down, Continue disabled.
    const one = await render('en', view(state, { secondsLeft: 45 }));
    expect(tag(one, 'teacher-verification-state-1')).not.toBe('');
    const shown = text(one);
    for (const v of Object.values(details)) expect(shown).toContain(v.replace("'", '&#x27;'));
    expect(shown).toContain('We texted a 6-digit code to +88017•••••678');
    expect(input(one, 'teacher-verification-otp')).toContain('autoComplete="one-time-code"');
    expect(input(one, 'teacher-verification-otp')).toContain('inputMode="numeric"');
    expect(tag(one, 'teacher-resend')).toContain('disabled');
    expect(shown).toContain('Resend code (45 s)');
    expect(input(one, 'teacher-verification-agree')).toContain('type="checkbox"');
    expect(shown).toContain('I agree that my profile shows these details');
    expect(tag(one, 'teacher-continue')).toContain('disabled');
    expect(tag(one, 'teacher-continue')).toContain('type="submit"');
    // The time is up: a new code may be asked for.
    const ready = await render('en', view(state, { secondsLeft: 0 }));
    expect(tag(ready, 'teacher-resend')).not.toContain('disabled');
    expect(text(ready)).toContain('Resend code');

    // Continue waits for the consent and six digits.
    state = verifyReducer(state, { type: 'otp', typed: '১২৩' });
    state = verifyReducer(state, { type: 'agree', agree: true });
    expect(canConfirm(state.stage)).toBe(false);
    state = verifyReducer(state, { type: 'otp', typed: '১২৩৪৫৬৭' });
    expect(state.stage).toMatchObject({ otp: '১২৩৪৫৬' });
    expect(canConfirm(state.stage)).toBe(true);
    expect(tag(await render('en', view(state)), 'teacher-continue')).not.toContain('disabled');
    expect(canConfirm(verifyReducer(state, { type: 'agree', agree: false }).stage)).toBe(false);
    const busy = await render('en', view(state, { confirming: true }));
    expect(tag(busy, 'teacher-continue')).toContain('disabled');
    expect(text(busy)).toContain('Saving…');

    // Step 2: the same fields, the code in ASCII digits and agree=1; the card and the user are fetched again.
    const qc = new QueryClient();
    qc.setQueryData(teacherVerificationKey('bearer-1'), { flags: ALL, verified: null });
    qc.setQueryData([...ME_KEY, 'bearer-1'], { id: 7 });
    const step2 = stubFetch(() => json({ data: { status: 100, data: details, verified: true } }));
    const stage = state.stage as Extract<VerifyState['stage'], { at: 1 }>;
    const confirmed = await runMutation(confirmMutation(qc), confirmBody(state.values, stage.otp), qc);
    expect(JSON.parse(String(fetchCall(step2)[1].body))).toEqual({
      step: 2,
      pds_type: 1,
      pdsid: '12345678',
      date_of_birth: '07/03/1985',
      otp: '123456',
      agree: 1,
    });
    expect(qc.getQueryState(teacherVerificationKey('bearer-1'))?.isInvalidated).toBe(true);
    expect(qc.getQueryState([...ME_KEY, 'bearer-1'])?.isInvalidated).toBe(true);
    expect(verifyReducer(state, { type: 'confirmed', answer: confirmed }).stage).toEqual({ at: 'done', details });
  });

  it('asking for a new code restarts the countdown and empties the code, keeping the consent', () => {
    let state = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer: found, now: 0 });
    state = verifyReducer(verifyReducer(state, { type: 'otp', typed: '111111' }), { type: 'agree', agree: true });
    const again = verifyReducer(state, { type: 'looked_up', answer: { ...found, resend_after: 90 }, now: 70_000 });
    expect(again.stage).toMatchObject({ at: 1, otp: '', agree: true, resendAt: 160_000 });
  });

  it('5 → 0 → 5: the ID type or birth date is wrong; "Try again" returns to the form keeping nothing typed', async () => {
    stubFetch(() => json({ data: { status: 0 } }));
    const answer = await runMutation(lookupMutation(), lookupBody(typed));
    const failed = verifyReducer({ values: { ...typed, pds_type: 3 }, stage: { at: 5 } }, { type: 'looked_up', answer, now: 0 });
    expect(failed.stage).toEqual({ at: 0 });
    const html = await render('en', view(failed));
    expect(tag(html, 'teacher-not-found')).not.toBe('');
    expect(text(html)).toContain('The chosen ID type or the birth date is incorrect, please give correct information.');
    expect(tag(html, 'teacher-try-again')).toContain('type="submit"');
    expect(tag(html, 'teacher-lookup')).toBe('');

    const again = verifyReducer(failed, { type: 'try_again' });
    expect(again).toEqual({ values: { pds_type: 3, pds_sub_type: 1, pdsid: '', date_of_birth: '' }, stage: { at: 5 } });
    const form = await render('en', view(again));
    expect(tag(form, 'teacher-verification-state-5')).not.toBe('');
    expect(input(form, 'teacher-verification-pdsid')).toContain('value=""');
    expect(input(form, 'teacher-verification-date-of-birth')).toContain('value=""');
    expect(checkedRadio(form, 'pds_type')).toBe('3');
  });

  it('5 → 2: the ID verifies another account already (who, masked), then "Try again"', async () => {
    stubFetch(() => json({ data: { status: 1, used_by: 'R**** U****' } }));
    const answer = await runMutation(lookupMutation(), lookupBody(typed));
    const used = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer, now: 0 });
    expect(used.stage).toEqual({ at: 2, usedBy: 'R**** U****' });
    const html = await render('en', view(used));
    expect(text(html)).toContain('This ID already verifies another account. Provide your own teacher ID and birth date.');
    expect(tag(html, 'teacher-used-by')).not.toBe('');
    expect(text(html)).toContain('Used by: R**** U****');
    expect(tag(html, 'teacher-try-again')).not.toBe('');
    expect(verifyReducer(used, { type: 'try_again' }).stage).toEqual({ at: 5 });

    // Step 2 may find it taken meanwhile too, or not found.
    const one = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer: found, now: 0 });
    expect(verifyReducer(one, { type: 'confirmed', answer: { status: 1, used_by: 'S****' } }).stage).toEqual({ at: 2, usedBy: 'S****' });
    expect(verifyReducer(one, { type: 'confirmed', answer: { status: 0 } }).stage).toEqual({ at: 0 });
  });

  it('503 registry_unavailable shows in the dialog and keeps the typed values', async () => {
    stubFetch(() => json({ message: 'The teacher registry is not answering. Please try again in a few minutes.', code: 'registry_unavailable', errors: {} }, 503));
    const err = await runMutation(lookupMutation(), lookupBody(typed)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('registry_unavailable');
    const state: VerifyState = { values: typed, stage: { at: 5 } };
    const en = await render('en', worded(state, err));
    expect(tag(en, 'teacher-verification-error')).not.toBe('');
    expect(text(en)).toContain('The teacher registry is not answering. Please try again in a few minutes.');
    expect(input(en, 'teacher-verification-pdsid')).toContain('value="১২৩৪৫৬৭৮"');
    expect(input(en, 'teacher-verification-date-of-birth')).toContain('value="০৭/০৩/১৯৮৫"');
    expect(tag(en, 'teacher-lookup')).not.toContain('disabled');
    expect(await errorText('bn', err)).toContain('শিক্ষকদের সরকারি তথ্যভান্ডার সাড়া দিচ্ছে না');

    // While asking: the button spins and is disabled, the fields too.
    const busy = await render('en', view(state, { looking: true }));
    expect(tag(busy, 'teacher-lookup')).toContain('disabled');
    expect(text(busy)).toContain('Checking…');
    expect(input(busy, 'teacher-verification-pdsid')).toContain('disabled');
  });

  it("shows the server's field refusals under their fields (422), and a wrong code under the code", async () => {
    stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { date_of_birth: ['You must be at least 18 years old.'] } }, 422));
    const err = await runMutation(lookupMutation(), lookupBody(typed)).catch((e: unknown) => e);
    const html = await render('en', worded({ values: typed, stage: { at: 5 } }, err));
    expect(input(html, 'teacher-verification-date-of-birth')).toContain('aria-invalid="true"');
    expect(input(html, 'teacher-verification-pdsid')).toContain('aria-invalid="false"');
    expect(text(html)).toContain('You must be at least 18 years old.');
    expect(tag(html, 'teacher-verification-error')).toBe('');

    stubFetch(() => json({ message: 'কোডটি ভুল।', code: 'otp_wrong', errors: { otp: ['কোডটি ভুল।'] } }, 422));
    const wrong = await runMutation(confirmMutation(new QueryClient()), confirmBody(typed, '000000')).catch((e: unknown) => e);
    const one = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer: found, now: 0 });
    const bn = await render('bn', worded(one, wrong));
    expect(input(bn, 'teacher-verification-otp')).toContain('aria-invalid="true"');
    expect(text(bn)).toContain('কোডটি সঠিক নয়।');
  });

  it('409 already_verified shows the verified record in place of the form', async () => {
    stubFetch(() => json({ message: 'Already verified.', code: 'already_verified', errors: {} }, 409));
    const err = await runMutation(lookupMutation(), lookupBody(typed)).catch((e: unknown) => e);
    expect(isAlreadyTeacher(err)).toBe(true);
    expect(isAlreadyTeacher(new ApiError(409, 'x', 'conflict', {}))).toBe(false);
    const already = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'already' });
    const html = await render('en', view(already, { verified }));
    expect(text(html)).toContain('This account is already verified.');
    expect(tag(html, 'teacher-verified-details')).not.toBe('');
    expect(text(html)).toContain('Rahima Khatun');
    expect(tag(html, 'teacher-lookup')).toBe('');
    expect(input(html, 'teacher-verification-pdsid')).toBe('');
  });
});

describe('teacher verification steps', () => {
  it('open on the form with the default type, or on the record when verified already', async () => {
    const flags = { ...NONE, dte: 1, dpe_officer: 1 } as TeacherFlags;
    const form = await render('en', <VerificationSteps info={{ flags, verified: null }} onClose={noop} onBusy={noop} />);
    expect(tag(form, 'teacher-verification-state-5')).not.toBe('');
    expect(radios(form, 'pds_type')).toEqual([3]);
    expect(checkedRadio(form, 'pds_type')).toBe('3');
    expect(tag(form, 'teacher-verification-error')).toBe('');
    const done = await render('en', <VerificationSteps info={{ flags, verified }} onClose={noop} onBusy={noop} />);
    expect(tag(done, 'teacher-verification-state-already')).not.toBe('');
    expect(text(done)).toContain('Rahima Khatun');
  });
});

describe('teacher verification in Bangla', () => {
  it('draws the found state in Bangla words and digits', async () => {
    const state = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'looked_up', answer: found, now: 0 });
    const html = await render('bn', view(state, { secondsLeft: 45 }));
    const shown = text(html);
    expect(shown).toContain('শিক্ষক যাচাই');
    expect(shown).toContain('সরকারি তথ্যভান্ডারে আপনার তথ্য পাওয়া গেছে।');
    for (const label of ['নাম', 'পদবি', 'প্রতিষ্ঠান', 'বিষয়']) expect(shown).toContain(label);
    expect(shown).toContain('+৮৮০১৭•••••৬৭৮');
    expect(shown).toContain('আবার কোড পাঠান (৪৫ সেকেন্ড)');
    expect(shown).toContain('আমি সম্মত যে এই তথ্যগুলো');
    expect(shown).toContain('এগিয়ে যান');
    expect(shown).toContain('বাতিল');
  });

  it('draws the form and the failure in Bangla', async () => {
    const form = await render('bn', view({ values: { ...typed, pds_type: 4 }, stage: { at: 5 } }));
    const shown = text(form);
    expect(shown).toContain('শিক্ষক');
    expect(shown).toContain('কর্মকর্তা');
    expect(shown).toContain('সাধারণ (মাধ্যমিক)');
    expect(shown).toContain('প্রাথমিক');
    expect(shown).toContain('পিন নম্বর');
    expect(shown).toContain('ইনডেক্স নম্বর');
    expect(input(form, 'teacher-verification-date-of-birth')).toContain('placeholder="দিন/মাস/বছর"');
    const failed = text(await render('bn', view({ values: typed, stage: { at: 0 } })));
    expect(failed).toContain('বেছে নেওয়া আইডির ধরন অথবা জন্ম তারিখ সঠিক নয়, অনুগ্রহ করে সঠিক তথ্য দিন।');
    expect(failed).toContain('আবার চেষ্টা করুন');
  });
});

describe('teacher verification card', () => {
  const panel = (info: TeacherVerificationInfo | undefined, over: Partial<Parameters<typeof TeacherVerificationPanel>[0]> = {}) => (
    <TeacherVerificationPanel info={info} loading={false} error={null} onRetry={noop} onVerify={noop} {...over} />
  );

  it('reads GET /my-account/teacher-verification', async () => {
    const info = { flags: ALL, verified: null };
    const fetchMock = stubFetch(() => json({ data: info }));
    await expect(getTeacherVerification()).resolves.toEqual(info);
    expect(fetchCall(fetchMock)[0]).toBe('/my-account/teacher-verification');
    expect(fetchCall(fetchMock)[1].method ?? 'GET').toBe('GET');
  });

  it('shows the verified record with the "Verified" chip', async () => {
    const html = await render('en', panel({ flags: ALL, verified }));
    expect(tag(html, 'teacher-verified')).not.toBe('');
    const shown = text(html);
    expect(shown).toContain('Teacher verification');
    expect(shown).toContain('Verified');
    for (const v of ['Rahima Khatun', 'Assistant Teacher', 'Motijheel Govt. Boys&#x27; High School', 'Mathematics', 'General (secondary)', 'PDS ID', '12345678']) expect(shown).toContain(v);
    expect(shown).toContain('4 December 2026');
    expect(tag(html, 'teacher-verify-open')).toBe('');

    const primary = text(await render('bn', panel({ flags: NONE, verified: { ...verified, pds_type: 4, pds_sub_type: 2 } })));
    expect(primary).toContain('যাচাইকৃত');
    expect(primary).toContain('প্রাথমিক');
    expect(primary).toContain('ইনডেক্স নম্বর');
    expect(primary).toContain('১২৩৪৫৬৭৮');
    expect(primary).toContain('৪ ডিসেম্বর, ২০২৬');
    expect(verifiedOn('2026-12-04T20:00:00Z', 'en')).toBe('5 December 2026');
  });

  it('offers the dialog when not verified, and says when the site has no registry', async () => {
    const html = await render('en', panel({ flags: ALL, verified: null }));
    expect(tag(html, 'teacher-verify-open')).not.toBe('');
    expect(text(html)).toContain('Verify as a teacher or officer');
    expect(tag(html, 'teacher-verified')).toBe('');

    const none = await render('bn', panel({ flags: NONE, verified: null }));
    expect(tag(none, 'teacher-verify-open')).toBe('');
    expect(text(none)).toContain('এই সাইটে শিক্ষক যাচাইয়ের সুবিধা নেই।');
    const en = await render('en', panel({ flags: NONE, verified: null }));
    expect(text(en)).toContain('Teacher verification is not available on this site.');

    expect(tag(await render('en', panel(undefined, { error: new ApiError(500, 'x', 'server_error', {}) })), 'error-state')).not.toBe('');
  });

  it('sits on the profile page, from the query of the session', async () => {
    const qc = new QueryClient();
    // The static render has no token: the keys of null.
    qc.setQueryData(teacherVerificationKey(null), { flags: ALL, verified });
    const alone = await render('en', <TeacherVerificationCard />, { qc });
    expect(tag(alone, 'teacher-verified')).not.toBe('');

    qc.setQueryData(profileKey(null), {
      id: 7,
      name: 'Rahima Khatun',
      name_bn: null,
      email: 'r@example.com',
      email_verified: true,
      phone: null,
      phone_verified: false,
      photo: null,
      gender: null,
      date_of_birth: null,
      address: null,
      bio: null,
      profession_id: null,
      district_id: null,
      upazila_id: null,
      completeness: 50,
      missing: [],
    });
    const page = await render('bn', <MyProfilePage />, { at: '/profile/myprofile', qc });
    expect(tag(page, 'teacher-verification-card')).not.toBe('');
    expect(text(page)).toContain('শিক্ষক যাচাই');
  });
});

describe('teacher verification in enrol mode (a course for verified teachers, SPEC §4 type 3)', () => {
  const done = verifyReducer({ values: typed, stage: { at: 5 } }, { type: 'confirmed', answer: { status: 100, data: details, verified: true } });

  it('offers "Continue to enrolment" at success in place of Close, in either language', async () => {
    const en = await render('en', view(done, { onContinue: noop }));
    expect(tag(en, 'teacher-continue-enrol')).not.toBe('');
    expect(tag(en, 'teacher-continue-enrol')).toContain('autofocus');
    expect(text(en)).toContain('Continue to enrolment');
    expect(tag(en, 'teacher-verification-close')).toBe('');
    expect(text(en)).toContain('Teacher verification has been updated successfully');
    const bn = await render('bn', view(done, { onContinue: noop }));
    expect(text(bn)).toContain('ভর্তি চালিয়ে যান');
    // Another label when the caller gives one.
    expect(text(await render('en', view(done, { onContinue: noop, continueLabel: 'Continue to payment' })))).toContain('Continue to payment');
    // Verified meanwhile (409): the same Continue.
    const already = await render('en', view(verifyReducer(done, { type: 'already' }), { verified, onContinue: noop }));
    expect(tag(already, 'teacher-continue-enrol')).not.toBe('');
    expect(text(already)).toContain('This account is already verified.');

    // The profile's dialog (no continuation) keeps its Close.
    const profile = await render('en', view(done));
    expect(tag(profile, 'teacher-verification-close')).not.toBe('');
    expect(tag(profile, 'teacher-continue-enrol')).toBe('');
  });

  it('says why it opened above the form, and the steps carry the continuation', async () => {
    const html = await render('en', <VerificationSteps info={{ flags: ALL, verified: null }} onClose={noop} onBusy={noop} onVerified={noop} />);
    expect(tag(html, 'teacher-verification-state-5')).not.toBe('');
    expect(text(html)).toContain('This course is for verified teachers. Verify your teacher ID to enrol.');
    const bn = await render('bn', <VerificationSteps info={{ flags: ALL, verified: null }} onClose={noop} onBusy={noop} onVerified={noop} />);
    expect(text(bn)).toContain('এই কোর্সটি যাচাই করা শিক্ষকদের জন্য। ভর্তি হতে আপনার শিক্ষক আইডি যাচাই করুন।');
    // Not in the profile's dialog.
    expect(tag(await render('en', <VerificationSteps info={{ flags: ALL, verified: null }} onClose={noop} onBusy={noop} />), 'teacher-verification-intro')).toBe('');
    // Opened on a verified record (the GET raced the refusal): Continue to enrolment at once.
    const already = await render('en', <VerificationSteps info={{ flags: ALL, verified }} onClose={noop} onBusy={noop} onVerified={noop} />);
    expect(tag(already, 'teacher-continue-enrol')).not.toBe('');
  });

  it('with every flag 0 says the site offers no teacher verification, not an empty dialog', async () => {
    const none = { flags: NONE, verified: null };
    expect(enrolStep(none)).toBe('unavailable');
    expect(enrolStep({ flags: { ...NONE, dpe_officer: 1 }, verified: null })).toBe('steps');
    expect(enrolStep({ flags: NONE, verified })).toBe('continue');
    expect(enrolStep(undefined)).toBe('loading');

    const en = await render('en', <VerificationContent info={none} onClose={noop} onBusy={noop} onVerified={noop} />);
    expect(tag(en, 'teacher-verification-state-unavailable')).not.toBe('');
    expect(text(en)).toContain('This course is for verified teachers, but this site does not offer teacher verification.');
    expect(tag(en, 'teacher-verification-close')).toContain('autofocus');
    expect(tag(en, 'teacher-tabs')).toBe('');
    expect(input(en, 'teacher-verification-pdsid')).toBe('');
    const bn = await render('bn', <VerificationContent info={none} onClose={noop} onBusy={noop} onVerified={noop} />);
    expect(text(bn)).toContain('এই সাইটে শিক্ষক যাচাইয়ের সুবিধা নেই।');
    expect(text(bn)).toContain('শিক্ষক যাচাই');
    expect(text(bn)).toContain('বন্ধ');
    // Outside enrol mode, the profile's words.
    expect(text(await render('en', <VerificationContent info={none} onClose={noop} onBusy={noop} />))).toContain('Teacher verification is not available on this site.');
    // A verified record still shows with every flag 0; a connected site shows the form.
    expect(tag(await render('en', <VerificationContent info={{ flags: NONE, verified }} onClose={noop} onBusy={noop} />), 'teacher-verification-state-already')).not.toBe('');
    expect(tag(await render('en', <VerificationContent info={{ flags: ALL, verified: null }} onClose={noop} onBusy={noop} />), 'teacher-verification-state-5')).not.toBe('');
  });

  it('shows that it reads the verification first, and a failure to read it with Try again', async () => {
    const loading = await render('bn', <LoadingView error={null} onRetry={noop} onClose={noop} />);
    expect(tag(loading, 'teacher-verification-state-loading')).not.toBe('');
    expect(text(loading)).toContain('আপনার যাচাইয়ের তথ্য দেখা হচ্ছে…');
    expect(tag(loading, 'teacher-try-again')).toBe('');
    const failed = await render('en', <LoadingView error={new ApiError(503, 'x', 'registry_unavailable', {})} onRetry={noop} onClose={noop} />);
    expect(tag(failed, 'teacher-verification-state-error')).not.toBe('');
    expect(text(failed)).toContain('The teacher registry is not answering.');
    expect(tag(failed, 'teacher-try-again')).not.toBe('');
    expect(tag(failed, 'teacher-verification-cancel')).not.toBe('');
  });
});
