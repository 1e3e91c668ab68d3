import { createTheme, ThemeProvider } from '@mui/material/styles';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickerFile } from '../../../lib/file-picker-api';
import { fetchCall, json, noop, render, stubFetch, tag, text } from '../../../lib/test-render';
import { stubXhr } from '../../../lib/test-xhr';
import { createLesson, type Lesson } from '../api/courses-api';
import { attachManagerFile, sendLessonFile } from '../api/lesson-file-upload';
import { lessonBody, lessonValues, managerFileProblem, MEDIA_TYPES, pickedMedia, PICKER_TYPE } from '../hooks/lesson-form';
import { LessonDialog } from './lesson-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stored: PickerFile = {
  id: 41,
  title: 'Solar system tour',
  file_name: 'solar.mp4',
  type: 'video',
  size: 3_145_728,
  is_url: 0,
  provider: null,
  file_main_path: 'https://bucket.example.com/files/4/solar.mp4?sig=a',
  file_encode_path: null,
};
const youtube: PickerFile = { ...stored, id: 42, title: 'Photosynthesis', file_name: 'https://youtu.be/dQw4w9WgXcQ', size: 0, is_url: 1, provider: 'youtube', file_main_path: 'https://youtu.be/dQw4w9WgXcQ' };

const lesson = (over: Partial<Lesson> = {}): Lesson => ({
  id: 5,
  section_id: 3,
  title: 'The solar system',
  title_bn: 'সৌরজগৎ',
  lesson_type: 'video',
  position: 1,
  duration_minutes: null,
  body: null,
  media_url: null,
  has_file: false,
  file_name: null,
  exam_id: null,
  exam_uuid: null,
  exam_published: null,
  ...over,
});

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

describe('choosing a lesson’s file in the file manager', () => {
  it('offers the file manager for media lessons, the picker’s code not loaded until it is opened', async () => {
    const en = await render('en', inPlace(<LessonDialog open sectionId={3} lesson={null} onClose={noop} onChanged={noop} />));
    expect(tag(en, 'lesson-from-manager')).toMatch(/^<button/);
    expect(text(en)).toContain('Choose from file manager');
    expect(tag(en, 'file-picker')).toBe('');
    const bn = await render('bn', inPlace(<LessonDialog open sectionId={3} lesson={null} onClose={noop} onChanged={noop} />));
    expect(text(bn)).toContain('ফাইল ম্যানেজার থেকে বেছে নিন');

    // React.lazy only: no static import of the picker in the dialog (the page-weight budget).
    const source = readFileSync(join(import.meta.dirname, 'lesson-dialog.tsx'), 'utf8');
    expect(source).not.toMatch(/^import[^;]*from '[^']*file-picker-dialog'/m);
    expect(source).toContain("lazy(() => import('../../../components/ui/file-picker-dialog')");
  });

  it('asks the picker for the file manager’s type of each media lesson', () => {
    expect(PICKER_TYPE).toMatchObject({ video: 'video', audio: 'audio', document: 'document', image: 'image', presentation: 'document' });
    for (const t of MEDIA_TYPES) expect(PICKER_TYPE[t], t).toBeTruthy();
  });

  it('turns a picked link into the lesson’s link, and a stored file into the file sent after saving', () => {
    expect(pickedMedia(youtube)).toEqual({ source: 'url', media_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(pickedMedia(stored)).toEqual({ source: 'file', stored });
    // The link is what the lesson is saved with.
    const v = { ...lessonValues(null), title: 'Photosynthesis', source: 'url' as const, media_url: 'https://youtu.be/dQw4w9WgXcQ' };
    expect(lessonBody(v).media_url).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('saves the lesson, then sends the stored file with POST file-manager instead of uploading', async () => {
    const fetchMock = stubFetch(() => json({ data: lesson() }, 201));
    const values = { ...lessonValues(null), title: 'The solar system', source: 'file' as const };
    const saved = await createLesson({ ...lessonBody(values), section_id: 3 });
    fetchMock.mockImplementation(async () => json({ data: lesson({ has_file: true, file_name: 'solar.mp4' }) }));
    const progress = vi.fn();
    const done = await sendLessonFile(saved.id, { kind: 'manager', fileId: stored.id }, progress).promise;

    const [createUrl, createInit] = fetchCall(fetchMock, 0);
    expect(createUrl).toBe('/course/schedule/lesson');
    expect(JSON.parse(String(createInit.body)).media_url).toBeNull();
    const [url, init] = fetchCall(fetchMock, 1);
    expect(url).toBe('/course/schedule/lesson/5/file-manager');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ file_id: 41 });
    expect(done).toMatchObject({ has_file: true, file_name: 'solar.mp4' });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // A file from the device still goes up as before.
    const sent = stubXhr(200, { data: lesson({ has_file: true }) });
    await sendLessonFile(5, { kind: 'upload', file: new File(['x'], 'a.mp4', { type: 'video/mp4' }) }, progress).promise;
    expect(sent.url).toBe('/course/schedule/lesson/5/file');
  });

  it('shows the server’s words when the file manager’s file is refused', async () => {
    const message = 'এই ফাইলটি পাঠে ব্যবহার করা যাবে না।';
    stubFetch(() => json({ message: 'Invalid', code: 'invalid_file', errors: { file_id: [message] } }, 422));
    const err = await attachManagerFile(5, 41).catch((e: unknown) => e);
    expect(managerFileProblem(err)).toBe(message);
    stubFetch(() => json({ code: 'invalid_choice', errors: { file_id: ['invalid_choice'] } }, 422));
    expect(managerFileProblem(await attachManagerFile(5, 41).catch((e: unknown) => e))).toBeNull();
    stubFetch(() => json({ message: 'Server error' }, 500));
    expect(managerFileProblem(await attachManagerFile(5, 41).catch((e: unknown) => e))).toBeNull();
  });
});
