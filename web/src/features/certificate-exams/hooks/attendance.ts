// The attendance sheet as the teacher edits it: the server's marks under the ones set on this page.
// A training session's sheet is marked the same way (features/trainings).
import type { AttendanceBody, AttendanceRow } from '../api/certificate-exams-api';

/** A row of a sheet: a trainee or learner and their mark on the server (null: not marked). */
export type MarkedRow = Pick<AttendanceRow, 'enrollment_id' | 'present'>;

/** Marks set on this page, by enrolment id. */
export type Marks = Readonly<Record<number, boolean>>;

/** Whether `value` is a whole YYYY-MM-DD (a date input is empty while a part of it is missing). */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The row's mark as shown: set here, else the server's (null: not marked). */
export function markOf(row: MarkedRow, marks: Marks): boolean | null {
  return marks[row.enrollment_id] ?? row.present;
}

export function attendanceCounts(rows: readonly MarkedRow[], marks: Marks) {
  const counts = { present: 0, absent: 0, unmarked: 0 };
  for (const row of rows) {
    const mark = markOf(row, marks);
    counts[mark === null ? 'unmarked' : mark ? 'present' : 'absent'] += 1;
  }
  return counts;
}

/**
 * What Save sends: the rows whose mark was set here and differs from the server's. Unmarked rows
 * are left out (the API has no "unmark"), and so are unchanged ones: marking again replaces.
 */
export function attendanceBody(date: string, rows: readonly AttendanceRow[], marks: Marks): AttendanceBody {
  return {
    date,
    rows: rows.flatMap((r) => {
      const present = marks[r.enrollment_id];
      return present === undefined || present === r.present ? [] : [{ enrollment_id: r.enrollment_id, present }];
    }),
  };
}
