import { describe, expect, it } from "vitest";
import { BLOCKHASH_VALID_BLOCKS, BlockClock } from "@/lib/chain/block-clock";

describe("block clock", () => {
  it("advances the height with wall-clock time", async () => {
    const clock = BlockClock.create(10);
    const start = clock.height();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(clock.height()).toBeGreaterThanOrEqual(start + 4n);
  });

  it("hands out a new blockhash per block, each valid for 150 more blocks", () => {
    const clock = BlockClock.create(1e12);
    const first = clock.latest();
    expect(first.lastValidBlockHeight).toBe(clock.height() + BLOCKHASH_VALID_BLOCKS);
    clock.advance(1n);
    const second = clock.latest();
    expect(second.blockhash).not.toBe(first.blockhash);
    expect(clock.isValid(first.blockhash)).toBe(true);
    clock.advance(first.lastValidBlockHeight - clock.height());
    expect(clock.isValid(first.blockhash)).toBe(true);
    clock.advance(1n);
    expect(clock.isValid(first.blockhash)).toBe(false);
    expect(clock.isValid(second.blockhash)).toBe(true);
  });

  it("restores to the same blockhashes and never goes back in height", () => {
    const clock = BlockClock.create(1e12);
    clock.advance(500n);
    const latest = clock.latest();
    const saved = clock.toJSON();
    const restored = BlockClock.restore({ ...saved, anchorHeight: "1" }, 1e12);
    expect(restored.height()).toBe(clock.height()); // maxHeight wins over a smaller anchor
    expect(restored.latest()).toEqual(latest);
    expect(restored.isValid(latest.blockhash)).toBe(true);
  });
});

describe("block clock after a restart", () => {
  it("accepts a blockhash handed out before the restart even after handing out a newer one", () => {
    const clock = BlockClock.create(1e12);
    const old = clock.latest();
    clock.advance(10n);
    const restored = BlockClock.restore(clock.toJSON(), 1e12);
    restored.latest(); // memoizes only the newest height
    expect(restored.isValid(old.blockhash)).toBe(true);
    expect(restored.isValid("11111111111111111111111111111111")).toBe(false);
  });
});
