import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, prefetched, render, stubFetch, tag, text } from '../../../lib/test-render';
import { fetchIntro } from '../../exams/api/exam-front-api';
import { examFrontKeys } from '../../exams/hooks/exam-front-keys';
import { enrolByInvitation } from '../api/invitation-api';
import { invitationQuery } from '../hooks/invitation';
import ExamJourneyRoute from './exam-journey-route';

const UUID = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';
const route = <ExamJourneyRoute single={<span data-testid="single-journey" />} certificate={<span data-testid="certificate-journey" />} />;
const PATH = '/exam/journey/:uuid';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A client that has already opened invitation `t1` (the stubbed answer), and does not open it again on mount. */
const opened = (answer: () => Response) => prefetched(invitationQuery('t1'), answer);
/** A client that has already asked the exam centre for the single exam `UUID`. */
const introduced = (answer: () => Response) => prefetched({ queryKey: examFrontKeys.intro(UUID), queryFn: () => fetchIntro(UUID), retry: false }, answer);

const shown = (html: string) => ['single-journey', 'certificate-journey', 'invitation-enrolling', 'invitation-refused', 'invitation-error'].filter((id) => tag(html, id) !== '');

describe('/exam/journey/:uuid', () => {
  it('opens a single exam’s journey, and a certificate exam’s when the exam centre knows no single exam of that uuid', async () => {
    const at = `/exam/journey/${UUID}`;
    // While the exam centre answers: the single exam's page (it has its own placeholder).
    expect(shown(await render('en', route, { at, path: PATH, qc: new QueryClient() }))).toEqual(['single-journey']);
    const intro = { uuid: UUID, title: 'Quiz', title_bn: '', attempts: [], can_start: true };
    expect(shown(await render('en', route, { at, path: PATH, qc: await introduced(() => json({ data: intro })) }))).toEqual(['single-journey']);
    expect(shown(await render('en', route, { at, path: PATH, qc: await introduced(() => json({ message: 'Not found', code: 'not_found' }, 404)) }))).toEqual(['certificate-journey']);
    // Any other refusal is the single exam page's to explain.
    expect(shown(await render('en', route, { at, path: PATH, qc: await introduced(() => json({ message: 'Forbidden', code: 'forbidden' }, 403)) }))).toEqual(['single-journey']);
  });

  it('enrols through an invitation link once, showing progress meanwhile', async () => {
    const fetchMock = stubFetch(() => json({ data: { enrollment_id: 5, status: 'active', course_uuid: UUID } }, 201));
    await expect(enrolByInvitation('a b')).resolves.toEqual({ enrollment_id: 5, status: 'active', course_uuid: UUID });
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/assessment-front/batch/restricted-user-enroll?token=a+b');
    expect(init.method).toBe('GET');
    expect(invitationQuery('t1')).toMatchObject({ retry: false, staleTime: Infinity, gcTime: 0 });

    const at = `/exam/journey/${UUID}?token=t1`;
    const enrolling = await render('bn', route, { at, path: PATH, qc: new QueryClient() });
    expect(shown(enrolling)).toEqual(['invitation-enrolling']);
    expect(tag(enrolling, 'invitation-enrolling')).toContain('role="status"');
    expect(text(enrolling)).toContain('আপনার আমন্ত্রণ দিয়ে আপনাকে ভর্তি করা হচ্ছে…');
  });

  it('opens the certificate exam’s journey once enrolled (201), or when this link enrolled them before (200)', async () => {
    const at = `/exam/journey/${UUID}?token=t1`;
    for (const status of [201, 200]) {
      const qc = await opened(() => json({ data: { enrollment_id: 5, status: 'active', course_uuid: UUID } }, status));
      expect(shown(await render('en', route, { at, path: PATH, qc })), String(status)).toEqual(['certificate-journey']);
    }
  });

  it('explains an unknown, used or closed invitation with the server’s words, in the interface’s language, with the way home', async () => {
    const at = `/exam/journey/${UUID}?token=t1`;
    // The server words its refusals in the language the request asked for; codes the interface
    // knows are said in its own words.
    const cases = [
      { status: 404, code: 'invitation_not_found', en: 'server words for invitation_not_found' },
      { status: 409, code: 'invitation_used', en: 'server words for invitation_used' },
      { status: 422, code: 'batch_closed', en: 'This batch is closed for enrolment.' },
      // Any other reason enrolment fails is explained the same way.
      { status: 409, code: 'batch_full', en: 'This batch is full.' },
    ];
    for (const c of cases) {
      const answer = () => json({ message: `server words for ${c.code}`, code: c.code, errors: {} }, c.status);
      const en = await render('en', route, { at, path: PATH, qc: await opened(answer) });
      expect(shown(en), c.code).toEqual(['invitation-refused']);
      expect(en).toContain(`data-code="${c.code}"`);
      expect(text(en)).toContain('This invitation cannot be used');
      expect(text(en)).toContain(c.en);
      expect(en).toMatch(/<a[^>]*href="\/"/);
      const bn = await render('bn', route, { at, path: PATH, qc: await opened(answer) });
      expect(text(bn)).toContain('এই আমন্ত্রণটি ব্যবহার করা যাবে না');
    }
  });

  it('offers to try again when the server could not be reached', async () => {
    const html = await render('en', route, { at: `/exam/journey/${UUID}?token=t1`, qc: await opened(() => json({ message: 'boom' }, 500)), path: PATH });
    expect(shown(html)).toEqual(['invitation-error']);
    expect(text(html)).toContain('Try again');
  });

  it('opens a training’s journey (/training/journey/:uuid) at once, without asking the exam centre, and its nominees’ links the same way', async () => {
    const fetchMock = stubFetch(() => json({ message: 'unexpected' }, 500));
    const at = `/training/journey/${UUID}`;
    expect(shown(await render('en', route, { at, path: '/training/journey/:uuid', qc: new QueryClient() }))).toEqual(['certificate-journey']);
    expect(fetchMock).not.toHaveBeenCalled();
    const qc = await opened(() => json({ data: { enrollment_id: 5, status: 'active', course_uuid: UUID } }, 201));
    expect(shown(await render('en', route, { at: `${at}?token=t1`, path: '/training/journey/:uuid', qc }))).toEqual(['certificate-journey']);
    expect(shown(await render('en', route, { at: `${at}?token=t1`, path: '/training/journey/:uuid', qc: new QueryClient() }))).toEqual(['invitation-enrolling']);
  });
});
