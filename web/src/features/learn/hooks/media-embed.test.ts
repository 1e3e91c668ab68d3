import { describe, expect, it } from 'vitest';
import { isPdf, videoEmbedUrl, vimeoId, youtubeId } from './media-embed';

describe('video embed addresses', () => {
  it('turns YouTube watch, short and share links into embed links', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=42')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?start=42');
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?start=90');
    expect(videoEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });
  it('turns Vimeo links into player links', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://vimeo.com/channels/staffpicks/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });
  it('leaves other videos to the <video> element', () => {
    expect(videoEmbedUrl('https://cdn.example.com/lesson.mp4')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/feed/trending')).toBeNull();
    expect(videoEmbedUrl('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
    expect(youtubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(vimeoId('https://vimeo.com/about')).toBeNull();
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
