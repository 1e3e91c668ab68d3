// Rules of the teacher / officer verification dialog (SPEC §2, §4, §5): which tabs and ID types the
// site's registries allow, the label of the ID, the checks before asking the registry, the bodies
// of the two steps, and the dialog's states: 5 the form, 0 not found, 1 found (details, code,
// consent), 2 the ID verifies another account; "try again" returns to 5.
import { asciiDigits } from '../../../lib/digits';
import type { FieldProblems } from '../../../lib/use-field-errors';
import { CODE_LENGTH, codeInput, typedCode } from '../../auth/hooks/phone-verify';
import type { ConfirmAnswer, LookupAnswer, PdsSubType, PdsType, TeacherDetails, TeacherFlags, TeacherVerificationBody } from '../api/teacher-verification-api';

export { CODE_LENGTH, codeInput, typedCode };

export type VerifyTab = 'teacher' | 'officer';

/** The registry (flag) of each type. */
export const FLAG_OF: Record<PdsType, keyof TeacherFlags> = { 1: 'dshe', 2: 'dme', 3: 'dte', 4: 'dpe', 5: 'dpe_officer' };
/** The types of the teacher tab, in their order. */
export const TEACHER_TYPES: readonly PdsType[] = [1, 2, 3, 4];
export const PRIMARY: PdsType = 4;
export const OFFICER: PdsType = 5;
export const SUB_TYPES: readonly PdsSubType[] = [1, 2];

const on = (flags: TeacherFlags, type: PdsType) => flags[FLAG_OF[type]] === 1;

/** The teacher tab's types the site's registries allow. */
export const teacherTypes = (flags: TeacherFlags): PdsType[] => TEACHER_TYPES.filter((type) => on(flags, type));

/** The tabs shown: teacher when any of its registries is connected, officer with the DPE officers'. */
export function visibleTabs(flags: TeacherFlags): VerifyTab[] {
  const tabs: VerifyTab[] = [];
  if (teacherTypes(flags).length) tabs.push('teacher');
  if (on(flags, OFFICER)) tabs.push('officer');
  return tabs;
}

/** Some registry is connected: the site offers verification. */
export const verificationAvailable = (flags: TeacherFlags) => visibleTabs(flags).length > 0;

/** The type chosen at first: the first enabled one, otherwise 5. */
export const defaultType = (flags: TeacherFlags): PdsType => teacherTypes(flags)[0] ?? OFFICER;

export const tabOf = (type: PdsType): VerifyTab => (type === OFFICER ? 'officer' : 'teacher');

/** The type a tab starts with: the officer's, or the teacher tab's first enabled one. */
export const typeOfTab = (flags: TeacherFlags, tab: VerifyTab): PdsType => (tab === 'officer' ? OFFICER : (teacherTypes(flags)[0] ?? 1));

/** The ID field's label (profile:teacher.id.<key>): PDS ID (1-3), PIN or index number (4), HRMIS employee ID (5). */
export function idLabelKey(type: PdsType, subType: PdsSubType | null | undefined): 'pds' | 'pin' | 'index' | 'hrmis' {
  if (type === OFFICER) return 'hrmis';
  if (type === PRIMARY) return subType === 2 ? 'index' : 'pin';
  return 'pds';
}

/** What the form holds. */
export interface VerifyValues {
  pds_type: PdsType;
  /** Sent with type 4 only. */
  pds_sub_type: PdsSubType;
  pdsid: string;
  /** As typed: DD/MM/YYYY, ASCII or Bangla digits. */
  date_of_birth: string;
}

