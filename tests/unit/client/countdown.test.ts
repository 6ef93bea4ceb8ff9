// Countdowns against the server's ms-until values: the time left is what the server said
// minus the time elapsed since receipt on the monotonic clock; ticks land on each shown
// second (every 250 ms in the last 10 s); elapse is reported once. Driven by a fake clock.
import { describe, expect, it } from "vitest";
import { createCountdown, nextTickDelayMs, remainingMs, type CountdownTimer } from "@/lib/client/countdown";

/** A timer whose clock moves only in `runNext`, to the due time of the next callback. */
function fakeTimer(start = 1_000) {
  let now = start;
  let nextId = 1;
  const pending = new Map<number, { due: number; callback: () => void }>();
  const timer: CountdownTimer = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      pending.set(id, { due: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return {
    timer,
    pendingCount: () => pending.size,
    advance: (ms: number) => (now += ms),
    /** Runs the earliest callback; false when none is pending. */
    runNext() {
      const next = [...pending.entries()].sort((a, b) => a[1].due - b[1].due)[0];
      if (!next) return false;
      pending.delete(next[0]);
      now = next[1].due;
      next[1].callback();
      return true;
    },
  };
}

function recorder(timer: CountdownTimer) {
  const ticks: number[] = [];
  let elapsed = 0;
  const countdown = createCountdown(timer, { onTick: (left) => ticks.push(left), onElapsed: () => (elapsed += 1) });
  return { countdown, ticks, elapsedCount: () => elapsed };
}

describe("remainingMs", () => {
  it("subtracts only the time since receipt, never going below 0", () => {
    expect(remainingMs(5_000, 100, 100)).toBe(5_000);
    expect(remainingMs(5_000, 100, 1_600)).toBe(3_500);
    expect(remainingMs(5_000, 100, 9_000)).toBe(0);
    // A receipt time after `now` (a newer response) counts as no time elapsed.
    expect(remainingMs(5_000, 2_000, 1_000)).toBe(5_000);
  });
});

describe("nextTickDelayMs", () => {
  it("waits until the next whole second shown, then 250 ms steps in the last 10 s", () => {
    expect(nextTickDelayMs(15_300)).toBe(300);
    expect(nextTickDelayMs(15_000)).toBe(1_000);
    expect(nextTickDelayMs(10_001)).toBe(1);
    expect(nextTickDelayMs(10_000)).toBe(250);
    expect(nextTickDelayMs(600)).toBe(250);
    expect(nextTickDelayMs(100)).toBe(100);
  });
});

describe("createCountdown", () => {
  it("counts down to 0 on the fake clock, reports elapse once and stops ticking", () => {
    const clock = fakeTimer();
    const { countdown, ticks, elapsedCount } = recorder(clock.timer);
    countdown.start(12_500, clock.timer.now());
    while (clock.runNext());
    expect(ticks.slice(0, 4)).toEqual([12_500, 12_000, 11_000, 10_000]);
    expect(ticks.slice(4, 8)).toEqual([9_750, 9_500, 9_250, 9_000]);
    expect(ticks.at(-1)).toBe(0);
    expect(ticks).toHaveLength(4 + 40);
    expect(elapsedCount()).toBe(1);
    expect(clock.pendingCount()).toBe(0);
  });

  it("counts from the receipt time, not from when it started", () => {
    const clock = fakeTimer();
    const { countdown, ticks } = recorder(clock.timer);
    const receivedAt = clock.timer.now();
    clock.advance(2_000);
    countdown.start(30_000, receivedAt);
    expect(ticks).toEqual([28_000]);
  });

  it("restarts for a fresh response, and does not report elapse for one already at 0", () => {
    const clock = fakeTimer();
    const { countdown, ticks, elapsedCount } = recorder(clock.timer);
    countdown.start(0, clock.timer.now());
    expect(ticks).toEqual([0]);
    expect(elapsedCount()).toBe(0);
    expect(clock.pendingCount()).toBe(0);

    countdown.start(3_000, clock.timer.now());
    expect(clock.pendingCount()).toBe(1);
    countdown.start(5_000, clock.timer.now());
    expect(clock.pendingCount()).toBe(1); // the old countdown's timer is gone
    while (clock.runNext());
    expect(elapsedCount()).toBe(1);

    // A re-read that still says 0 (the server catching up) is not a second elapse.
    countdown.start(0, clock.timer.now());
    expect(elapsedCount()).toBe(1);
  });

  it("reports elapse when a fresh response shows the moment has passed while it was running", () => {
    const clock = fakeTimer();
    const { countdown, elapsedCount } = recorder(clock.timer);
    countdown.start(5_000, clock.timer.now());
    clock.advance(300);
    countdown.start(0, clock.timer.now());
    expect(elapsedCount()).toBe(1);
  });

  it("forgets the last value on clear, and stop leaves no timer behind", () => {
    const clock = fakeTimer();
    const { countdown, elapsedCount } = recorder(clock.timer);
    countdown.start(5_000, clock.timer.now());
    countdown.clear();
    expect(clock.pendingCount()).toBe(0);
    countdown.start(0, clock.timer.now());
    expect(elapsedCount()).toBe(0);
    countdown.start(5_000, clock.timer.now());
    countdown.stop();
    expect(clock.pendingCount()).toBe(0);
  });
});
