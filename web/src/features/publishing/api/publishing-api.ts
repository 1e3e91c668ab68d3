// Blogs, tutorials and articles (docs/api-publishing.md): what writers and approvers call, and
// what the public pages read. One post shape for the three types.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export const POST_TYPES = ['blog', 'tutorial', 'article'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_STATUSES = ['draft', 'submitted', 'published', 'unpublished'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The plural in the calls' paths and the pages' addresses (/blogs/lists, /my-account/blogs/view). */
export const POST_PATHS: Record<PostType, 'blogs' | 'tutorials' | 'articles'> = {
  blog: 'blogs',
  tutorial: 'tutorials',
  article: 'articles',
};

export interface PostCategory {
  id: number;
  type: PostType;
  /** Article categories name the site's pages: about, faq, news, team, contact, cookies. */
  slug: string;
  title: string;
  bn_title: string;
}

export interface Post {
  id: number;
  type: PostType;
  title: string;
  title_bn: string | null;
  /** Plain text, at most 300 characters. */
  summary: string;
  /** Sanitised HTML; "" on lists. */
  body: string;
  category_id: number;
  category: PostCategory;
  /** "/post-media/<uuid>.<ext>" on this host, or null. */
  cover: string | null;
  /** Tutorials: an http(s) URL (YouTube, Vimeo) or "/post-media/...". */
  video_url: string | null;
  /** Tutorials: "HH:mm:ss". */
  duration: string | null;
  /** Articles: where the announcement banner leads. */
  link: string | null;
  news: boolean;
  popup: boolean;
  tags: string[];
  status: PostStatus;
  publish: 0 | 1;
  reason: string | null;
  author: { id: number; name: string; name_bn: string | null };
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface PostInput {
  title: string;
  title_bn?: string | null;
  category_id: number | null;
  summary?: string;
  body: string;
  cover?: string | null;
  video_url?: string | null;
  duration?: string | null;
  link?: string | null;
  news?: boolean;
  popup?: boolean;
  tags?: string[];
  /** Blogs and tutorials: send for approval. */
  submit?: boolean;
  /** Articles: publish at once. */
  publish?: boolean;
}

export interface PostQuery {
  page?: number;
  limit?: number;
  search?: string;
  category_id?: number | null;
  /** A status, or "1" (published) / "0" (not). */
  publish?: string;
  id?: number;
}

// ---- signed in: writers, approvers, the site's admin ----

export function fetchMyPosts(type: PostType, query: PostQuery, signal?: AbortSignal) {
  return api<Page<Post>>(`/my-account/${POST_PATHS[type]}/view`, { query: { ...query }, signal });
}

/** One post with its body (for the editor). */
export function fetchMyPost(type: PostType, id: number) {
  return api<Page<Post>>(`/my-account/${POST_PATHS[type]}/view`, { query: { id } }).then((r) => r.data[0]);
}

export function storePost(type: PostType, input: PostInput) {
  return api<DataEnvelope<Post>>(`/my-account/${POST_PATHS[type]}/store`, { method: 'POST', body: input }).then((r) => r.data);
}

/** Blogs name the post in the body; tutorials and articles in the path (as the spec's calls do). */
export function updatePost(type: PostType, id: number, input: PostInput) {
  const path = type === 'blog' ? '/my-account/blogs/update' : `/my-account/${POST_PATHS[type]}/update/${id}`;
  return api<DataEnvelope<Post>>(path, { method: 'PUT', body: type === 'blog' ? { ...input, id } : input }).then((r) => r.data);
}

export function publishPost(type: PostType, id: number, publish: boolean, reason?: string) {
  return api<DataEnvelope<Post>>(`/my-account/${POST_PATHS[type]}/publish`, { method: 'PUT', body: { id, publish, reason } }).then(
    (r) => r.data,
  );
}

export function deletePost(type: PostType, id: number) {
  return api<DataEnvelope<Done>>(`/my-account/${POST_PATHS[type]}/delete/${id}`, { method: 'DELETE' });
}

export function fetchPostCategories(type: PostType) {
  return api<DataEnvelope<PostCategory[]>>('/my-account/articles/view-categories', { query: { type }, silent: true }).then((r) => r.data);
}

/** A file of the file manager made usable in a post: its stable address on this host. */
export function attachPostMedia(fileId: number) {
  return api<DataEnvelope<{ url: string; type: string; title: string }>>('/my-account/publishing/media', {
    method: 'POST',
    body: { file_id: fileId },
  }).then((r) => r.data);
}

// ---- public: published posts only ----

export function fetchPublicPosts(type: PostType, query: Omit<PostQuery, 'publish' | 'id'>, signal?: AbortSignal) {
  const { search, ...rest } = query;
  // Articles are searched by `title`, blogs and tutorials by `search` (SPEC §7).
  const q = type === 'article' ? { ...rest, title: search } : query;
  return api<Page<Post>>(`/my-account/public/${POST_PATHS[type]}/view`, { query: q, signal });
}

const DETAILS_PATH: Record<PostType, string> = {
  blog: '/my-account/public/blogs/view/',
  tutorial: '/my-account/public/tutorials/view-details/',
  article: '/my-account/public/articles/view-details/',
};

export function fetchPublicPost(type: PostType, id: number, signal?: AbortSignal) {
  return api<DataEnvelope<Post>>(`${DETAILS_PATH[type]}${id}`, { signal }).then((r) => r.data);
}

export function fetchAboutUs() {
  return api<DataEnvelope<Post | null>>('/my-account/public/articles/about-us').then((r) => r.data);
}

export function fetchFaqs() {
  return api<DataEnvelope<Post[]>>('/my-account/public/articles/faqs').then((r) => r.data);
}

export function fetchNews() {
  return api<DataEnvelope<Post[]>>('/my-account/public/articles/news').then((r) => r.data);
}

export function fetchPopupAndNews() {
  return api<DataEnvelope<{ news: Post | null; popup: Post | null }>>('/my-account/public/articles/popup_and_news', { silent: true }).then(
    (r) => r.data,
  );
}

/** The address of a post's public page; the slug is only for people reading the link. */
export function postPagePath(post: Pick<Post, 'id' | 'type' | 'title'>): string {
  const slug = post.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `/${POST_PATHS[post.type]}/details/${post.id}${slug ? `/${encodeURIComponent(slug)}` : ''}`;
}