export const FORM_FIELDS = ['pds_type', 'pds_sub_type', 'pdsid', 'date_of_birth'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export const CODE_FIELDS = ['otp', 'agree'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

export const emptyValues = (flags: TeacherFlags): VerifyValues => ({ pds_type: defaultType(flags), pds_sub_type: 1, pdsid: '', date_of_birth: '' });

/** The ID as sent: ASCII digits, spaces and dashes dropped. */
export const normalId = (typed: string) => asciiDigits(typed).replace(/[\s-]/g, '');

/**
 * A birth date typed as DD/MM/YYYY (ASCII or Bangla digits; one-digit day or month, and - or . in
 * place of /, are taken too) as sent: DD/MM/YYYY in ASCII digits; null when it is not a real date.
 */
export function birthDate(typed: string): string | null {
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(asciiDigits(typed.trim()));
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(day)}/${p(month)}/${year}`;
}

/** The form's own checks (codes of profile:teacher.problems) before asking the registry. */
export function formProblems(v: VerifyValues): FieldProblems<FormField> {
  const out: FieldProblems<FormField> = {};
  const id = normalId(v.pdsid);
  if (!id) out.pdsid = 'id_required';
  else if (!/^\d{1,20}$/.test(id)) out.pdsid = 'id_invalid';
  if (!v.date_of_birth.trim()) out.date_of_birth = 'birth_required';
  else if (!birthDate(v.date_of_birth)) out.date_of_birth = 'birth_invalid';
  return out;
}

/** Step 1's body (without `step`); the sub-type only with a primary teacher's ID. */
export function lookupBody(v: VerifyValues): Omit<TeacherVerificationBody, 'step' | 'otp' | 'agree'> {
  return {
    pds_type: v.pds_type,
    ...(v.pds_type === PRIMARY ? { pds_sub_type: v.pds_sub_type } : {}),
    pdsid: normalId(v.pdsid),
    date_of_birth: birthDate(v.date_of_birth) ?? v.date_of_birth.trim(),
  };
}

/** Step 2's body (without `step`): step 1's, the code (ASCII digits) and the consent. */
export function confirmBody(v: VerifyValues, otp: string): Omit<TeacherVerificationBody, 'step'> {
  return { ...lookupBody(v), otp: typedCode(otp) ?? asciiDigits(otp), agree: 1 };
}

/** The dialog's state (SPEC §4), beside `already` (409: verified meanwhile) and `done` (step 2 verified). */
export type Stage =
  | { at: 5 }
  | { at: 0 }
  | { at: 2; usedBy: string }
  | { at: 1; details: TeacherDetails; sentTo: string; /** Date.now() time after which another code may be asked for. */ resendAt: number; otp: string; agree: boolean }
  | { at: 'already' }
  | { at: 'done'; details: TeacherDetails };

export interface VerifyState {
  values: VerifyValues;
  stage: Stage;
}

export type VerifyAction =
  | { type: 'edit'; patch: Partial<VerifyValues> }
  | { type: 'tab'; tab: VerifyTab; flags: TeacherFlags }
  | { type: 'otp'; typed: string }
  | { type: 'agree'; agree: boolean }
  | { type: 'looked_up'; answer: LookupAnswer; now: number }
  | { type: 'confirmed'; answer: ConfirmAnswer }
  | { type: 'already' }
  | { type: 'try_again' };

export const initialState = (flags: TeacherFlags): VerifyState => ({ values: emptyValues(flags), stage: { at: 5 } });

/** The state after a registry status other than 100: 0 not found, 1 used by another account. */
function refused(answer: { status: 0 } | { status: 1; used_by: string }): Stage {
  return answer.status === 1 ? { at: 2, usedBy: answer.used_by } : { at: 0 };
}

export function verifyReducer(state: VerifyState, action: VerifyAction): VerifyState {
  const { values, stage } = state;
  switch (action.type) {
    case 'edit':
      return stage.at === 5 ? { ...state, values: { ...values, ...action.patch } } : state;
    case 'tab':
      if (stage.at !== 5 || tabOf(values.pds_type) === action.tab) return state;
      return { ...state, values: { ...values, pds_type: typeOfTab(action.flags, action.tab) } };
    case 'otp':
      return stage.at === 1 ? { ...state, stage: { ...stage, otp: codeInput(action.typed) } } : state;
    case 'agree':
      return stage.at === 1 ? { ...state, stage: { ...stage, agree: action.agree } } : state;
    case 'looked_up': {
      const a = action.answer;
      if (a.status !== 100) return { ...state, stage: refused(a) };
      // A new code (asked for again): the old one no longer counts; the consent stays.
      const agree = stage.at === 1 && stage.agree;
      return { ...state, stage: { at: 1, details: a.data, sentTo: a.otp_sent_to, resendAt: action.now + Math.max(0, a.resend_after) * 1000, otp: '', agree } };
    }
    case 'confirmed': {
      const a = action.answer;
      return { ...state, stage: a.status === 100 ? { at: 'done', details: a.data } : refused(a) };
    }
    case 'already':
      return { ...state, stage: { at: 'already' } };
    case 'try_again':
      // Back to the form with the same kind of ID; nothing typed (ID, birth date, code) is kept.
      return { values: { ...values, pdsid: '', date_of_birth: '' }, stage: { at: 5 } };
  }
}

/** Continue may be pressed: the consent is ticked and the code has its six digits. */
export const canConfirm = (stage: Stage) => stage.at === 1 && stage.agree && typedCode(stage.otp) !== null;
