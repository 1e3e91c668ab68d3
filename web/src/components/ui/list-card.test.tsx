import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { noop, render, tag, text } from '../../lib/test-render';
import { ListCard } from './list-card';

const list = (rows: unknown[], error: unknown = null) => ({ isLoading: false, error, refetch: noop, data: { data: rows, current_page: 1, last_page: 2 } });
const card = (over: { list?: ReturnType<typeof list>; emptyIcon?: ReactNode; keepPageOnError?: boolean }) =>
  render(
    'en',
    <ListCard list={list([{ id: 1 }])} page={1} onPage={noop} rowHeight={48} emptyMessage="Nobody yet." {...over}>
      <ol data-testid="rows" />
    </ListCard>,
  );

describe('a list card', () => {
  it('shows one list for every width, with the pager under it, or the empty state with its icon', async () => {
    const html = await card({});
    expect(tag(html, 'rows')).not.toBe('');
    expect(tag(html, 'pager')).not.toBe('');
    const empty = await card({ list: list([]), emptyIcon: <span data-testid="empty-icon" /> });
    expect(tag(empty, 'rows')).toBe('');
    expect(tag(empty, 'empty-icon')).not.toBe('');
    expect(text(empty)).toContain('Nobody yet.');
  });
  it('shows the error of a page read again, or keeps the page shown when asked to', async () => {
    const failed = list([{ id: 1 }], new Error('offline'));
    expect(tag(await card({ list: failed }), 'rows')).toBe('');
    expect(tag(await card({ list: failed, keepPageOnError: true }), 'rows')).not.toBe('');
  });
});
