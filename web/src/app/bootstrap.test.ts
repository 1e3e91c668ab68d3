import { describe, expect, it } from 'vitest';
import { firstNamespaces, firstRoute } from './bootstrap';

const first = (pathname: string, signedIn: boolean) => firstNamespaces(pathname, firstRoute(pathname), signedIn);

describe('the texts the first render waits for', () => {
  it('adds the side navigation’s labels for a signed-in user on a page with the side nav or its drawer', () => {
    expect(first('/dashboard', true)).toEqual(['dashboard', 'nav']);
    expect(first('/profile/myprofile', true)).toEqual(['profile', 'nav']);
    expect(first('/course/certificate', true)).toEqual(['courses', 'nav']);
    expect(first('/exam/single', true)).toContain('nav');
    expect(first('/blogs/lists', true)).toContain('nav');
    // The calendar's texts, not the courses' or the exams' (their per-kind pages live under /course and /exam).
    for (const path of ['/calendar/show', '/course/calendar/show', '/exam/calendar/show', '/webinarroom/calendar/show', '/training/calendar/show']) expect(first(path, true), path).toEqual(['calendar', 'nav']);
    // The trainings' screens: their own texts and the courses' (their editor is the course's).
    for (const path of ['/training', '/training/edit/4/venue', '/training/facilities/cafeteria-create/9', '/training/resource/budget-create/9']) expect(first(path, true), path).toEqual(['courses', 'trainings', 'nav']);
    // The classrooms' screens and a class's invitation page: the classrooms' texts.
    for (const path of ['/classroom', '/classroom/details/3', '/classroom/details/3/people', '/join/K7Q2XPA9']) expect(first(path, true), path).toEqual(['classrooms', 'nav']);
    expect(first('/classroom/calendar/show', true)).toEqual(['calendar', 'nav']);
    // My webinars and a webinar's room: the classrooms' screens with the webinars' texts.
    for (const path of ['/webinarroom', '/webinarroom/details/8', '/webinarroom/details/8/schedule']) expect(first(path, true), path).toEqual(['classrooms', 'webinars', 'nav']);
    expect(first('/webinar/list', false)).toEqual(['webinars']);
    expect(first('/leaderboard', false)).toEqual(['leaderboard']);
    expect(first('/leaderboard', true)).toEqual(['leaderboard', 'nav']);
  });

  it('leaves them out for visitors, on the landing pages (kept small) and in the journeys (no side nav)', () => {
    for (const path of ['/dashboard', '/course/certificate', '/blogs/lists']) expect(first(path, false), path).not.toContain('nav');
    expect(first('/', true)).toEqual(['home']);
    expect(first('/course/details/0b6f3e0c', true)).toEqual(['learn']);
    expect(first('/exam/details/0b6f3e0c', true)).toEqual(['learn']);
    expect(first('/webinar/details/0b6f3e0c', true)).toEqual(['learn']);
    expect(firstRoute('/webinar/details/0b6f3e0c').load).toBe(firstRoute('/course/details/0b6f3e0c').load);
    expect(first('/course/journey/0b6f3e0c', true)).toEqual(['learn']);
    expect(first('/training/journey/0b6f3e0c', true)).toEqual(['learn']);
    expect(first('/exam/journey/0b6f3e0c', true)).not.toContain('nav');
  });
});
