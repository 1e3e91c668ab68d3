// A session's attendance as the manager marks it: the server's marks under the ones set on this
// page (features/certificate-exams/hooks/attendance.ts reads them the same way), and what Save
// sends.
import { markOf, type Marks } from '../../certificate-exams/hooks/attendance';
import type { SessionAttendanceBody, SessionAttendanceRow } from '../api/trainings-api';

export { attendanceCounts, markOf, type Marks } from '../../certificate-exams/hooks/attendance';

/** The server takes at most this many ids a call. */
export const ATTENDANCE_IDS_MAX = 10_000;

/**
 * What Save sends: the trainees whose mark was set here and differs from the server's, present or
 * absent. Unmarked ones are left out (there is no "unmark"), and so are unchanged ones.
 */
export function sessionAttendanceBody(rows: readonly SessionAttendanceRow[], marks: Marks): SessionAttendanceBody {
  const body: SessionAttendanceBody = { present: [], absent: [] };
  for (const r of rows) {
    const mark = marks[r.enrollment_id];
    if (mark === undefined || mark === r.present) continue;
    (mark ? body.present : body.absent).push(r.enrollment_id);
  }
  return body;
}

/** Every trainee present ("all present"), over what was set before. */
export function allPresent(rows: readonly SessionAttendanceRow[]): Marks {
  return Object.fromEntries(rows.map((r) => [r.enrollment_id, true]));
}

/** Whether the sheet shows someone unmarked (attendance not yet complete). */
export function anyUnmarked(rows: readonly SessionAttendanceRow[], marks: Marks): boolean {
  return rows.some((r) => markOf(r, marks) === null);
}
