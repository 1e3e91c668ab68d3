/**
 * Styles (`sx`) for text only screen readers read: a legend, a live announcement, a column's
 * name where the design shows none. (In `sx`, `width: 1` would be 100 %: hence the strings.)
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
