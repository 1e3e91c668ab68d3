import { describe, expect, it } from 'vitest';
import { clampPage, pageWindow, parsePage, withPage } from './pager';

describe('pager', () => {
  it('shows 3 page numbers with a window of 1 around the current page', () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3]);
  });
  it('keeps 3 numbers at the edges', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });
  it('shows fewer numbers when there are fewer pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });
  it('treats a page beyond the last as the last', () => {
    expect(clampPage(99, 4)).toBe(4);
    expect(pageWindow(99, 4)).toEqual([2, 3, 4]);
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
  it('parses the page parameter, defaulting to 1', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
  it('removes the parameter for page 1 and keeps other parameters', () => {
    expect(withPage('?page=3&search=x', 1).toString()).toBe('search=x');
    expect(withPage('search=x', 4).toString()).toBe('search=x&page=4');
    expect(withPage('', 1).toString()).toBe('');
  });
});
