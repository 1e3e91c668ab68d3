// Queries and the mutation of partner posts on the main site: what the main site's public lists of
// blogs and tutorials show under their own posts, and the super admin's choosing (from /blogs/list).
// Choosing marks both stale, so that the main site's lists show the change in the same session.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Page } from '../../../lib/types';
import { fetchSelectedPartnerPosts, fetchShowcasePosts, SELECTED_LIMIT_MAX, selectShowcasePost, type ShowcaseKind, type ShowcasePost } from '../api/showcase-api';

export const SHOWCASE_PAGE_SIZE = 10;

export const showcaseKeys = {
  all: ['showcase'] as const,
  /** The public list of the chosen ones (both kinds: one call serves /blogs/lists and /tutorials/lists). */
  selected: ['showcase', 'selected'] as const,
  lists: ['showcase', 'list'] as const,
  list: (page: number, search: string) => ['showcase', 'list', page, search] as const,
};

/** The chosen posts of `kind` that link to a web page (the others are left out). */
export function partnerPostsOf(posts: readonly ShowcasePost[], kind: ShowcaseKind): ShowcasePost[] {
  return posts.filter((p) => p.kind === kind && /^https?:\/\//i.test(p.url));
}

/**
 * The main site's partner posts of `kind`. Secondary content: no loading bar, no retry, and a
 * failure is only a missing section.
 */
export function usePartnerPosts(kind: ShowcaseKind, enabled: boolean) {
  const select = useCallback((page: Page<ShowcasePost>) => partnerPostsOf(page.data, kind), [kind]);
  return useQuery({
    queryKey: showcaseKeys.selected,
    queryFn: ({ signal }) => fetchSelectedPartnerPosts({ limit: SELECTED_LIMIT_MAX }, signal),
    select,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The super admin's list: every partner's published blogs and tutorials, searched, a page at a time. */
export function useShowcasePosts(page: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: showcaseKeys.list(page, search),
    queryFn: ({ signal }) => fetchShowcasePosts({ page, limit: SHOWCASE_PAGE_SIZE, search: search || undefined }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface SelectVars {
  post: ShowcasePost;
  selected: boolean;
}

/** The list's switch: the row shows the change at once; the lists are read again after the answer. */
export function selectShowcaseMutation(qc: QueryClient): UseMutationOptions<ShowcasePost, Error, SelectVars> {
  return {
    mutationFn: ({ post, selected }) => selectShowcasePost(post.id, selected),
    onMutate: async ({ post, selected }) => {
      // A list read under way would put the old state back.
      await qc.cancelQueries({ queryKey: showcaseKeys.lists });
      qc.setQueriesData<Page<ShowcasePost>>({ queryKey: showcaseKeys.lists }, (page) => page && { ...page, data: page.data.map((p) => (p.id === post.id ? { ...p, selected } : p)) });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: showcaseKeys.all }),
  };
}
