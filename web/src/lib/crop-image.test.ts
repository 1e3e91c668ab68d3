import { describe, expect, it } from 'vitest';
import { cropDrawArgs, type DrawArgs } from './crop-image';

const close = (got: DrawArgs | null, want: DrawArgs) => {
  expect(got).not.toBeNull();
  for (const k of Object.keys(want) as (keyof DrawArgs)[]) expect(got![k], k).toBeCloseTo(want[k], 6);
};

describe('cropDrawArgs', () => {
  it('scales an area inside the picture to fill the whole target', () => {
    // A 4:3 area of a 4000 x 3000 photo into the profile size.
    close(cropDrawArgs({ width: 4000, height: 3000 }, { x: 1000, y: 600, width: 1200, height: 900 }, { width: 600, height: 450 }), {
      sx: 1000,
      sy: 600,
      sw: 1200,
      sh: 900,
      dx: 0,
      dy: 0,
      dw: 600,
      dh: 450,
    });
    // A 12:5 strip of a small picture into the cover size: enlarged.
    close(cropDrawArgs({ width: 480, height: 640 }, { x: 0, y: 100, width: 480, height: 200 }, { width: 960, height: 400 }), {
      sx: 0,
      sy: 100,
      sw: 480,
      sh: 200,
      dx: 0,
      dy: 0,
      dw: 960,
      dh: 400,
    });
  });

  it('takes the whole picture when the area is exactly it', () => {
    close(cropDrawArgs({ width: 800, height: 600 }, { x: 0, y: 0, width: 800, height: 600 }, { width: 600, height: 450 }), { sx: 0, sy: 0, sw: 800, sh: 600, dx: 0, dy: 0, dw: 600, dh: 450 });
  });

  it('keeps to the picture when the area reaches past its edges, placing the part where it lies', () => {
    // A rounding pixel past the right and bottom edges.
    close(cropDrawArgs({ width: 1000, height: 750 }, { x: 1, y: 1, width: 1000, height: 750 }, { width: 600, height: 450 }), {
      sx: 1,
      sy: 1,
      sw: 999,
      sh: 749,
      dx: 0,
      dy: 0,
      dw: 599.4,
      dh: 449.4,
    });
    // Zoomed out: the area is larger than the picture, which sits in its middle.
    close(cropDrawArgs({ width: 400, height: 300 }, { x: -100, y: -75, width: 600, height: 450 }, { width: 600, height: 450 }), {
      sx: 0,
      sy: 0,
      sw: 400,
      sh: 300,
      dx: 100,
      dy: 75,
      dw: 400,
      dh: 300,
    });
    // Off the left and top edges, halved on the way.
    close(cropDrawArgs({ width: 2000, height: 2000 }, { x: -200, y: -100, width: 1200, height: 900 }, { width: 600, height: 450 }), {
      sx: 0,
      sy: 0,
      sw: 1000,
      sh: 800,
      dx: 100,
      dy: 50,
      dw: 500,
      dh: 400,
    });
  });

  it('gives nothing to draw for an area beside the picture or for sizes that are not positive', () => {
    expect(cropDrawArgs({ width: 400, height: 300 }, { x: 400, y: 0, width: 100, height: 75 }, { width: 600, height: 450 })).toBeNull();
    expect(cropDrawArgs({ width: 400, height: 300 }, { x: -200, y: -200, width: 100, height: 75 }, { width: 600, height: 450 })).toBeNull();
    expect(cropDrawArgs({ width: 0, height: 300 }, { x: 0, y: 0, width: 100, height: 75 }, { width: 600, height: 450 })).toBeNull();
    expect(cropDrawArgs({ width: 400, height: 300 }, { x: 0, y: 0, width: 0, height: 75 }, { width: 600, height: 450 })).toBeNull();
    expect(cropDrawArgs({ width: 400, height: 300 }, { x: 0, y: 0, width: 100, height: 75 }, { width: 600, height: Number.NaN })).toBeNull();
    expect(cropDrawArgs({ width: 400, height: 300 }, { x: Number.NaN, y: 0, width: 100, height: 75 }, { width: 600, height: 450 })).toBeNull();
  });
});
