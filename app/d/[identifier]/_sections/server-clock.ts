// The server's clock in the browser: the time the server rendered at, moved on by the time
// elapsed since on the monotonic clock. Never the device's wall clock (it may be wrong), and
// the first render uses the server's value as is, so the hydrated text matches the HTML.
"use client";

import { useEffect, useState } from "react";

export function useServerNow(serverNowMs: number, everyMs = 30_000): number {
  const [now, setNow] = useState(serverNowMs);
  useEffect(() => {
    const anchor = performance.now();
    const timer = setInterval(() => setNow(serverNowMs + (performance.now() - anchor)), everyMs);
    return () => clearInterval(timer);
  }, [serverNowMs, everyMs]);
  return now;
}
