import { describe, expect, it } from 'vitest';
import { isPdf, isPlayerReady, videoEmbed, vimeoId, youtubeId } from './media-embed';

const here = 'http://dhaka.localhost:8080';
const yt = (query = '') => `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&origin=${encodeURIComponent(here)}${query}`;

describe('video embeds', () => {
  it('turns YouTube watch, short and share links into nocookie players with the JS API', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbed(url, here)?.src, url).toBe(yt());
      expect(videoEmbed(url, here)?.watchUrl, url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    }
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?t=42', here)?.src).toBe(yt('&start=42'));
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', here)).toMatchObject({
      host: 'youtube',
      src: yt('&start=90'),
      watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s',
    });
  });
  it('turns Vimeo links into player links', () => {
    for (const url of ['https://vimeo.com/76979871', 'https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871']) {
      expect(videoEmbed(url)).toMatchObject({ host: 'vimeo', src: 'https://player.vimeo.com/video/76979871', watchUrl: 'https://vimeo.com/76979871' });
    }
  });
  it('keeps every frame on the origins the CSP allows', () => {
    const allowed = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];
    for (const url of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871']) expect(allowed).toContain(new URL(videoEmbed(url)!.src).origin);
  });
  it('leaves other videos to the <video> element', () => {
    expect(videoEmbed('https://cdn.example.com/lesson.mp4')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/watch')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/feed/trending')).toBeNull();
    expect(videoEmbed('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbed('not a url')).toBeNull();
    expect(videoEmbed(null)).toBeNull();
    expect(youtubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(vimeoId('https://vimeo.com/about')).toBeNull();
  });
});

describe('player ready messages', () => {
  const embed = videoEmbed('https://youtu.be/dQw4w9WgXcQ', here)!;
  it('accepts the player telling it is up, from its own origin only', () => {
    expect(isPlayerReady(embed, 'https://www.youtube-nocookie.com', '{"event":"onReady","id":1}')).toBe(true);
    expect(isPlayerReady(embed, 'https://www.youtube-nocookie.com', '{"event":"initialDelivery","info":{}}')).toBe(true);
    expect(isPlayerReady(embed, 'https://evil.example', '{"event":"onReady"}')).toBe(false);
    expect(isPlayerReady(embed, 'https://www.youtube-nocookie.com', 'not json')).toBe(false);
    expect(isPlayerReady(embed, 'https://www.youtube-nocookie.com', '{"event":"listening"}')).toBe(false);
    expect(isPlayerReady(videoEmbed('https://vimeo.com/1')!, 'https://player.vimeo.com', { event: 'ready' })).toBe(true);
  });
});

describe('PDF detection', () => {
  it('uses the MIME type when known, else the file name', () => {
    expect(isPdf('https://s3.example/x?sig=1', 'application/pdf')).toBe(true);
    expect(isPdf('https://s3.example/a.pdf', 'application/vnd.ms-powerpoint')).toBe(false);
    expect(isPdf('https://s3.example/Notes.PDF?X-Amz-Signature=abc', null)).toBe(true);
    expect(isPdf('https://s3.example/slides.pptx', null)).toBe(false);
    expect(isPdf(null)).toBe(false);
  });
});
