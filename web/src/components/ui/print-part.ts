// Printing one part of a page alone (an event's ticket, a training's meal sheet): while the body
// has the part's class, everything but the element marked `data-print-<part>` is hidden on paper,
// and whatever is marked `data-print-hide` (its buttons) takes no room.

/** The print styles of `part` (for a GlobalStyles). */
export function printPartStyles(part: string) {
  const printing = `body.printing-${part}`;
  const marked = `[data-print-${part}]`;
  return {
    '@media print': {
      [`${printing} *`]: { visibility: 'hidden' },
      [`${printing} ${marked}, ${printing} ${marked} *`]: { visibility: 'visible' },
      [`${printing} ${marked}`]: { position: 'absolute', left: 0, top: 0, width: '100%', boxShadow: 'none' },
      [`${printing} [data-print-hide]`]: { display: 'none' },
    },
  } as const;
}

/** Prints `part` alone. */
export function printPart(part: string) {
  const cls = `printing-${part}`;
  document.body.classList.add(cls);
  const done = () => document.body.classList.remove(cls);
  window.addEventListener('afterprint', done, { once: true });
  window.print();
  // Browsers whose print() returns before printing send afterprint; the others are done here.
  setTimeout(done, 1000);
}
