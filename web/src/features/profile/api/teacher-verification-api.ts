// Teacher / officer verification of the signed-in account against the government registries
// (GET and POST /my-account/teacher-verification): which registries this site is connected to,
// the account's verified teacher record, and the two steps of a verification (look the ID up and
// text a code to the phone the registry holds; confirm with the code and the consent).
import { ApiError, api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

/** 1 general (secondary, DSHE), 2 madrasa (DME), 3 technical (DTE), 4 primary (DPE), 5 employee / officer (DPE officer). */
export type PdsType = 1 | 2 | 3 | 4 | 5;
/** Of a primary teacher's ID (type 4): 1 PIN number, 2 index number. */
export type PdsSubType = 1 | 2;

/** 1 when the site is connected to that registry, 0 when not. */
export interface TeacherFlags {
  dshe: 0 | 1;
  dme: 0 | 1;
  dte: 0 | 1;
  dpe: 0 | 1;
  dpe_officer: 0 | 1;
}

/** What a registry holds of a teacher or officer (names as the registries spell them). */
export interface TeacherDetails {
  Name: string;
  Designation: string;
  InstituteName: string;
  Subject: string;
}

/** The account's verified record. */
export interface VerifiedTeacher extends TeacherDetails {
  pds_type: PdsType;
  pds_sub_type: PdsSubType | null;
  pdsid: string;
  /** ISO 8601, UTC. */
  verified_at: string;
}

export interface TeacherVerificationInfo {
  flags: TeacherFlags;
  verified: VerifiedTeacher | null;
}

/** Body of both steps; `otp` and `agree` with step 2 only, `pds_sub_type` with type 4 only. */
export interface TeacherVerificationBody {
  step: 1 | 2;
  pds_type: PdsType;
  pds_sub_type?: PdsSubType;
  /** Digits. */
  pdsid: string;
  /** DD/MM/YYYY. */
  date_of_birth: string;
  otp?: string;
  agree?: 0 | 1;
}

/** Registry status 0: the ID type or the birth date is wrong. */
export interface NotFoundAnswer {
  status: 0;
}
/** Registry status 1: the ID verifies another account already (whose name, masked). */
export interface UsedAnswer {
  status: 1;
  used_by: string;
}
/** Step 1 found the ID: its details, and a code texted to the registry's phone (masked). */
export interface FoundAnswer {
  status: 100;
  data: TeacherDetails;
  otp_sent_to: string;
  /** Seconds before another code may be asked for. */
  resend_after: number;
}
/** Step 2 verified the account. */
export interface ConfirmedAnswer {
  status: 100;
  data: TeacherDetails;
  verified: true;
}

export type LookupAnswer = FoundAnswer | NotFoundAnswer | UsedAnswer;
export type ConfirmAnswer = ConfirmedAnswer | NotFoundAnswer | UsedAnswer;

const PATH = '/my-account/teacher-verification';

/** GET: the site's registries and the account's verified record (null: not verified). */
export function getTeacherVerification() {
  return api<DataEnvelope<TeacherVerificationInfo>>(PATH).then((r) => r.data);
}

/** Step 1 (again: a new code): looks the ID up. 503 `registry_unavailable`, 429 `too_many_attempts`, 409 `already_verified`. */
export function lookupTeacher(body: Omit<TeacherVerificationBody, 'step' | 'otp' | 'agree'>) {
  return api<DataEnvelope<LookupAnswer>>(PATH, { method: 'POST', body: { step: 1, ...body } }).then((r) => r.data);
}

/** Step 2: confirms with the texted code and the consent. 422 `otp_wrong`, `otp_expired`, `otp_too_many_tries` on `otp`. */
export function confirmTeacher(body: Omit<TeacherVerificationBody, 'step'>) {
  return api<DataEnvelope<ConfirmAnswer>>(PATH, { method: 'POST', body: { step: 2, ...body } }).then((r) => r.data);
}

/** 409 `already_verified`: this account is verified already (another tab, say). */
export const isAlreadyTeacher = (err: unknown) => err instanceof ApiError && err.status === 409 && err.code === 'already_verified';
