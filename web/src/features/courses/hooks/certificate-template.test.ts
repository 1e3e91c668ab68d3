import { describe, expect, it } from 'vitest';
import { clampPlacement, DEFAULT_PLACEMENT, FONT_MAX, previewFontSize, templateBody, templateValues } from './certificate-template';

describe('certificate template', () => {
  it('keeps placements inside the page and font sizes in range', () => {
    const p = clampPlacement({ name: { x: 120, y: -5, size: 500 }, course: { x: 33.333, y: 50, size: 3 } });
    expect(p.name).toEqual({ x: 100, y: 0, size: FONT_MAX });
    expect(p.course).toEqual({ x: 33.3, y: 50, size: 8 });
    expect(p.date).toEqual(DEFAULT_PLACEMENT.date);
    expect(clampPlacement({ name: { x: Number.NaN } }).name.x).toBe(DEFAULT_PLACEMENT.name.x);
  });

  it('sends images only when changed and at most three signatures', () => {
    const initial = templateValues(
      { id: 4, name: 'Default', language: 'bn', background: 'http://x/bg.png', logo: null, signatures: [], placement: DEFAULT_PLACEMENT },
      'bn',
    );
    const v = {
      ...initial,
      name: ' Main ',
      logo: 'data:image/png;base64,AAAA',
      signatures: [
        { name: 'A', title: 'Principal' },
        { name: '', title: '' },
        { name: 'B', title: '' },
        { name: 'C', title: 'x' },
        { name: 'D', title: 'y' },
      ],
    };
    const body = templateBody(v, { background: initial.background, logo: initial.logo });
    expect(body.id).toBe(4);
    expect(body.name).toBe('Main');
    expect(body).not.toHaveProperty('background');
    expect(body.logo).toBe('data:image/png;base64,AAAA');
    expect(body.signatures.map((s) => s.name)).toEqual(['A', 'B', 'C']);
    expect(templateBody({ ...initial, background: null }, initial).background).toBeNull();
    expect(templateBody(templateValues(null, 'en'), { background: null, logo: null })).not.toHaveProperty('id');
  });

  it('scales the font with the preview width', () => {
    expect(previewFontSize(842)).toBe('100.000cqw');
    expect(previewFontSize(16.84)).toBe('2.000cqw');
  });
});
