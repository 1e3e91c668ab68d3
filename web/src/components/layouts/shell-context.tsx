// App-wide shell behaviour: Alt+K shortcut list, Alt+/ accessibility menu.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { deferredOverlay } from '../ui/deferred-mui';
import { A11Y_BUTTON_ID } from '../ui/accessibility-menu';

const ShortcutsDialog = deferredOverlay(() => import('../ui/shortcuts-dialog').then((m) => m.ShortcutsDialog));

interface ShellValue {
  openShortcuts: () => void;
}
const ShellContext = createContext<ShellValue>({ openShortcuts: () => {} });

export function focusAccessibilityMenu() {
  const el = document.getElementById(A11Y_BUTTON_ID) as HTMLButtonElement | null;
  if (el) {
    el.focus();
    el.click();
  }
}

export function ShellProvider({ children }: { children: ReactNode }) {
  const [shortcuts, setShortcuts] = useState(false);
  const openShortcuts = useCallback(() => setShortcuts(true), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.code === 'KeyK' || e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setShortcuts(true);
      } else if (e.code === 'Slash' || e.key === '/') {
        e.preventDefault();
        focusAccessibilityMenu();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const value = useMemo(() => ({ openShortcuts }), [openShortcuts]);
  return (
    <ShellContext.Provider value={value}>
      {children}
      <ShortcutsDialog open={shortcuts} onClose={() => setShortcuts(false)} />
    </ShellContext.Provider>
  );
}

export function useShell() {
  return useContext(ShellContext);
}
