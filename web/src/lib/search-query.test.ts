import { describe, expect, it } from 'vitest';
import {
  SEARCH_ROWS,
  canSuggest,
  catalogueParams,
  courseLink,
  lastPageFor,
  pageToStart,
  parseSearchFilters,
  searchKeyAction,
  searchListUrl,
  startToPage,
  withFilter,
} from './search-query';

describe('search page <-> start/rows', () => {
  it('uses 15 rows and start (page-1)*15', () => {
    expect(SEARCH_ROWS).toBe(15);
    expect(pageToStart(1)).toBe(0);
    expect(pageToStart(2)).toBe(15);
    expect(pageToStart(5)).toBe(60);
    expect(pageToStart(0)).toBe(0);
    expect(pageToStart(Number.NaN)).toBe(0);
  });
  it('maps start back to its page and counts pages', () => {
    expect(startToPage(0)).toBe(1);
    expect(startToPage(14)).toBe(1);
    expect(startToPage(15)).toBe(2);
    expect(startToPage(60)).toBe(5);
    for (const p of [1, 2, 3, 10]) expect(startToPage(pageToStart(p))).toBe(p);
    expect(lastPageFor(0)).toBe(1);
    expect(lastPageFor(15)).toBe(1);
    expect(lastPageFor(16)).toBe(2);
    expect(lastPageFor(31)).toBe(3);
  });
  it('builds the API parameters from the query parameters', () => {
    const f = parseSearchFilters(new URLSearchParams('search=ব্যাকরণ&category_id=3&type=popular&level=beginner&language=bn&page=3&junk=1'));
    expect(f).toMatchObject({ search: 'ব্যাকরণ', category_id: '3', type: 'popular', level: 'beginner', language: 'bn', page: 3 });
    expect(catalogueParams(f)).toEqual({
      rows: 15,
      start: 30,
      search: 'ব্যাকরণ',
      category_id: '3',
      type: 'popular',
      level: 'beginner',
      language: 'bn',
    });
    expect(catalogueParams({ payment_status: '0' })).toEqual({ rows: 15, start: 0, payment_status: '0' });
  });
  it('drops invalid values and accepts the older category parameter', () => {
    const f = parseSearchFilters(new URLSearchParams('type=oldest&level=expert&category=7&page=-2&course_type=webinar'));
    expect(f).toMatchObject({ type: '', level: '', category_id: '7', page: 1, course_type: 'webinar' });
  });
  it('writes /search/lists addresses; a filter change goes back to page 1', () => {
    expect(searchListUrl({ type: 'latest', category_id: '4' })).toBe('/search/lists?category_id=4&type=latest');
    expect(searchListUrl({ search: 'bangla grammar' })).toBe('/search/lists?search=bangla+grammar');
    expect(searchListUrl({ search: '' })).toBe('/search/lists');
    expect(searchListUrl({ course_type: 'webinar', page: 2 })).toBe('/search/lists?course_type=webinar&page=2');
    const next = withFilter(new URLSearchParams('search=x&category=2&page=4'), 'category_id', '5');
    expect(next.toString()).toBe('search=x&category_id=5');
    expect(withFilter(new URLSearchParams('level=advanced&page=2'), 'level', '').toString()).toBe('');
  });
});

describe('header search keys', () => {
  it('submits on Enter, ignores Tab and suggests on every other key', () => {
    expect(searchKeyAction('Enter')).toBe('submit');
    expect(searchKeyAction('Tab')).toBe('ignore');
    for (const k of ['a', 'ক', 'Backspace', 'Delete', ' ', 'Process', 'Unidentified', 'Shift', 'ArrowLeft', '1']) {
      expect(searchKeyAction(k), k).toBe('suggest');
    }
  });
  it('moves in an open list with the arrows and closes it with Escape', () => {
    expect(searchKeyAction('ArrowDown', true)).toBe('move');
    expect(searchKeyAction('ArrowUp', true)).toBe('move');
    expect(searchKeyAction('ArrowDown', false)).toBe('suggest');
    expect(searchKeyAction('Escape', true)).toBe('close');
    expect(searchKeyAction('Enter', true)).toBe('submit');
    expect(searchKeyAction('Tab', true)).toBe('ignore');
  });
  it('asks for suggestions from one character', () => {
    expect(canSuggest('')).toBe(false);
    expect(canSuggest('   ')).toBe(false);
    expect(canSuggest('ব')).toBe(true);
  });
  it('links a suggestion on another origin to that site, else to /course/details/{payload}', () => {
    const here = 'http://localhost:8080';
    expect(courseLink('http://dhaka.localhost:8080/course/details/u1', '/course/details/u1', here)).toEqual({
      external: true,
      href: 'http://dhaka.localhost:8080/course/details/u1',
    });
    expect(courseLink('http://localhost:8080/course/details/u1', '/course/details/u1', here)).toEqual({ external: false, href: '/course/details/u1' });
    expect(courseLink(null, '/course/details/u2', here)).toEqual({ external: false, href: '/course/details/u2' });
    expect(courseLink('/course/details/u3', '/course/details/u3', here)).toEqual({ external: false, href: '/course/details/u3' });
  });
});
