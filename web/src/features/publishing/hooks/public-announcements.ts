// The announcement banner and popup news (SPEC §2): their data and which items a visitor closed.
// Apart from public-posts.ts because the layout loads this on every page: it imports nothing that
// the landing pages' chunks would then have to carry.
import { useQuery } from '@tanstack/react-query';
import { fetchPopupAndNews } from '../api/publishing-api';

export function usePopupAndNews() {
  return useQuery({ queryKey: ['popup-and-news'], queryFn: fetchPopupAndNews, staleTime: 5 * 60_000, retry: false });
}

/** Where the announcement items a visitor closed are kept, as "news:<id>" and "popup:<id>". */
export const CLOSED_KEY = 'closed-announcements';
const KEEP_CLOSED = 20;

export type AnnouncementKind = 'news' | 'popup';

function readClosed(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function isClosed(kind: AnnouncementKind, id: number): boolean {
  return readClosed().includes(`${kind}:${id}`);
}

/** Keeps the item closed on later visits (the newest few only: old items do not come back). */
export function rememberClosed(kind: AnnouncementKind, id: number) {
  const entry = `${kind}:${id}`;
  const list = [...readClosed().filter((x) => x !== entry), entry].slice(-KEEP_CLOSED);
  try {
    localStorage.setItem(CLOSED_KEY, JSON.stringify(list));
  } catch {
    /* storage unavailable: closed for this page only */
  }
}

/** Screens the banner would get in the way of (SPEC §2: content-journey, course-edit, classroom-details). */
export function bannerHiddenOn(pathname: string): boolean {
  return /^\/(?:[^/]+\/journey|course\/edit|classroom\/details)(?:\/|$)/.test(pathname);
}
