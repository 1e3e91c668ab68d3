import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { AttendanceRow, AttendanceSheet } from '../api/certificate-exams-api';
import { attendanceBody, attendanceCounts } from '../hooks/attendance';
import { examCourseKeys, saveAttendanceMutation } from '../hooks/use-certificate-exams';
import { AttendanceForm } from './attendance-tab';

const row = (enrollment_id: number, name: string, present: boolean | null, started_exam = false): AttendanceRow => ({ enrollment_id, user_id: enrollment_id + 100, name, present, started_exam });

const sheet: AttendanceSheet = {
  batch_id: 7,
  date: '2026-03-05',
  rows: [row(70, 'Mitu Akter', true, true), row(71, 'Karim Uddin', false), row(72, 'Rina Das', null, true), row(73, 'Sumon Roy', null)],
};

/** The mark each row shows, row by row. */
const marks = (html: string) => [...html.matchAll(/data-testid="attendance-row" data-enrollment="\d+" data-mark="(\w+)"/g)].map((m) => m[1]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the attendance of a certificate exam’s batch', () => {
  it('shows a row per learner with a present/absent choice, the exam hint, and the counts', async () => {
    const html = await render('en', <AttendanceForm batchId={7} date="2026-03-05" sheet={sheet} />);
    expect(marks(html)).toEqual(['present', 'absent', 'unmarked', 'unmarked']);
    const page = text(html);
    expect(page).toContain('1 present · 1 absent · 2 not marked');
    expect(page).toMatch(/Mitu Akter Started the exam Present Absent Karim Uddin Present Absent Rina Das Not marked Started the exam Present Absent Sumon Roy Not marked Present Absent/);
    expect(html.match(/data-testid="attendance-started"/g)).toHaveLength(2);
    // Each choice is named after its learner; the chosen one is pressed.
    expect(html).toContain('aria-label="Attendance of Mitu Akter"');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Mitu Akter: present"|aria-label="Mitu Akter: present"[^>]*aria-pressed="true"/);
    expect(html).toMatch(/aria-pressed="false"[^>]*aria-label="Rina Das: absent"|aria-label="Rina Das: absent"[^>]*aria-pressed="false"/);
    expect(text(html)).toContain('Mark everyone present');
    // Nothing set on the page yet: nothing to save.
    expect(tag(html, 'attendance-save')).toMatch(/disabled/);
  });

  it('speaks Bangla with Bangla digits', async () => {
    const many = { ...sheet, rows: [...sheet.rows, ...Array.from({ length: 10 }, (_, i) => row(80 + i, `Learner ${i}`, true))] };
    const html = await render('bn', <AttendanceForm batchId={7} date="2026-03-05" sheet={many} />);
    const page = text(html);
    expect(page).toContain('১১ জন উপস্থিত · ১ জন অনুপস্থিত · ২ জন চিহ্নিত হয়নি');
    expect(page).toMatch(/Rina Das চিহ্নিত হয়নি পরীক্ষা শুরু করেছেন উপস্থিত অনুপস্থিত/);
    expect(page).toContain('সবাইকে উপস্থিত চিহ্নিত করুন');
    expect(html).toContain('aria-label="Mitu Akter-এর উপস্থিতি"');
  });

  it('says so when nobody has enrolled', async () => {
    const html = await render('en', <AttendanceForm batchId={7} date="2026-03-05" sheet={{ ...sheet, rows: [] }} />);
    expect(text(html)).toContain('Nobody has enrolled in this batch yet.');
    expect(marks(html)).toEqual([]);
  });

  it('counts the marks set on the page over the server’s', () => {
    expect(attendanceCounts(sheet.rows, { 72: true, 71: true })).toEqual({ present: 3, absent: 0, unmarked: 1 });
  });

  it('saves only the rows marked on the page, and shows the sheet the server answers', async () => {
    // Rina marked present, Karim changed to present, Mitu set to what she had: only the changes go.
    const body = attendanceBody('2026-03-05', sheet.rows, { 72: true, 71: true, 70: true });
    expect(body).toEqual({ date: '2026-03-05', rows: [{ enrollment_id: 71, present: true }, { enrollment_id: 72, present: true }] });

    const saved: AttendanceSheet = { ...sheet, rows: sheet.rows.map((r) => (r.enrollment_id === 71 || r.enrollment_id === 72 ? { ...r, present: true } : r)) };
    const fetchMock = stubFetch(() => json({ data: saved }));
    const qc = new QueryClient();
    await runMutation(saveAttendanceMutation(qc, 7), body, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/assessment/attendance/store/7');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ date: '2026-03-05', rows: [{ enrollment_id: 71, present: true }, { enrollment_id: 72, present: true }] });
    expect(qc.getQueryData(examCourseKeys.attendance(7, '2026-03-05'))).toEqual(saved);

    // Everyone present: Mitu (present already) is not sent again.
    expect(attendanceBody('2026-03-05', sheet.rows, Object.fromEntries(sheet.rows.map((r) => [r.enrollment_id, true]))).rows.map((r) => r.enrollment_id)).toEqual([71, 72, 73]);
  });
});
