// Lesson media: YouTube and Vimeo links become embeddable player addresses; PDFs are shown inline.

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

/** The iframe address for a YouTube or Vimeo link; null for any other video (played in <video>). */
export function videoEmbedUrl(url: string | null | undefined): string | null {
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
    return `https://www.youtube.com/embed/${yt}${start ? `?start=${start}` : ''}`;
  }
  const vm = vimeoId(url);
  if (vm) return `https://player.vimeo.com/video/${vm}`;
  return null;
}

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
