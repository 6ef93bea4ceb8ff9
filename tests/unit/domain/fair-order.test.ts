import { describe, expect, it } from "vitest";
import { fairCommitment, fairOrder, newFairSeed } from "@/lib/domain/fair-order";
import { isFairSeedPublic } from "@/lib/domain/fair-reveal";

const SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

describe("fairOrder", () => {
  it("is a permutation of the token range, the same for the same seed", () => {
    const order = fairOrder(SEED, { from: 1, to: 100 });
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(fairOrder(SEED, { from: 1, to: 100 })).toEqual(order);
    expect(order).not.toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
  it("differs with another seed, and keeps a range's own ids", () => {
    expect(fairOrder(newFairSeed(), { from: 1, to: 100 })).not.toEqual(fairOrder(SEED, { from: 1, to: 100 }));
    expect([...fairOrder(SEED, { from: 50, to: 54 })].sort()).toEqual([50, 51, 52, 53, 54]);
    expect(fairOrder(SEED, { from: 7, to: 7 })).toEqual([7]);
  });
  it("pins the published rule: this seed gives this order and commitment (the verification script must agree)", () => {
    const order = fairOrder(SEED, { from: 1, to: 10 });
    expect(order).toMatchInlineSnapshot(`
      [
        6,
        8,
        2,
        7,
        9,
        1,
        10,
        4,
        5,
        3,
      ]
    `);
    expect(fairCommitment(SEED, order)).toMatchInlineSnapshot(
      `"ba343f74a4e61ebaa4060d86797ee24abaf5b7141294856b5ee327c3a80d12ff"`,
    );
  });
  it("refuses a malformed seed or range", () => {
    expect(() => fairOrder("abc", { from: 1, to: 2 })).toThrow(/seed/);
    expect(() => fairOrder(SEED, { from: 3, to: 2 })).toThrow(/range/);
  });
});

describe("isFairSeedPublic", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const open = { startDate: new Date("2026-05-01T00:00:00Z"), endDate: null };
  const ended = { startDate: new Date("2026-05-01T00:00:00Z"), endDate: new Date("2026-05-20T00:00:00Z") };
  it("keeps the seed while anything can still be minted", () => {
    expect(isFairSeedPublic({ totalSupply: 10, minted: 9, phases: [open] }, now)).toBe(false);
    expect(isFairSeedPublic({ totalSupply: 10, minted: 3, phases: [ended, open] }, now)).toBe(false);
    expect(isFairSeedPublic({ totalSupply: 10, minted: 0, phases: [] }, now)).toBe(false);
  });
  it("publishes it once sold out or every phase ended", () => {
    expect(isFairSeedPublic({ totalSupply: 10, minted: 10, phases: [open] }, now)).toBe(true);
    expect(isFairSeedPublic({ totalSupply: 10, minted: 3, phases: [ended] }, now)).toBe(true);
  });
});
