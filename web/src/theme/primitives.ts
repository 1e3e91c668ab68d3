// Design primitives shared by every tenant theme.
export const FONT_STACK = [
  '"Noto Sans"',
  '"Noto Sans Bengali"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(',');

export const RADIUS = 12;
export const HEADER_HEIGHT = 64;
export const SIDEBAR_WIDTH = 264;
export const BOTTOM_BAR_HEIGHT = 60;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
export function isHexColour(value: string | null | undefined): value is string {
  return !!value && HEX.test(value.trim());
}

export function safeColour(value: string | null | undefined, fallback: string): string {
  return isHexColour(value) ? value.trim() : fallback;
}
