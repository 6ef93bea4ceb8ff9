import { describe, expect, it } from "vitest";
import { isHoldRunning } from "@/lib/domain/reservation-hold";

describe("isHoldRunning", () => {
  const until = new Date("2026-11-25T12:00:00.000Z");
  const at = (offsetMs: number) => new Date(until.getTime() + offsetMs);

  it("holds before the end, and has ended at the end's own millisecond", () => {
    expect([-1, 0, 1].map((ms) => isHoldRunning({ status: "reserved", reservedUntil: until }, at(ms)))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("holds a reserved row without an end; never holds a row that is not reserved", () => {
    expect(isHoldRunning({ status: "reserved", reservedUntil: null }, at(0))).toBe(true);
    expect(isHoldRunning({ status: "available", reservedUntil: until }, at(-1))).toBe(false);
    expect(isHoldRunning({ status: "minted", reservedUntil: null }, at(0))).toBe(false);
  });
});
