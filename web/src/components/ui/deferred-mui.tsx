// Stand-ins for the MUI components of menus, dialogs, pop-ups, tooltips and toasts. Their code
// (deferred-mui-parts.ts) stays out of the page's first download and is fetched once the browser is
// idle after start-up (with a mouse; see loadWhenIdle), or when one of them is first opened:
// - overlays (Menu, Dialog, Popper, Snackbar, Collapse, Zoom) draw nothing until first opened,
//   then stay mounted so that their closing transition runs;
// - Tooltip shows its child bare until the code is there;
// - the parts drawn inside an overlay (MenuItem, Switch, ...) are there by the time it opens.
// They take the same props as the MUI components they stand for.
import type * as Mui from '@mui/material';
import { Box } from '@mui/material';
import { Component, lazy, Suspense, use, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type Parts = typeof import('./deferred-mui-parts');

/** Code of a deferred component that could not be fetched (offline, a deploy replaced it). */
class DeferredLoadError extends Error {
  constructor(cause: unknown) {
    super('deferred component code could not be loaded', { cause });
  }
}

let parts: Parts | undefined;
let loading: Promise<Parts> | undefined;
const listeners = new Set<() => void>();

/** Fetch the deferred MUI chunk (once). */
export function loadDeferredMui(): Promise<Parts> {
  loading ??= import('./deferred-mui-parts').then(
    (m) => {
      parts = m;
      listeners.forEach((l) => l());
      return m;
    },
    (err: unknown) => {
      loading = undefined; // offline: the next opening tries again
      throw new DeferredLoadError(err);
    },
  );
  return loading;
}

/** Run once the page has loaded and the browser is idle. */
export function whenIdle(run: () => void) {
  if (typeof window === 'undefined') return;
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

let pageLoaded = false;

/** Pictures on the screen still loading (the page's largest element is often one). */
function picturesOnScreen(): HTMLImageElement[] {
  return [...document.images].filter((img) => {
    if (img.complete) return false;
    const r = img.getBoundingClientRect();
    return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
  });
}

/**
 * True once the pictures on the screen have loaded and the browser is idle after that, or `capMs`
 * after the first render, whichever comes first: for code that would otherwise compete with the
 * page's largest picture on a slow connection. Later renders (navigation) get true at once.
 */
export function useAfterLoad(capMs = 3000): boolean {
  const [ready, setReady] = useState(pageLoaded);
  useEffect(() => {
    if (ready) return;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      pageLoaded = true;
      setReady(true);
    };
    // After this commit: the page's first pictures are in the document by now.
    const pending = picturesOnScreen();
    let left = pending.length;
    const settle = () => whenIdle(finish);
    if (left === 0) settle();
    for (const img of pending) {
      const one = () => --left === 0 && settle();
      img.addEventListener('load', one, { once: true });
      img.addEventListener('error', one, { once: true });
    }
    const timer = setTimeout(finish, capMs);
    return () => {
      done = true;
      clearTimeout(timer);
    };
  }, [ready, capMs]);
  return ready;
}

/** Renders `children` (lazy parts below the fold, hidden on phones...) once useAfterLoad says so. */
export function AfterLoad({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return <>{useAfterLoad() ? children : fallback}</>;
}

let idleScheduled = false;
/**
 * With a mouse, tooltips are wanted soon: the chunk is fetched once idle. On touch screens it waits
 * for the first overlay opened (phones on mobile data keep ~40 KB for the page's own needs).
 */
function loadWhenIdle() {
  if (idleScheduled || typeof window === 'undefined') return;
  idleScheduled = true;
  if (window.matchMedia?.('(hover: hover) and (pointer: fine)').matches) whenIdle(() => void loadDeferredMui().catch(() => undefined));
}

/**
 * React.lazy for a component a page needs only sometimes (its error state): the code is fetched
 * once the browser is idle, so that it is there even if the connection drops later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function idleLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  whenIdle(() => void load().catch(() => undefined));
  return lazy(load);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The deferred chunk once loaded (re-renders then); schedules its idle-time fetch. */
function useParts(): Parts | undefined {
  const loaded = useSyncExternalStore(subscribe, () => parts, () => undefined);
  useEffect(loadWhenIdle, []);
  return loaded;
}

type AnyProps = Record<string, unknown>;

/**
 * Code that could not be fetched (offline) leaves the overlay closed instead of failing the page;
 * opening it again retries.
 */
class Quiet extends Component<{ open: boolean; children: ReactNode }, { error: unknown; open: boolean }> {
  state = { error: null as unknown, open: this.props.open };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { open: boolean }, state: { error: unknown; open: boolean }) {
    if (props.open === state.open) return null;
    return { open: props.open, error: props.open ? null : state.error };
  }
  render() {
    if (this.state.error instanceof DeferredLoadError) return null;
    if (this.state.error) throw this.state.error; // the page's own error boundary shows it
    return this.props.children;
  }
}

/** A part drawn inside an overlay: renders from the chunk, suspending until it is there. */
function part<K extends keyof Parts>(name: K) {
  function Deferred(props: AnyProps) {
    const mod = parts ?? use(loadDeferredMui());
    const Component = mod[name] as ComponentType<AnyProps>;
    return <Component {...props} />;
  }
  Deferred.displayName = `Deferred${name}`;
  return Deferred;
}

/**
 * An overlay that draws nothing until its `open` (or `in`) prop is first true, then loads and
 * stays mounted.
 */
function overlay<K extends keyof Parts>(name: K, openProp: 'open' | 'in' = 'open') {
  const Inner = part(name);
  function Deferred(props: AnyProps) {
    const open = !!props[openProp];
    const [used, setUsed] = useState(open);
    useParts();
    if (open && !used) setUsed(true);
    if (!used && !open) return null;
    return (
      <Quiet open={open}>
        <Suspense fallback={null}>
          <Inner {...props} />
        </Suspense>
      </Quiet>
    );
  }
  Deferred.displayName = `Deferred${name}`;
  return Deferred;
}

/** Renders `children` alone until the tooltip code is there. */
function DeferredTooltip(props: Mui.TooltipProps) {
  const loaded = useParts();
  if (!loaded) return props.children;
  return <loaded.Tooltip {...props} />;
}

export const Tooltip = DeferredTooltip as typeof Mui.Tooltip;
export const Menu = overlay('Menu') as unknown as typeof Mui.Menu;
export const Dialog = overlay('Dialog') as unknown as typeof Mui.Dialog;
export const Popper = overlay('Popper') as unknown as typeof Mui.Popper;
export const Snackbar = overlay('Snackbar') as unknown as typeof Mui.Snackbar;
export const Collapse = overlay('Collapse', 'in') as unknown as typeof Mui.Collapse;
export const Zoom = overlay('Zoom', 'in') as unknown as typeof Mui.Zoom;
export const Alert = part('Alert') as unknown as typeof Mui.Alert;
export const AlertTitle = part('AlertTitle') as unknown as typeof Mui.AlertTitle;
export const DialogContent = part('DialogContent') as unknown as typeof Mui.DialogContent;
export const DialogTitle = part('DialogTitle') as unknown as typeof Mui.DialogTitle;
export const Divider = part('Divider') as unknown as typeof Mui.Divider;
export const Fab = part('Fab') as unknown as typeof Mui.Fab;
export const LinearProgress = part('LinearProgress') as unknown as typeof Mui.LinearProgress;
export const ListItemButton = part('ListItemButton') as unknown as typeof Mui.ListItemButton;
export const ListItemIcon = part('ListItemIcon') as unknown as typeof Mui.ListItemIcon;
export const ListItemText = part('ListItemText') as unknown as typeof Mui.ListItemText;
export const MenuItem = part('MenuItem') as unknown as typeof Mui.MenuItem;
export const Switch = part('Switch') as unknown as typeof Mui.Switch;

/**
 * A component of our own that is only drawn once opened (a drawer, a dialog): its module is
 * fetched when `open` is first true and it stays mounted afterwards.
 */
export function deferredOverlay<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw new DeferredLoadError(err);
    }));
  function Inner(props: P) {
    const Loaded = use(fetchOnce());
    return <Loaded {...props} />;
  }
  return function DeferredOverlay(props: P): ReactNode {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used && !props.open) return null;
    return (
      <Quiet open={props.open}>
        <Suspense fallback={null}>
          <Inner {...props} />
        </Suspense>
      </Quiet>
    );
  };
}

let toggle: Promise<typeof import('./deferred-toggle')> | undefined;
const loadToggle = () => (toggle ??= import('./deferred-toggle'));

function DeferredToggleButton(props: Mui.ToggleButtonProps) {
  const { ToggleButton } = use(loadToggle());
  return <ToggleButton {...props} />;
}

/**
 * ToggleButtonGroup (and its ToggleButton) drawn once the page has loaded, a box of about its size
 * standing in meanwhile: the language switch of wide headers, hidden on phones.
 */
function DeferredToggleButtonGroup(props: Mui.ToggleButtonGroupProps) {
  const box = <Box sx={{ width: 88, height: 32 }} />;
  return (
    <AfterLoad fallback={box}>
      <Suspense fallback={box}>
        <LoadedToggleButtonGroup {...props} />
      </Suspense>
    </AfterLoad>
  );
}
function LoadedToggleButtonGroup(props: Mui.ToggleButtonGroupProps) {
  const { ToggleButtonGroup } = use(loadToggle());
  return <ToggleButtonGroup {...props} />;
}
export const LateToggleButtonGroup = DeferredToggleButtonGroup as typeof Mui.ToggleButtonGroup;
export const LateToggleButton = DeferredToggleButton as typeof Mui.ToggleButton;
