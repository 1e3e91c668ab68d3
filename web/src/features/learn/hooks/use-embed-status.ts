import { useCallback, useEffect, useRef, useState } from 'react';
import { isPlayerReady, YOUTUBE_LISTENING, type VideoEmbed } from './media-embed';

/** How long an embedded player may take to say it is up before the page offers the link instead. */
export const EMBED_TIMEOUT_MS = 8_000;
const HANDSHAKE_EVERY_MS = 1_000;

export type EmbedStatus = 'loading' | 'ready' | 'failed';

/**
 * Whether an embedded player came up: ready on its first message (YouTube's JS API answers the
 * "listening" handshake; Vimeo says "ready"), failed on an iframe error or after EMBED_TIMEOUT_MS
 * of silence (blocked, offline, removed video, a network that filters YouTube...).
 */
export function useEmbedStatus(embed: VideoEmbed, timeoutMs = EMBED_TIMEOUT_MS) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [status, setStatus] = useState<EmbedStatus>('loading');

  useEffect(() => {
    setStatus('loading');
    let settled = false;
    const settle = (s: EmbedStatus) => {
      if (settled) return;
      settled = true;
      setStatus(s);
      window.clearTimeout(timer);
      window.clearInterval(handshake);
    };
    const onMessage = (e: MessageEvent) => {
      if (frame.current && e.source === frame.current.contentWindow && isPlayerReady(embed, e.origin, e.data)) settle('ready');
    };
    const hello = () => {
      if (embed.host !== 'youtube') return;
      try {
        frame.current?.contentWindow?.postMessage(YOUTUBE_LISTENING, '*');
      } catch {
        /* the frame is gone */
      }
    };
    window.addEventListener('message', onMessage);
    const timer = window.setTimeout(() => settle('failed'), timeoutMs);
    const handshake = window.setInterval(hello, HANDSHAKE_EVERY_MS);
    return () => {
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
      window.clearInterval(handshake);
    };
  }, [embed, timeoutMs]);

  const onLoad = useCallback(() => {
    if (embed.host === 'youtube') frame.current?.contentWindow?.postMessage(YOUTUBE_LISTENING, '*');
  }, [embed]);
  const onError = useCallback(() => setStatus('failed'), []);
  return { frame, status, onLoad, onError };
}
