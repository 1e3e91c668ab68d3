import { describe, expect, it } from 'vitest';
import { cardPicture, contentType, durationText, isoDuration, postIdParam, postVideo } from './public-posts';

describe('public post rules', () => {
  it('know the page types by their address', () => {
    expect(contentType('blogs')).toBe('blog');
    expect(contentType('tutorials')).toBe('tutorial');
    expect(contentType('articles')).toBe('article');
    expect(contentType('podcasts')).toBeNull();
    expect(contentType('toString')).toBeNull();
    expect(contentType(undefined)).toBeNull();
    expect(postIdParam('12')).toBe(12);
    expect(postIdParam('0')).toBeNull();
    expect(postIdParam('12abc')).toBeNull();
  });

  it('play YouTube from youtube-nocookie.com, Vimeo from its player, files in <video>, other pages by a link', () => {
    const nocookie = { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(postVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(nocookie);
    expect(postVideo('https://youtu.be/dQw4w9WgXcQ?t=3')).toEqual(nocookie);
    expect(postVideo('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(nocookie);
    expect(postVideo('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(nocookie);
    expect(postVideo('https://vimeo.com/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(postVideo('https://player.vimeo.com/video/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(postVideo('/post-media/1b2c.mp4')).toEqual({ kind: 'file', src: '/post-media/1b2c.mp4' });
    expect(postVideo('https://cdn.example.org/v/intro.webm')).toEqual({ kind: 'file', src: 'https://cdn.example.org/v/intro.webm' });
    expect(postVideo('https://example.org/watch/intro')).toEqual({ kind: 'link', href: 'https://example.org/watch/intro' });
    expect(postVideo('javascript:alert(1)')).toBeNull();
    expect(postVideo('https://www.youtube.com/watch?v=<x>')).toEqual({ kind: 'link', href: 'https://www.youtube.com/watch?v=%3Cx%3E' });
    expect(postVideo(null)).toBeNull();
  });

  it('show durations without empty hours, in Bangla digits in Bangla', () => {
    expect(durationText('00:05:30', 'en')).toBe('05:30');
    expect(durationText('01:05:30', 'en')).toBe('1:05:30');
    expect(durationText('00:12:05', 'bn')).toBe('১২:০৫');
    expect(durationText('1:75:00', 'en')).toBe('');
    expect(durationText(null, 'en')).toBe('');
    expect(isoDuration('01:05:30')).toBe('PT1H5M30S');
  });
});

describe('the picture of a card', () => {
  it('is the cover, or a YouTube tutorial’s own thumbnail, or none', () => {
    expect(cardPicture({ cover: '/post-media/a.png', video_url: 'https://youtu.be/dQw4w9WgXcQ' })).toBe('/post-media/a.png');
    expect(cardPicture({ cover: null, video_url: 'https://youtu.be/dQw4w9WgXcQ' })).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(cardPicture({ cover: null, video_url: 'https://vimeo.com/76979871' })).toBeNull();
    expect(cardPicture({ cover: null, video_url: null })).toBeNull();
  });
});
