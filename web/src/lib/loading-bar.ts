// Top loading bar state (SPEC 4 "Loading bar", SPEC 9 timings): starts after 200 ms, advances
// every 100 ms over 5000 ms, finishes at 100 and hides 500 ms later; a failure marks it failed.

export const LOADING_START_DELAY = 200;
export const LOADING_TOTAL = 5000;
export const LOADING_TICK = 100;
export const LOADING_HIDE_DELAY = 500;

export interface LoadingState {
  visible: boolean;
  percent: number;
  failed: boolean;
}

type Listener = (s: LoadingState) => void;

let state: LoadingState = { visible: false, percent: 0, failed: false };
let active = 0;
let failedDuringRun = false;
let startTimer: ReturnType<typeof setTimeout> | null = null;
let tickTimer: ReturnType<typeof setInterval> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<Listener>();

function set(next: Partial<LoadingState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l(state));
}

function clearTimers() {
  if (startTimer) clearTimeout(startTimer);
  if (tickTimer) clearInterval(tickTimer);
  startTimer = null;
  tickTimer = null;
}

export function startLoading() {
  active += 1;
  if (active > 1) return;
  failedDuringRun = false;
  if (hideTimer) {
    clearTimeout(hideTimer);
    hideTimer = null;
  }
  clearTimers();
  startTimer = setTimeout(() => {
    set({ visible: true, percent: 0, failed: false });
    const step = (100 * LOADING_TICK) / LOADING_TOTAL;
    tickTimer = setInterval(() => {
      // Never reach 100 by timer alone.
      set({ percent: Math.min(95, state.percent + step) });
    }, LOADING_TICK);
  }, LOADING_START_DELAY);
}

export function finishLoading(failed = false) {
  if (active === 0) return;
  if (failed) failedDuringRun = true;
  active -= 1;
  if (active > 0) return;
  const wasVisible = state.visible;
  clearTimers();
  if (!wasVisible) return;
  set({ percent: 100, failed: failedDuringRun });
  hideTimer = setTimeout(() => set({ visible: false, percent: 0, failed: false }), LOADING_HIDE_DELAY);
}

export function subscribeLoading(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function getLoadingState(): LoadingState {
  return state;
}
