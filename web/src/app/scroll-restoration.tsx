// Scroll positions across navigation (react-router's <ScrollRestoration> needs its data router,
// which this app does not use; see router.tsx): a new page starts at the top (or at its #hash),
// back/forward and reload return to where the page was left.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) || '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const positions = typeof window === 'undefined' ? {} : readPositions();

export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        /* storage full or unavailable */
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useEffect(() => {
    const onScroll = () => {
      positions[key] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions[key];
    if (type === 'POP' && saved != null) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
    // Only a navigation (a new location key) moves the page.
  }, [key]);

  return null;
}
