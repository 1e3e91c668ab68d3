// Sharing with colleagues (teachers and admins of the same site) by e-mail address or mobile
// number: the people something is shared with, what is typed, and the whole list sent to
// POST /my-account/sharing/share (files, questions, question folders) or with a content item.
// Apart from React and from any feature, so that every screen that shares reads them alike.

/**
 * Someone a thing is shared with. `email` / `phone` are read when the server sends them, as
 * sharing again needs each person's e-mail or mobile number.
 */
export interface SharedPerson {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** E-mail addresses or mobile numbers typed in one go, split at commas, semicolons, spaces and new lines. */
export function splitLogins(text: string): string[] {
  return text
    .split(/[\s,;，؛]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What identifies a person already shared with when sharing again: their e-mail or mobile, if known. */
export function personLogin(p: SharedPerson): string | null {
  return p.email?.trim() || p.phone?.trim() || null;
}

/** The whole list sent when sharing: the people kept (by e-mail or mobile) and those added, once each. */
export function shareList(kept: readonly SharedPerson[], added: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const login of [...kept.map(personLogin), ...added]) {
    const v = login?.trim();
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}
