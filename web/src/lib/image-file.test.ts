import { describe, expect, it } from 'vitest';
import { checkDataUrl, checkImage, dataUrlBytes, dataUrlType, THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from './image-file';

const dataUrl = (type: string, bytes: number) => `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('image files', () => {
  it('accepts png, jpeg and webp thumbnails up to 1 MB', () => {
    expect(checkImage({ type: 'image/png', size: 10 }, THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBeNull();
    expect(checkImage({ type: 'image/webp', size: THUMBNAIL_MAX_BYTES }, THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBeNull();
    expect(checkImage({ type: 'image/gif', size: 10 }, THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBe('type');
    expect(checkImage({ type: 'image/jpeg', size: THUMBNAIL_MAX_BYTES + 1 }, THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBe('size');
  });

  it('measures the decoded size of a data URL', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 1000, 1001, 1002]) expect(dataUrlBytes(dataUrl('image/png', n))).toBe(n);
    expect(dataUrlBytes('not a data url')).toBeNaN();
    expect(dataUrlType('data:image/JPEG;base64,AAAA')).toBe('image/jpeg');
    expect(dataUrlType('hello')).toBe('');
  });

  it('checks a data URL against the same limits', () => {
    expect(checkDataUrl(dataUrl('image/png', THUMBNAIL_MAX_BYTES), THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBeNull();
    expect(checkDataUrl(dataUrl('image/png', THUMBNAIL_MAX_BYTES + 1), THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBe('size');
    expect(checkDataUrl(dataUrl('image/svg+xml', 10), THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBe('type');
    expect(checkDataUrl('data:image/png,rawtext', THUMBNAIL_TYPES, THUMBNAIL_MAX_BYTES)).toBe('size');
  });
});
