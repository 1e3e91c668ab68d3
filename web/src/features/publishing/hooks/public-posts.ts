// What the public pages of blogs, tutorials, articles and the site's own pages read, and the rules
// they follow (page addresses, videos, durations, the announcement's closed items).
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { localDigits } from '../../../lib/digits';
import {
  fetchAboutUs,
  fetchFaqs,
  fetchPostCategories,
  fetchPublicPost,
  fetchPublicPosts,
  type Post,
  type PostCategory,
  type PostType,
} from '../api/publishing-api';

/** The `:content` of /:content/lists and /:content/details/...; anything else is not a page. */
const CONTENT_TYPES = { blogs: 'blog', tutorials: 'tutorial', articles: 'article' } as const satisfies Record<string, PostType>;

/** The first segment of the public posts' pages (/blogs/lists, /blogs/details/:id/:slug?, ...). */
export type PublicContent = keyof typeof CONTENT_TYPES;
export const PUBLIC_CONTENT = Object.keys(CONTENT_TYPES) as PublicContent[];

export function contentType(param: string | undefined): PostType | null {
  return (param && Object.hasOwn(CONTENT_TYPES, param) && CONTENT_TYPES[param as PublicContent]) || null;
}

/** A route's id: a positive whole number, else null (the page is not found). */
export function postIdParam(param: string | undefined): number | null {
  const n = Number(param);
  return param && /^\d{1,15}$/.test(param) && n > 0 ? n : null;
}

export const LIST_LIMIT = 12;

/** What the card and the page show as the post's date. */
export function postDate(post: Pick<Post, 'published_at' | 'created_at'>): string {
  return post.published_at ?? post.created_at;
}

/** "HH:mm:ss" as shown: hours only when there are some ("05:30", "1:05:30"), Bangla digits in Bangla. */
export function durationText(duration: string | null | undefined, lang: string): string {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(duration ?? '');
  if (!m) return '';
  const hours = Number(m[1]);
  return localDigits(hours ? `${hours}:${m[2]}:${m[3]}` : `${m[2]}:${m[3]}`, lang);
}

/** The ISO 8601 duration of "HH:mm:ss", for <time dateTime>. */
export function isoDuration(duration: string | null | undefined): string | undefined {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(duration ?? '');
  return m ? `PT${Number(m[1])}H${Number(m[2])}M${Number(m[3])}S` : undefined;
}

export type PostVideo =
  /** YouTube or Vimeo: their player in an iframe (the hosts the Content-Security-Policy frames). */
  | { kind: 'embed'; src: string }
  /** A file: this site's post media or a direct video file elsewhere, played in <video>. */
  | { kind: 'file'; src: string }
  /** Any other page: a link to it, as it cannot be framed. */
  | { kind: 'link'; href: string };

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A tutorial's video_url as it plays on the page. YouTube plays from youtube-nocookie.com (no cookies until played). */
export function postVideo(url: string | null | undefined): PostVideo | null {
  if (!url) return null;
  if (url.startsWith('/post-media/')) return { kind: 'file', src: url };
  const u = parseUrl(url);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return null;
  const host = u.hostname.replace(/^(www|m)\./, '');
  let yt: string | null = null;
  if (host === 'youtu.be') yt = u.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    yt = u.pathname === '/watch' ? u.searchParams.get('v') : (/^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(u.pathname)?.[1] ?? null);
  }
  if (yt && /^[A-Za-z0-9_-]{6,20}$/.test(yt)) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${yt}` };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = u.pathname.split('/').filter((p) => /^\d+$/.test(p)).pop();
    if (id) return { kind: 'embed', src: `https://player.vimeo.com/video/${id}` };
  }
  if (VIDEO_FILE.test(u.pathname)) return { kind: 'file', src: u.href };
  return { kind: 'link', href: u.href };
}

/** The picture a card shows: the cover, or else a YouTube tutorial's own thumbnail. */
export function cardPicture(post: Pick<Post, 'cover' | 'video_url'>): string | null {
  if (post.cover) return post.cover;
  const video = postVideo(post.video_url);
  const youtube = video?.kind === 'embed' ? /youtube-nocookie\.com\/embed\/(.+)$/.exec(video.src)?.[1] : undefined;
  return youtube ? `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg` : null;
}

/** A 404 from the API: the post is not published, or not this site's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

// ---- queries ----

export function usePostCategories(type: PostType) {
  return useQuery({ queryKey: ['post-categories', type], queryFn: () => fetchPostCategories(type), staleTime: 10 * 60_000 });
}

export function usePublicPosts(type: PostType, page: number, search: string, categoryId: number | null) {
  return useQuery({
    queryKey: ['public-posts', type, { page, search, categoryId }],
    queryFn: ({ signal }) => fetchPublicPosts(type, { page, limit: LIST_LIMIT, search: search || undefined, category_id: categoryId }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublicPost(type: PostType, id: number) {
  return useQuery({ queryKey: ['public-post', type, id], queryFn: ({ signal }) => fetchPublicPost(type, id, signal) });
}

export function useAboutUs() {
  return useQuery({ queryKey: ['about-us'], queryFn: fetchAboutUs });
}

export function useFaqs() {
  return useQuery({ queryKey: ['faqs'], queryFn: fetchFaqs });
}

/** The article categories that hold the site's own pages (/our-team, /contact-us, /cookies). */
export type SitePageSlug = 'team' | 'contact' | 'cookies';

/**
 * The site's page kept as its newest published article of category `slug`, with its body (lists
 * leave it out); null when there is none (or no such category).
 */
export async function fetchSitePage(qc: QueryClient, slug: SitePageSlug, signal?: AbortSignal): Promise<Post | null> {
  const categories = await qc.ensureQueryData<PostCategory[]>({
    queryKey: ['post-categories', 'article'],
    queryFn: () => fetchPostCategories('article'),
    staleTime: 10 * 60_000,
  });
  const category = categories.find((c) => c.slug === slug);
  if (!category) return null;
  const list = await fetchPublicPosts('article', { category_id: category.id, limit: 1 }, signal);
  const newest = list.data[0];
  return newest ? fetchPublicPost('article', newest.id, signal) : null;
}

export function useSitePage(slug: SitePageSlug) {
  const qc = useQueryClient();
  return useQuery({ queryKey: ['site-page', slug], queryFn: ({ signal }) => fetchSitePage(qc, slug, signal) });
}
