import { describe, expect, it } from "vitest";
import { dutchPrice } from "@/lib/domain/dutch-auction";
import { dutchConfigOf, dutchConfigSchema, type DutchConfig } from "@/lib/domain/phase-config";

const SOL = 1_000_000_000n;
const MIN = 60_000;
// Base 1 SOL, −0.1 SOL per 10 quiet minutes down to 0.25, +0.5 SOL while 3+ mints land in 30 minutes, at most 1.3 SOL.
const config: DutchConfig = dutchConfigSchema.parse({
  basePrice: "1000000000",
  floorPrice: "250000000",
  ceilingPrice: "1300000000",
  decayAmount: "100000000",
  decayIntervalMinutes: 10,
  surgePremium: "500000000",
  surgeThreshold: 3,
  surgeWindowMinutes: 30,
});
const start = new Date("2030-01-01T00:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MIN);
const quiet = { startedAt: start, lastMintAt: null, mintsInWindow: 0, totalMints: 0 };

describe("dutchPrice", () => {
  it("starts at the base price and holds it before the start and within the first interval", () => {
    expect(dutchPrice(config, { ...quiet, now: at(-5) })).toEqual({
      price: SOL,
      basePrice: SOL,
      decayApplied: 0n,
      surgeApplied: 0n,
      decayIntervals: 0,
      isSurging: false,
    });
    expect(dutchPrice(config, { ...quiet, now: at(9.999) }).price).toBe(SOL);
  });

  it("drops one decay step per full quiet interval", () => {
    expect(dutchPrice(config, { ...quiet, now: at(10) })).toMatchObject({
      price: 900_000_000n,
      decayApplied: 100_000_000n,
      decayIntervals: 1,
    });
    expect(dutchPrice(config, { ...quiet, now: at(35) })).toMatchObject({
      price: 700_000_000n,
      decayApplied: 300_000_000n,
      decayIntervals: 3,
    });
  });

  it("restarts the decay clock at the last mint", () => {
    const state = { startedAt: start, lastMintAt: at(50), mintsInWindow: 1, totalMints: 4 };
    expect(dutchPrice(config, { ...state, now: at(65) })).toMatchObject({
      price: 900_000_000n,
      decayIntervals: 1,
      isSurging: false,
    });
  });

  it("counts held supply as demand: no decay while a reservation holds, decay again from when it ended", () => {
    // Held without a break since the start (issue 21): the price stays at the base.
    expect(dutchPrice(config, { ...quiet, lastHeldAt: at(95), now: at(95) }).price).toBe(SOL);
    // The last hold ended at minute 50: one full interval since, at minute 65.
    expect(dutchPrice(config, { ...quiet, lastHeldAt: at(50), now: at(65) })).toMatchObject({
      price: 900_000_000n,
      decayIntervals: 1,
    });
  });

  it("clamps the decay at the floor, and reports only the decay that took effect", () => {
    expect(dutchPrice(config, { ...quiet, now: at(600) })).toEqual({
      price: 250_000_000n,
      basePrice: SOL,
      decayApplied: 750_000_000n,
      surgeApplied: 0n,
      decayIntervals: 60,
      isSurging: false,
    });
  });

  it("adds the surge premium once the window reaches the threshold", () => {
    const state = { startedAt: start, lastMintAt: at(55), totalMints: 5, now: at(80) };
    expect(dutchPrice(config, { ...state, mintsInWindow: 2 })).toMatchObject({
      price: 800_000_000n,
      isSurging: false,
      surgeApplied: 0n,
    });
    expect(dutchPrice(config, { ...state, mintsInWindow: 3 })).toEqual({
      price: 1_300_000_000n,
      basePrice: SOL,
      decayApplied: 200_000_000n,
      surgeApplied: 500_000_000n,
      decayIntervals: 2,
      isSurging: true,
    });
  });

  it("clamps a surge at the ceiling", () => {
    const surging = { startedAt: start, lastMintAt: at(1), mintsInWindow: 7, totalMints: 7, now: at(2) };
    expect(dutchPrice(config, surging)).toEqual({
      price: 1_300_000_000n,
      basePrice: SOL,
      decayApplied: 0n,
      surgeApplied: 300_000_000n,
      decayIntervals: 0,
      isSurging: true,
    });
  });

  it("keeps the base price when there is no start and no mint to count from", () => {
    expect(
      dutchPrice(config, { now: at(1000), startedAt: null, lastMintAt: null, mintsInWindow: 0, totalMints: 0 }).price,
    ).toBe(SOL);
  });

  it("rejects settings whose floor, base and ceiling are out of order", () => {
    const phase = {
      priceModel: "dutch",
      dutchConfig: {
        ...config,
        basePrice: "2000000000",
        floorPrice: "1",
        ceilingPrice: "3",
        decayAmount: "1",
        surgePremium: "1",
      },
    };
    expect(dutchConfigOf(phase)).toBeNull();
    expect(dutchConfigOf({ priceModel: "fixed", dutchConfig: {} })).toBeNull();
  });
});
