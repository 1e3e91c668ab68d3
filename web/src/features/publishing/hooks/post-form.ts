// The post editor's values (blogs, tutorials, articles), the checks the server makes again
// (docs/api-publishing.md "Errors"), and the body store / update take. Apart from React so that the
// rules are tested alone.
import { ApiError } from '../../../lib/api-client';
import { asciiDigits, localDigits } from '../../../lib/digits';
import { isHttpUrl } from '../../../lib/link-url';
import { POST_STATUSES, type Post, type PostInput, type PostStatus, type PostType } from '../api/publishing-api';

export interface PostFormValues {
  title: string;
  title_bn: string;
  category_id: number | null;
  summary: string;
  /** The editor's HTML; '' when it holds nothing. */
  body: string;
  /** "/post-media/..." (picked from the file manager) or null. */
  cover: string | null;
  /** Tutorials: an http(s) link or "/post-media/...", as typed or picked. */
  video_url: string;
  /** Tutorials: HH:mm:ss as typed (Bangla digits allowed). */
  duration: string;
  /** Articles. */
  link: string;
  news: boolean;
  popup: boolean;
  tags: string[];
  /** Articles: published at once. */
  publish: boolean;
}

/** The fields the server may refuse, in the form's order. */
export const POST_FIELDS = ['title', 'title_bn', 'category_id', 'summary', 'cover', 'video_url', 'duration', 'body', 'tags', 'link', 'news', 'popup', 'publish'] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** The server's limits. */
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 300;
export const TAGS_MAX = 10;
export const TAG_MAX = 40;
export const URL_MAX = 2000;
export const REASON_MAX = 500;

/** `?status=`: one of the statuses, else every status (''). */
export function statusParam(value: string | null): PostStatus | '' {
  return (POST_STATUSES as readonly string[]).includes(value ?? '') ? (value as PostStatus) : '';
}

/** A new post's values, or a saved one's to edit (its duration in the interface's digits). */
export function postValues(p: Post | null, lang = 'en'): PostFormValues {
  return {
    title: p?.title ?? '',
    title_bn: p?.title_bn ?? '',
    category_id: p?.category_id ?? null,
    summary: p?.summary ?? '',
    body: p?.body ?? '',
    cover: p?.cover ?? null,
    video_url: p?.video_url ?? '',
    duration: p?.duration ? localDigits(p.duration, lang) : '',
    link: p?.link ?? '',
    news: p?.news ?? false,
    popup: p?.popup ?? false,
    tags: p?.tags ?? [],
    publish: p ? p.status === 'published' : false,
  };
}

/**
 * A duration typed as HH:mm:ss (Bangla digits too) in ASCII digits; null when it is not one. As the
 * server reads it: hours of 1 to 3 digits, minutes and seconds of 2 digits below 60.
 */
export function parseDuration(typed: string): string | null {
  const v = asciiDigits(typed.trim());
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(v);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}:${m[3]}` : null;
}

/** A picture or video a post may hold: an http(s) link or one of the site's post media. */
export function isMediaUrl(value: string): boolean {
  return isHttpUrl(value) || /^\/post-media\/[\w.-]+$/.test(value);
}

/** Whether the editor's HTML holds anything: text, a picture or a video. */
export function hasBody(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** What is wrong with the values before they are sent (the server checks again), per field, as a code. */
export function postProblems(type: PostType, v: PostFormValues): Partial<Record<PostField, string>> {
  const out: Partial<Record<PostField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (v.title.trim().length > TITLE_MAX) out.title = 'too_long';
  if (v.title_bn.trim().length > TITLE_MAX) out.title_bn = 'too_long';
  if (v.category_id == null) out.category_id = 'required';
  if (v.summary.trim().length > SUMMARY_MAX) out.summary = 'summary_too_long';
  if (!hasBody(v.body)) out.body = 'required';
  if (v.tags.length > TAGS_MAX || v.tags.some((tag) => tag.length > TAG_MAX)) out.tags = 'too_many_tags';
  if (type === 'tutorial') {
    const video = v.video_url.trim();
    if (!video) out.video_url = 'video_required';
    else if (!isMediaUrl(video)) out.video_url = 'invalid_url';
    if (v.duration.trim() && !parseDuration(v.duration)) out.duration = 'duration_format';
  }
  if (type === 'article' && v.link.trim() && !isHttpUrl(v.link.trim())) out.link = 'invalid_url';
  return out;
}

/**
 * The body of store / update: trimmed texts, empty ones as null, and only the fields of the type.
 * Blogs and tutorials say whether they go for approval (`submit`); articles whether they are
 * published at once.
 */
export function postBody(type: PostType, v: PostFormValues, submit: boolean): PostInput {
  const body: PostInput = {
    title: v.title.trim(),
    title_bn: v.title_bn.trim() || null,
    category_id: v.category_id,
    summary: v.summary.trim(),
    body: v.body,
    cover: v.cover,
    tags: v.tags,
  };
  if (type === 'tutorial') {
    body.video_url = v.video_url.trim() || null;
    body.duration = v.duration.trim() ? (parseDuration(v.duration) ?? asciiDigits(v.duration.trim())) : null;
  }
  if (type === 'article') {
    body.link = v.link.trim() || null;
    body.news = v.news;
    body.popup = v.popup;
    body.publish = v.publish;
  } else {
    body.submit = submit;
  }
  return body;
}

/** A tag as kept: its spaces folded; '' for none. */
export function cleanTag(typed: string): string {
  return typed.replace(/\s+/g, ' ').trim().replace(/^#/, '');
}

/** The tags with `typed` added (split at commas), without repeats, at most TAGS_MAX. */
export function addTags(tags: string[], typed: string[]): string[] {
  const out = [...tags];
  for (const raw of typed.flatMap((t) => t.split(/[,،]/))) {
    const tag = cleanTag(raw).slice(0, TAG_MAX);
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase()) && out.length < TAGS_MAX) out.push(tag);
  }
  return out;
}
