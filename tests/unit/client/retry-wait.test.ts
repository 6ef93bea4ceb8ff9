// How long a read waits before its next attempt: 300 ms then 900 ms (±20 % jitter), or the
// server's Retry-After when it is short enough; null means "do not retry this".
import { describe, expect, it } from "vitest";
import type { HttpOutcome } from "@/lib/client/http";
import { retryWaitMs } from "@/lib/client/policies";

const policy = { backoffMs: 300, maxRetryAfterSeconds: 10 };
const response = (
  status: number,
  headers: Record<string, string> = {},
  body: Record<string, unknown> = {},
): HttpOutcome => ({
  kind: "response",
  status,
  headers: new Headers(headers),
  body,
});

describe("retryWaitMs", () => {
  it("backs off 300 ms then 900 ms, jittered by at most 20 %", () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect(retryWaitMs({ kind: "timeout" }, 1, policy, low)).toBeCloseTo(240);
    expect(retryWaitMs({ kind: "timeout" }, 1, policy, high)).toBeCloseTo(360);
    expect(retryWaitMs({ kind: "network", cause: null }, 2, policy, () => 0.5)).toBeCloseTo(900);
    expect(retryWaitMs(response(503), 2, policy, () => 0.5)).toBeCloseTo(900);
  });

  it("waits Retry-After seconds (header first, then the body's retryAfter), up to the cap", () => {
    expect(retryWaitMs(response(429, { "Retry-After": "2" }, { retryAfter: 7 }), 1, policy)).toBe(2_000);
    expect(retryWaitMs(response(429, {}, { retryAfter: 3 }), 1, policy)).toBe(3_000);
    expect(retryWaitMs(response(503, { "Retry-After": "10" }), 1, policy)).toBe(10_000);
    expect(retryWaitMs(response(429, { "Retry-After": "11" }), 1, policy)).toBeNull();
  });

  it("does not retry other 4xx or a garbled success", () => {
    for (const status of [400, 401, 403, 404, 409, 410]) expect(retryWaitMs(response(status), 1, policy)).toBeNull();
    expect(retryWaitMs({ kind: "invalid", status: 200, headers: new Headers(), text: "<html>" }, 1, policy)).toBeNull();
    expect(
      retryWaitMs({ kind: "invalid", status: 502, headers: new Headers(), text: "<html>" }, 1, policy, () => 0.5),
    ).toBeCloseTo(300);
  });
});
