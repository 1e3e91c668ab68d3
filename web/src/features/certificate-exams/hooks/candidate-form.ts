// The candidate dialog's values, the client's checks (the server's rules: a name, and an e-mail or
// a mobile number) and the body sent.
import type { FieldProblems } from '../../../lib/use-field-errors';
import type { Candidate, CandidateBody } from '../api/certificate-exams-api';

export const CANDIDATE_FIELDS = ['name', 'email', 'phone'] as const;
export type CandidateField = (typeof CANDIDATE_FIELDS)[number];
export type CandidateValues = Record<CandidateField, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function candidateValues(c: Candidate | null): CandidateValues {
  return { name: c?.name ?? '', email: c?.email ?? '', phone: c?.phone ?? '' };
}

/** Problems as error codes (worded by errors:<code>). */
export function candidateProblems(v: CandidateValues): FieldProblems<CandidateField> {
  const out: FieldProblems<CandidateField> = {};
  if (!v.name.trim()) out.name = 'required';
  if (!v.email.trim() && !v.phone.trim()) out.email = 'contact_required';
  else if (v.email.trim() && !EMAIL.test(v.email.trim())) out.email = 'invalid_email';
  return out;
}

export function candidateBody(v: CandidateValues): CandidateBody {
  return { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() };
}
