// Partner posts on the main site (SPEC §7 check-selected): the partner sites' published blogs and
// tutorials as the platform keeps them, the ones the super admin chose for the main site, and the
// choosing. Apart from publishing-api.ts because the announcement bar loads that one on every page.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

export type ShowcaseKind = 'blog' | 'tutorial';

export interface ShowcasePost {
  id: number;
  kind: ShowcaseKind;
  /** The post's id on its partner's site. */
  post_id: number;
  institution_id: number;
  /** The partner's name in Bangla. */
  institution_name: string;
  institution_name_en: string;
  title: string;
  title_bn: string | null;
  summary: string;
  /** An absolute address, or null. */
  cover: string | null;
  /** The post's page on its partner's site (another host). */
  url: string;
  published_at: string;
  /** Shown on the main site. */
  selected: boolean;
}

export interface ShowcaseQuery {
  page?: number;
  limit?: number;
  search?: string;
}

/** The most the public list answers at once. */
export const SELECTED_LIMIT_MAX = 24;

/** Public: the posts the main site shows, the latest chosen first. */
export function fetchSelectedPartnerPosts(query: Omit<ShowcaseQuery, 'search'>, signal?: AbortSignal) {
  return api<Page<ShowcasePost>>('/my-account/public/articles/check-selected', { query: { ...query }, signal, silent: true });
}

/** The super admin: every partner's published blogs and tutorials (search: titles and partners' names). */
export function fetchShowcasePosts(query: ShowcaseQuery, signal?: AbortSignal) {
  return api<Page<ShowcasePost>>('/my-account/showcase/posts', { query: { ...query }, signal });
}

/** The super admin: shows the post on the main site, or stops showing it. */
export function selectShowcasePost(id: number, selected: boolean) {
  return api<DataEnvelope<ShowcasePost>>(`/my-account/showcase/select/${id}`, { method: 'PUT', body: { selected } }).then((r) => r.data);
}
