// Countdowns against the server clock, never the device clock. A response carries ms-until
// values computed by the server at `serverTime`; the client subtracts only the time elapsed
// since it received that response, measured with the monotonic performance.now().
"use client";

import { useEffect, useRef, useState } from "react";

/** Below this many ms left the countdown ticks every FINAL_TICK_MS, so "00:00" lands on time. */
export const FINAL_STRETCH_MS = 10_000;
export const FINAL_TICK_MS = 250;

/**
 * Milliseconds left until the moment that was `msAtReceipt` away when the response arrived at
 * `receivedAt` (performance.now()). Re-renders every second (every 250 ms in the last 10 s);
 * returns 0 once reached and calls onElapsed once. null in → null out.
 *
 * onElapsed fires when this countdown goes from time left to none, not when a response
 * arrives already at 0: a page that re-reads the collection on elapse (and gets a 0 again
 * while the server catches up) must not loop.
 */
export function useCountdown(msAtReceipt: number | null, receivedAt: number, onElapsed?: () => void): number | null {
  // The first render shows msAtReceipt itself, so the server's HTML and the hydrating client agree.
  const [state, setState] = useState(() => ({ msAtReceipt, receivedAt, left: msAtReceipt }));
  const onElapsedRef = useRef(onElapsed);
  useEffect(() => {
    onElapsedRef.current = onElapsed;
  });

  // The ref is read when the countdown elapses, never during render (the rule cannot see through the callback).
  // eslint-disable-next-line react-hooks/refs
  const [countdown] = useState(() =>
    createCountdown(browserTimer, {
      onTick: (left, from) => setState({ ...from, left }),
      onElapsed: () => onElapsedRef.current?.(),
    }),
  );
  useEffect(() => {
    if (msAtReceipt === null) {
      countdown.clear();
      return;
    }
    countdown.start(msAtReceipt, receivedAt);
    return () => countdown.stop();
  }, [countdown, msAtReceipt, receivedAt]);

  if (msAtReceipt === null) return null;
  // Until the effect has run for new inputs, show the new value rather than the old countdown's.
  const current = state.msAtReceipt === msAtReceipt && state.receivedAt === receivedAt ? state.left : msAtReceipt;
  return Math.max(0, current ?? msAtReceipt);
}

/** ms left at `now`, never below 0; time before `receivedAt` does not count. */
export function remainingMs(msAtReceipt: number, receivedAt: number, now: number): number {
  return Math.max(0, msAtReceipt - Math.max(0, now - receivedAt));
}

/** When to look again: on the next whole second shown (lib/format's formatCountdown rounds up), 250 ms at the end. */
export function nextTickDelayMs(left: number): number {
  if (left <= FINAL_STRETCH_MS) return Math.max(1, Math.min(FINAL_TICK_MS, left));
  return left % 1000 || 1000;
}

export type CountdownTimer = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const browserTimer: CountdownTimer = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type CountdownInputs = { msAtReceipt: number; receivedAt: number };

/**
 * The ticking, apart from React (so it can be tested on a fake clock). `start` (re)starts it
 * for new inputs; the last value seen survives restarts, so elapse is reported once: when a
 * countdown that had time left reaches 0, including when a fresh response says 0.
 */
export function createCountdown(
  timer: CountdownTimer,
  callbacks: { onTick(left: number, inputs: CountdownInputs): void; onElapsed(): void },
) {
  let handle: unknown = null;
  let lastLeft: number | null = null;

  const stop = () => {
    if (handle !== null) timer.clearTimeout(handle);
    handle = null;
  };

  const tick = (inputs: CountdownInputs) => {
    handle = null;
    const left = remainingMs(inputs.msAtReceipt, inputs.receivedAt, timer.now());
    const elapsedNow = lastLeft !== null && lastLeft > 0 && left === 0;
    lastLeft = left;
    callbacks.onTick(left, inputs);
    if (elapsedNow) callbacks.onElapsed();
    if (left > 0) handle = timer.setTimeout(() => tick(inputs), nextTickDelayMs(left));
  };

  return {
    start(msAtReceipt: number, receivedAt: number) {
      stop();
      tick({ msAtReceipt, receivedAt });
    },
    stop,
    /** Stops and forgets: the next start counts as a new countdown. */
    clear() {
      stop();
      lastLeft = null;
    },
  };
}
