// The bench's profile summary counts only the samples of the window it is given: the mint
// rows between two instants of the monotonic clock (npm run bench:profile), or a profile's
// last milliseconds (the rush), so the no-op rows around them do not hide the mint path.
import { describe, expect, it } from "vitest";
import { summariseProfile } from "@/bench/cpu-profile";

const frame = (id: number, functionName: string, url = "") => ({
  id,
  callFrame: { functionName, url, lineNumber: 0 },
});

// Starts at 1,000,000 µs; one sample each ms: 3 of the no-op route, 4 of a prepare, 3 of the no-op route.
const profile = {
  startTime: 1_000_000,
  nodes: [
    frame(1, "(root)"),
    frame(2, "health", "node:http"),
    frame(3, "prepareMint", `file://${process.cwd()}/.next/server/x.js`),
  ],
  samples: [2, 2, 2, 3, 3, 3, 3, 2, 2, 2],
  timeDeltas: Array<number>(10).fill(1000),
};

describe("summariseProfile", () => {
  it("counts the samples between two instants of the clock", () => {
    const { frames, totalMs } = summariseProfile(profile, { fromUs: 1_003_500, toUs: 1_007_500 });
    expect(totalMs).toBe(4);
    expect(frames).toEqual([["prepareMint .next/server/x.js:1", 4]]);
  });

  it("counts the profile's last milliseconds", () => {
    const { frames, totalMs } = summariseProfile(profile, { lastMs: 5 });
    expect(totalMs).toBe(6);
    expect(Object.fromEntries(frames)).toEqual({ "health node:http:1": 3, "prepareMint .next/server/x.js:1": 3 });
  });

  it("counts every sample without a window", () => {
    expect(summariseProfile(profile).totalMs).toBe(10);
  });
});
