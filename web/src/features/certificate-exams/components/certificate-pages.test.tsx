import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { signedInRoutes } from '../../../app/signed-in-routes';
import { fetchCall, href, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { fetchBatchCertificates, type Batch, type BatchCertificate, type Course, type CourseWithContent } from '../../courses/api/courses-api';
import { CertificateDecisionDialog } from '../../courses/components/certificate-actions';
import { BatchCounts } from '../../courses/components/course-certificates-page';
import { certificateCounts, certificateCourseQuery, certificateDecisionMutation } from '../../courses/hooks/certificates';
import { COURSE_KIND } from '../../courses/hooks/course-kind';
import { courseKeys } from '../../courses/hooks/use-courses';
import { fetchExamCourseById } from '../api/certificate-exams-api';
import { EXAM_KIND } from '../hooks/exam-kind';
import { certificateExamPage } from './certificate-exam-pages';
import CertificatePages from './certificate-pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

const course = (id: number, over: Partial<Course> = {}): Course => ({
  id,
  uuid: `0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b${String(id).padStart(2, '0')}`,
  slug: 'fractions',
  title: 'Fractions',
  title_bn: 'ভগ্নাংশ',
  category_id: null,
  category: null,
  level: 'beginner',
  language: 'bn',
  summary: '',
  objectives: [],
  thumbnail: null,
  price: 0,
  course_type: 'course',
  enforce_order: false,
  published: true,
  featured: false,
  instructor: null,
  institution: null,
  lessons_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

const batch = (id: number, over: Partial<Batch> = {}): Batch => ({
  id,
  course_id: 4,
  name: `Batch ${id}`,
  name_bn: '',
  start_date: '2026-03-01',
  end_date: null,
  enrolment_limit: null,
  let_enroll: 1,
  certificate_approval: true,
  template_id: null,
  restricted: false,
  published: true,
  featured: false,
  featured_order: 0,
  enrolled_count: 3,
  pending_count: 0,
  price_poisha: 0,
  currency: 'BDT',
  ...over,
});

const certificate = (id: number, status: BatchCertificate['status'], holder_name: string): BatchCertificate => ({
  id,
  tracking_code: `CERT-${id}Q2X`,
  enrollment_id: 70 + id,
  user_id: 100 + id,
  holder_name,
  course_title: 'Fractions',
  course_title_bn: 'ভগ্নাংশ',
  template_id: null,
  status,
  issued_at: '2026-03-05T10:00:00Z',
});

const certificates = [certificate(3, 'pending', 'Rina Das'), certificate(2, 'issued', 'Karim Uddin'), certificate(1, 'revoked', 'Mitu Akter')];

const page = <T,>(data: T[]): Page<T> => ({ data, current_page: 1, last_page: 1, per_page: 12, total: data.length });

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

/** A client holding course 4 (of `kind`), its batches 7 and 8, and batch 7's certificates. */
function cachedCourse(kind = COURSE_KIND, batches = [batch(7), batch(8, { name: 'Evening' })]) {
  const qc = new QueryClient();
  qc.setQueryData(certificateCourseQuery(kind, 4).queryKey, { ...course(4), course_type: kind === EXAM_KIND ? 'exam' : 'course' } as CourseWithContent);
  qc.setQueryData(courseKeys.batches(4), batches);
  qc.setQueryData(courseKeys.certificates(7), certificates);
  qc.setQueryData(courseKeys.certificates(8), []);
  return qc;
}

/** The routes' params in one pattern (/course/certificate/:id and /exam/certificate/:id are two routes). */
const PATH = '/:area/certificate/:id?';
/** The route matches of `path`: the public table's, else (its catch-all) the signed-in table's. */
function matchAll(path: string) {
  const pub = matchRoutes(routes, path);
  return pub && pub.at(-1)?.route.path !== '*' ? pub : matchRoutes(signedInRoutes, path);
}
const rows = (html: string) => [...html.matchAll(/data-testid="certificate-row" data-status="(\w+)" data-code="([\w-]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
const actions = (html: string) => [...html.matchAll(/data-testid="certificate-action" data-decision="(\d)"[^>]*>([^<]+)</g)].map((m) => `${m[1]}:${m[2]}`);

describe('the certificates pages of courses and certificate exams', () => {
  it('are served at /course/certificate(/list|/:id), /exam/certificate(/list|/:id) and /exam/template/certificate, and the trainings’ by their own route', () => {
    const served = (path: string) => matchAll(path)?.at(-1)?.route.path;
    for (const area of ['course', 'exam']) {
      for (const id of ['', '/list', '/4']) expect(served(`/${area}/certificate${id}`)).toBe(`${area}/certificate/:id?`);
      expect(served(`/${area}/template/certificate`)).toBe(`${area}/template/certificate`);
    }
    for (const path of ['/training/certificate', '/training/certificate/list', '/training/certificate/4', '/training/template/certificate', '/training/template/add']) expect(served(path), path).toBe('training/*');
    // Another /…/certificate is the public not-found page (the default layout's), not a signed-in page.
    const notFoundLayout = signedInRoutes.at(-1);
    for (const path of ['/blogs/certificate', '/blogs/certificate/4', '/something/template/certificate']) {
      const matches = matchAll(path) ?? [];
      expect(matches.at(-1)?.route.path, path).toBe('*');
      expect(matches.at(-2)?.route, path).toBe(notFoundLayout);
    }
    // Not taken from other pages.
    expect(served('/certificate/list')).toBe('certificate/list');
    expect(served('/certificate/check/CERT-1')).toBe('certificate/check/:id?');
    expect(served('/course/edit/4')).toBe('course/edit/:id/:slug?');
    // The trainings' journey and calendar are not their managers' screens.
    expect(served('/training/journey/0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e')).toBe('training/journey/:uuid');
    expect(served('/training/calendar/show')).toBe('training/calendar/show');
    // The exam centre's chunk tells its pages by the address.
    expect(['/exam', '/exam/', '/exam?page=2', '/exam/create', '/exam/edit/3', '/exam/edit/0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e/discussions', '/exam/certificate', '/course/certificate/list', '/exam/certificate/9', '/training', '/training/edit/4/venue', '/training/certificate'].map(certificateExamPage)).toEqual([
      'list',
      'list',
      'list',
      'create',
      'edit',
      'edit',
      'certificates',
      'certificates',
      'certificates',
      'trainings',
      'trainings',
      'trainings',
    ]);
  });

  it('lists the courses, or the certificate exams, each opening onto its batches', async () => {
    const qc = new QueryClient();
    qc.setQueryData(COURSE_KIND.listPageKey(1, ''), page([course(4), course(5, { title: 'Algebra', title_bn: '', published: false })]));
    const html = await render('en', <CertificatePages />, { at: '/course/certificate', path: PATH, qc });
    expect(text(html)).toContain('Course certificates');
    expect([...html.matchAll(/data-testid="certificate-course" data-course-id="(\d+)"/g)].map((m) => m[1])).toEqual(['4', '5']);
    expect(text(html)).toMatch(/Fractions Published .*Algebra Draft/);
    expect(tag(html, 'certificate-course-toggle')).toContain('aria-expanded="false"');
    expect(tag(html, 'certificate-course-toggle')).toContain('aria-controls="certificate-course-4-batches"');

    const exams = new QueryClient();
    exams.setQueryData(EXAM_KIND.listPageKey(1, ''), page([course(9, { title: 'Driving licence', title_bn: '', course_type: 'exam' })]));
    const bn = await render('bn', <CertificatePages />, { at: '/exam/certificate/list', path: PATH, qc: exams });
    expect(text(bn)).toContain('পরীক্ষার সার্টিফিকেট');
    expect(text(bn)).toContain('Driving licence');

    const none = new QueryClient();
    none.setQueryData(EXAM_KIND.listPageKey(1, ''), page([]));
    expect(text(await render('en', <CertificatePages />, { at: '/exam/certificate', path: PATH, qc: none }))).toContain('No certificate exams yet.');

    // The lists are the authors' lists of each kind.
    const fetchMock = stubFetch(() => json(page([])));
    await EXAM_KIND.fetchList({ page: 2, limit: 12 });
    await COURSE_KIND.fetchList({ page: 1, limit: 12 });
    expect(fetchCall(fetchMock, 0)[0]).toBe('/assessment/course/view?page=2&limit=12');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/course/course/view?page=1&limit=12');
  });

  it('counts each batch’s certificates by status, linking to the batch', async () => {
    const qc = cachedCourse();
    const html = await render('en', <BatchCounts kind={COURSE_KIND} course={course(4)} />, { qc });
    expect([...html.matchAll(/data-testid="certificate-batch" data-batch-id="(\d+)"/g)].map((m) => m[1])).toEqual(['7', '8']);
    expect(text(html)).toMatch(/Batch 7 · 1 Mar 2026 1 issued · 1 waiting · 1 revoked Evening · 1 Mar 2026 0 issued · 0 waiting · 0 revoked/);
    expect(html).toContain('href="/course/certificate/4?batch=7"');
    expect(html).toContain('aria-label="Certificates of Evening · 1 Mar 2026"');
    expect(href(html, 'certificate-course-open')).toBe('/course/certificate/4');

    const bn = await render('bn', <BatchCounts kind={EXAM_KIND} course={course(4)} />, { qc: cachedCourse(EXAM_KIND) });
    expect(text(bn)).toContain('১টি দেওয়া হয়েছে · ১টি অপেক্ষমাণ · ১টি বাতিল');
    expect(bn).toContain('href="/exam/certificate/4?batch=7"');

    expect(certificateCounts(certificates)).toEqual({ issued: 1, pending: 1, revoked: 1 });
    expect(certificateCounts([])).toEqual({ issued: 0, pending: 0, revoked: 0 });
  });

  it('shows a batch’s certificates: learner, status, date, tracking code, PDF, and what can be done', async () => {
    const html = await render('en', <CertificatePages />, { at: '/course/certificate/4?batch=7', path: PATH, qc: cachedCourse() });
    expect(html).toMatch(/<h1[^>]*>Fractions<\/h1>/);
    expect(rows(html)).toEqual(['pending:CERT-3Q2X', 'issued:CERT-2Q2X', 'revoked:CERT-1Q2X']);
    const shown = text(html);
    expect(shown).toContain('3 certificates · 1 issued · 1 waiting · 1 revoked');
    expect(shown).toMatch(/Rina Das Certificate waiting Waiting since 5 Mar 2026 Tracking code: CERT-3Q2X Approve certificate/);
    expect(shown).toMatch(/Karim Uddin Certificate issued Issued 5 Mar 2026 Tracking code: CERT-2Q2X .*Revoke certificate/);
    expect(shown).toMatch(/Mitu Akter Certificate revoked Issued 5 Mar 2026 Tracking code: CERT-1Q2X Issue certificate/);
    expect(html).toContain('href="/certificate/check/CERT-2Q2X"');
    // The PDF of an issued certificate only.
    expect(html.match(/data-testid="certificate-download"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Download the certificate of Karim Uddin (PDF)"');
    // Approve a waiting one, revoke an issued one, issue a revoked one again.
    expect(actions(html)).toEqual(['1:Approve certificate', '0:Revoke certificate', '1:Issue certificate']);
    expect(html).toContain('href="/course/certificate"');

    // Bangla, with Bangla digits.
    const bn = text(await render('bn', <CertificatePages />, { at: '/course/certificate/4?batch=7', path: PATH, qc: cachedCourse() }));
    expect(bn).toContain('৩টি সার্টিফিকেট');
    expect(bn).toContain('৫ মার্চ, ২০২৬');
    expect(bn).toContain('সার্টিফিকেট অনুমোদন করুন');
  });

  it('shows the first batch unless another is asked for, says when a batch has none, and leads to the batches when there is none', async () => {
    expect(rows(await render('en', <CertificatePages />, { at: '/course/certificate/4?batch=99', path: PATH, qc: cachedCourse() }))).toHaveLength(3);
    const empty = await render('en', <CertificatePages />, { at: '/course/certificate/4?batch=8', path: PATH, qc: cachedCourse() });
    expect(text(empty)).toContain('No certificates in this batch yet');
    expect(rows(empty)).toEqual([]);
    const noBatch = await render('en', <CertificatePages />, { at: '/exam/certificate/4', path: PATH, qc: cachedCourse(EXAM_KIND, []) });
    expect(text(noBatch)).toContain('Create a batch first');
    expect(noBatch).toContain('href="/exam/edit/0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b04/batches"');
    expect(noBatch).toContain('href="/exam/certificate"');
  });

  it('asks for a batch’s certificates, and a certificate exam by its id', async () => {
    const fetchMock = stubFetch(() => json({ data: certificates }));
    await expect(fetchBatchCertificates(7)).resolves.toEqual(certificates);
    expect(fetchCall(fetchMock)[0]).toBe('/course/batch/course-certificate/7');
    await fetchExamCourseById(9);
    expect(fetchCall(fetchMock, 1)[0]).toBe('/assessment/course/view/9');
  });

  it('approves or revokes a certificate once confirmed, then loads the certificates again', async () => {
    const approve = await render('en', inPlace(<CertificateDecisionDialog open status="pending" name="Rina Das" busy={false} onConfirm={noop} onClose={noop} />));
    expect(text(approve)).toContain('Issue this certificate?');
    expect(text(approve)).toContain('Rina Das receives the certificate, and its tracking code verifies it.');
    expect(text(approve)).toMatch(/Cancel Approve certificate/);
    const revoke = await render('en', inPlace(<CertificateDecisionDialog open status="issued" name="Karim Uddin" busy={false} onConfirm={noop} onClose={noop} />));
    expect(text(revoke)).toContain('Revoke this certificate?');
    expect(text(revoke)).toContain('The certificate of Karim Uddin will no longer verify.');
    expect(text(revoke)).toMatch(/Cancel Revoke certificate/);
    expect(tag(revoke, 'confirm-button')).toMatch(/MuiButton-containedError|colorError/);
    expect(text(await render('bn', inPlace(<CertificateDecisionDialog open status="issued" name="Karim Uddin" busy={false} onConfirm={noop} onClose={noop} />)))).toContain('এই সার্টিফিকেট বাতিল করবেন?');

    for (const status of [1, 0] as const) {
      const fetchMock = stubFetch(() => json({ data: { ...certificates[0], status: status ? 'issued' : 'revoked' } }));
      const qc = cachedCourse();
      await runMutation(certificateDecisionMutation(qc), { enrollmentId: 73, status }, qc);
      const [url, init] = fetchCall(fetchMock);
      expect(url).toBe('/course/batch/approve-certificate');
      expect(init.method).toBe('PUT');
      expect(JSON.parse(String(init.body))).toEqual({ course_enrollment_id: 73, status });
      expect(qc.getQueryState(courseKeys.certificates(7))?.isInvalidated).toBe(true);
      expect(qc.getQueryState(courseKeys.batches(4))?.isInvalidated).toBe(true);
      vi.unstubAllGlobals();
    }
  });
});
