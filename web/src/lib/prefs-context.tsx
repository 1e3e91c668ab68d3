// Accessibility preferences: text size and high contrast (kept in localStorage `a11y`).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export interface Prefs {
  fontScale: number;
  highContrast: boolean;
}

interface PrefsValue extends Prefs {
  setFontScale: (v: number) => void;
  setHighContrast: (v: boolean) => void;
}

const KEY = 'a11y';
export const FONT_SCALES = [0.875, 1, 1.125, 1.25, 1.375];

function load(): Prefs {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || '{}');
    return {
      fontScale: FONT_SCALES.includes(p.fontScale) ? p.fontScale : 1,
      highContrast: !!p.highContrast,
    };
  } catch {
    return { fontScale: 1, highContrast: false };
  }
}

const PrefsContext = createContext<PrefsValue | null>(null);

export function PrefsProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState<Prefs>(load);
  useEffect(() => {
    document.documentElement.style.fontSize = `${prefs.fontScale * 100}%`;
    try {
      localStorage.setItem(KEY, JSON.stringify(prefs));
    } catch {
      /* ignore */
    }
  }, [prefs]);
  const setFontScale = useCallback((v: number) => setPrefs((p) => ({ ...p, fontScale: v })), []);
  const setHighContrast = useCallback((v: boolean) => setPrefs((p) => ({ ...p, highContrast: v })), []);
  const value = useMemo(() => ({ ...prefs, setFontScale, setHighContrast }), [prefs, setFontScale, setHighContrast]);
  return <PrefsContext.Provider value={value}>{children}</PrefsContext.Provider>;
}

export function usePrefs(): PrefsValue {
  const ctx = useContext(PrefsContext);
  if (!ctx) throw new Error('usePrefs outside PrefsProvider');
  return ctx;
}
