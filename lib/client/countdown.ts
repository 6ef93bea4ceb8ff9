// Countdowns against the server clock, never the device clock. A response carries ms-until
// values computed by the server at `serverTime`; the client subtracts only the time elapsed
// since it received that response, measured with the monotonic performance.now().
// STUB: interface fixed; implementation lands with lib/client work.
"use client";

/**
 * Milliseconds left until the moment that was `msAtReceipt` away when the response arrived at
 * `receivedAt` (performance.now()). Re-renders every second (every 250 ms in the last 10 s);
 * returns 0 once reached and calls onElapsed once. null in → null out.
 */
export function useCountdown(msAtReceipt: number | null, receivedAt: number, onElapsed?: () => void): number | null {
  void receivedAt;
  void onElapsed;
  return msAtReceipt;
}

/** "2d 04:05:06", "04:05:06" or "05:06". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3_600);
  const m = Math.floor((total % 3_600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d}d ${pad(h)}:${pad(m)}:${pad(s)}`;
  if (h > 0) return `${pad(h)}:${pad(m)}:${pad(s)}`;
  return `${pad(m)}:${pad(s)}`;
}
