// Each site's entries have a colour of their own, the same on every visit and every device: picked
// from a fixed palette by a hash of the site's slug. The colours are dark enough for white text
// (contrast at least 4.5:1, checked by the tests).

export const SITE_PALETTE = [
  '#1565c0', // blue
  '#2e7d32', // green
  '#6a1b9a', // purple
  '#c62828', // red
  '#00695c', // teal
  '#ad1457', // pink
  '#4e342e', // brown
  '#283593', // indigo
  '#bf360c', // deep orange
  '#37474f', // blue grey
  '#00707a', // cyan
  '#7b5e00', // ochre
] as const;

/** FNV-1a over the slug's UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function siteColour(slug: string): string {
  return SITE_PALETTE[hash(slug) % SITE_PALETTE.length];
}
