// Courses for verified teachers only (SPEC §4 type 3): the author's switch, in the course form and
// the settings tab, and what it sends.
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, input, json, render, stubFetch, tag, text } from '../../../lib/test-render';
import { createCourse, updateCourse, type CourseWithContent } from '../api/courses-api';
import { courseBody, courseValues, emptyCourseValues, type CourseFormValues } from '../hooks/course-form';
import { CourseMediaFields } from './course-form-fields';
import { CourseSettingsTab } from './course-settings-tab';

const course = (over: Partial<CourseWithContent> = {}) =>
  ({
    id: 9,
    uuid: 'c-uuid',
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
    teachers_only: false,
    published: false,
    featured: false,
    instructor: null,
    institution: null,
    lessons_count: 0,
    created_at: '2026-12-01T00:00:00Z',
    updated_at: '2026-12-01T00:00:00Z',
    sections: [],
    batches: [],
    ...over,
  }) as CourseWithContent;

/** The form's third step (thumbnail, lesson order, who may enrol) over `values`. */
function Media({ values }: { values: CourseFormValues }) {
  const form = useForm<CourseFormValues>({ defaultValues: values });
  return <CourseMediaFields form={form} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the teachers-only switch of the course form', () => {
  it('is a labelled switch with its explanation, off for a new course and on for a teachers-only one', async () => {
    const off = await render('en', <Media values={emptyCourseValues('en')} />);
    const sw = input(off, 'course-teachers-only');
    expect(sw).toContain('type="checkbox"');
    expect(sw).not.toContain('checked');
    expect(sw).toContain('aria-describedby="course-teachers-only-hint"');
    expect(text(off)).toContain('Only verified teachers may enrol');
    expect(tag(off, 'teachers-only-switch')).not.toBe('');
    expect(off).toMatch(/id="course-teachers-only-hint"[^>]*>Learners must verify their teacher ID/);

    const on = await render('bn', <Media values={courseValues(course({ teachers_only: true }))} />);
    expect(input(on, 'course-teachers-only')).toContain('checked=""');
    expect(text(on)).toContain('শুধু যাচাই করা শিক্ষকেরা ভর্তি হতে পারবেন');
    expect(text(on)).toContain('শিক্ষক আইডি যাচাই');
  });

  it('sends teachers_only with create and update', async () => {
    const fetchMock = stubFetch(() => json({ data: course({ teachers_only: true }) }, 201));
    const values = { ...emptyCourseValues('bn'), title_bn: 'ভগ্নাংশ', teachers_only: true };
    await createCourse(courseBody(values));
    expect(fetchCall(fetchMock)[0]).toBe('/course/course/create');
    expect(JSON.parse(String(fetchCall(fetchMock)[1].body))).toMatchObject({ title_bn: 'ভগ্নাংশ', teachers_only: true });

    const saved = await updateCourse(9, courseBody({ ...courseValues(course()), teachers_only: true }));
    const [url, init] = fetchCall(fetchMock, 1);
    expect(url).toBe('/course/course/update/9');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({ teachers_only: true });
    expect(saved.teachers_only).toBe(true);

    // The settings tab's own save: the lesson order, who may enrol and the type.
    await updateCourse(9, { enforce_order: true, teachers_only: false, course_type: 'course' });
    expect(JSON.parse(String(fetchCall(fetchMock, 2)[1].body))).toEqual({ enforce_order: true, teachers_only: false, course_type: 'course' });
  });

  it('shows on the settings tab beside the lesson order', async () => {
    const html = await render('en', <CourseSettingsTab course={course({ teachers_only: true })} />);
    expect(input(html, 'settings-teachers-only')).toContain('checked=""');
    expect(input(html, 'settings-teachers-only')).toContain('aria-describedby="settings-teachers-only-hint"');
    expect(text(html)).toContain('Only verified teachers may enrol');
    const off = await render('bn', <CourseSettingsTab course={course()} />);
    expect(input(off, 'settings-teachers-only')).not.toContain('checked');
  });
});
