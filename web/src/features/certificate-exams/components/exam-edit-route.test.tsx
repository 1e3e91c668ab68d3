import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../lib/course-paths';
import { render, tag } from '../../../lib/test-render';
import { ExamEditRoute } from './exam-edit-route';

const UUID = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';
const route = <ExamEditRoute single={<span data-testid="single-editor" />} certificate={<span data-testid="certificate-editor" />} />;

/** Which editor /exam/edit/... opens. */
async function editorAt(at: string, path = '/exam/edit/:id/:slug?') {
  const html = await render('en', route, { at, path });
  return { single: tag(html, 'single-editor') !== '', certificate: tag(html, 'certificate-editor') !== '' };
}

describe('/exam/edit/:id', () => {
  it('opens a single exam for a numeric id, as before', async () => {
    expect(await editorAt('/exam/edit/3')).toEqual({ single: true, certificate: false });
    expect(await editorAt('/exam/edit/3/marking')).toEqual({ single: true, certificate: false });
  });

  it('opens a certificate exam for a uuid, on any tab', async () => {
    expect(await editorAt(`/exam/edit/${UUID}`)).toEqual({ single: false, certificate: true });
    expect(await editorAt(`/exam/edit/${UUID.toUpperCase()}/candidates`)).toEqual({ single: false, certificate: true });
  });

  it('leaves anything else to the single exam editor (which sends a bad id back to the list)', async () => {
    expect(await editorAt('/exam/edit/abc')).toEqual({ single: true, certificate: false });
    expect(isUuid(`${UUID}x`)).toBe(false);
    expect(isUuid('12')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
