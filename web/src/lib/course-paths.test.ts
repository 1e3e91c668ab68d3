import { describe, expect, it } from 'vitest';
import { coursePagePath, isUuid } from './course-paths';
import { courseLink } from './search-query';

const uuid = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';

describe('the links to a course’s pages', () => {
  it('links a webinar’s public page to /webinar/details/{uuid}, every other kind to its own area (SPEC "Link builders")', () => {
    expect(coursePagePath({ uuid, course_type: 'webinar' }, 'details')).toBe(`/webinar/details/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'course' }, 'details')).toBe(`/course/details/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'masterclass' }, 'details')).toBe(`/course/details/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'exam' }, 'details')).toBe(`/exam/details/${uuid}`);
    // A training's public page is a course's; only its journey is under /training.
    expect(coursePagePath({ uuid, course_type: 'training' }, 'details')).toBe(`/course/details/${uuid}`);
    // Unknown type (a payment's course, a search suggestion): the course's page.
    expect(coursePagePath({ uuid }, 'details')).toBe(`/course/details/${uuid}`);
    expect(coursePagePath({ uuid, course_type: null }, 'details')).toBe(`/course/details/${uuid}`);
  });

  it('keeps the journeys where they are: a webinar’s is a course’s', () => {
    expect(coursePagePath({ uuid, course_type: 'webinar' }, 'journey')).toBe(`/course/journey/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'exam' }, 'journey')).toBe(`/exam/journey/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'training' }, 'journey')).toBe(`/training/journey/${uuid}`);
    expect(coursePagePath({ uuid, course_type: 'course' }, 'journey')).toBe(`/course/journey/${uuid}`);
  });

  it('opens a partner’s webinar at its own address on the partner’s site, whatever path the server’s url names', () => {
    const here = 'http://localhost:8080';
    const path = coursePagePath({ uuid, course_type: 'webinar' }, 'details');
    expect(courseLink(`http://dhaka.localhost:8080/course/details/${uuid}`, path, here)).toEqual({ external: true, href: `http://dhaka.localhost:8080/webinar/details/${uuid}` });
    expect(courseLink(`http://localhost:8080/course/details/${uuid}`, path, here)).toEqual({ external: false, href: `/webinar/details/${uuid}` });
    expect(courseLink(null, path, here)).toEqual({ external: false, href: `/webinar/details/${uuid}` });
  });

  it('tells a uuid from a numeric id', () => {
    expect(isUuid(uuid)).toBe(true);
    expect(isUuid('42')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
