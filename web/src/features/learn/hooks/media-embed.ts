// Lesson media: YouTube and Vimeo links become embeddable players; PDFs are shown inline.
// Frames stay on the origins the Content-Security-Policy allows: www.youtube-nocookie.com,
// www.youtube.com and player.vimeo.com.

const YT_ID = /^[A-Za-z0-9_-]{6,}$/;

function parseStart(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!m || !value) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** YouTube id of a watch / short / embed / youtu.be address, or null. */
export function youtubeId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') id = u.searchParams.get('v');
    else {
      const m = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname);
      id = m ? m[1] : null;
    }
  }
  return id && YT_ID.test(id) ? id : null;
}

/** Vimeo video id of vimeo.com/123, vimeo.com/channels/x/123 or player.vimeo.com/video/123. */
export function vimeoId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const parts = u.pathname.split('/').filter(Boolean);
  const id = [...parts].reverse().find((p) => /^\d+$/.test(p));
  return id ?? null;
}

export type EmbedHost = 'youtube' | 'vimeo';

export interface VideoEmbed {
  host: EmbedHost;
  /** The iframe address. */
  src: string;
  /** Where the frame's messages come from. */
  origins: string[];
  /** The video on its own site, for the "Open on YouTube" link. */
  watchUrl: string;
}

const YOUTUBE_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];
const VIMEO_ORIGINS = ['https://player.vimeo.com'];

/**
 * The player for a YouTube or Vimeo link; null for any other video (played in <video>). YouTube
 * plays from youtube-nocookie.com with its JS API on (`enablejsapi=1` and the page's origin), so the
 * page can tell whether the player came up.
 */
export function videoEmbed(url: string | null | undefined, pageOrigin?: string): VideoEmbed | null {
  if (!url) return null;
  const yt = youtubeId(url);
  if (yt) {
    let start: number | null = null;
    try {
      const u = new URL(url);
      start = parseStart(u.searchParams.get('t') ?? u.searchParams.get('start'));
    } catch {
      /* checked above */
    }
    const qs = new URLSearchParams({ enablejsapi: '1' });
    if (pageOrigin) qs.set('origin', pageOrigin);
    if (start) qs.set('start', String(start));
    return {
      host: 'youtube',
      src: `https://www.youtube-nocookie.com/embed/${yt}?${qs.toString()}`,
      origins: YOUTUBE_ORIGINS,
      watchUrl: `https://www.youtube.com/watch?v=${yt}${start ? `&t=${start}s` : ''}`,
    };
  }
  const vm = vimeoId(url);
  if (vm) return { host: 'vimeo', src: `https://player.vimeo.com/video/${vm}`, origins: VIMEO_ORIGINS, watchUrl: `https://vimeo.com/${vm}` };
  return null;
}

/** Events by which the YouTube (onReady, initialDelivery, infoDelivery) or Vimeo (ready) player says it is up. */
const READY_EVENTS = new Set(['onReady', 'initialDelivery', 'infoDelivery', 'ready']);

/** A message from the embedded player saying it loaded. */
export function isPlayerReady(embed: Pick<VideoEmbed, 'origins'>, origin: string, data: unknown): boolean {
  if (!embed.origins.includes(origin)) return false;
  let msg: unknown = data;
  if (typeof data === 'string') {
    try {
      msg = JSON.parse(data);
    } catch {
      return false;
    }
  }
  const event = msg && typeof msg === 'object' ? (msg as { event?: unknown }).event : undefined;
  return typeof event === 'string' && READY_EVENTS.has(event);
}

/** What the page says to a YouTube player to hear from it (the iframe API's handshake). */
export const YOUTUBE_LISTENING = JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });

/** A PDF, by MIME type or by the address's file name. */
export function isPdf(url: string | null | undefined, mime?: string | null): boolean {
  if (mime) return mime.toLowerCase().split(';')[0].trim() === 'application/pdf';
  if (!url) return false;
  try {
    return new URL(url, 'http://x').pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}
