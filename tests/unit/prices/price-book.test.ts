// The price book's caching rules, on a controlled clock with in-memory sources.
import { afterEach, describe, expect, it } from "vitest";
import { setLogDestination } from "@/lib/log";
import { PriceBook } from "@/lib/prices";
import { staticPriceSource } from "@/lib/prices/static-prices";
import type { PriceSource } from "@/lib/prices/price-source";

function flakySource(prices: Record<string, number>) {
  const state = { calls: 0, failing: false };
  const source: PriceSource = {
    name: "coingecko",
    symbols: ["SOL", "USDC"],
    async fetchUsdPrices() {
      state.calls += 1;
      if (state.failing) throw new Error("down");
      return { ...prices };
    },
  };
  return { source, state };
}

describe("PriceBook", () => {
  it("gives each symbol to the first source listing it and reuses the snapshot for the TTL", async () => {
    let now = 1_000_000;
    const { source, state } = flakySource({ SOL: 150, USDC: 0.99 });
    const book = new PriceBook([staticPriceSource({ USDC: 1 }), source], 60, () => now);
    const [a, b] = await Promise.all([book.snapshot(), book.snapshot()]);
    expect(a).toBe(b);
    expect(state.calls).toBe(1);
    expect(a.quotes).toEqual({
      USDC: { symbol: "USDC", price: 1, source: "static", fetchedAt: 1_000_000 },
      SOL: { symbol: "SOL", price: 150, source: "coingecko", fetchedAt: 1_000_000 },
    });
    expect(a.unavailable).toEqual({});
    now += 59_999;
    await book.snapshot();
    expect(state.calls).toBe(1);
    now += 1;
    expect((await book.snapshot()).takenAt).toBe(1_060_000);
    expect(state.calls).toBe(2);
  });

  it("marks a failing source's symbols unavailable, keeping the last good price for quotes up to 10 TTLs", async () => {
    let now = 0;
    const { source, state } = flakySource({ SOL: 150 });
    const book = new PriceBook([source], 60, () => now);
    expect(await book.usdPrice("sol")).toMatchObject({ price: 150, fetchedAt: 0 });
    state.failing = true;
    now = 61_000;
    expect((await book.snapshot()).quotes.SOL).toBeUndefined();
    // Why, for GET /token-prices' reasons: the whole source failed.
    expect((await book.snapshot()).unavailable).toEqual({
      SOL: { source: "coingecko", cause: "source-failed" },
      USDC: { source: "coingecko", cause: "source-failed" },
    });
    expect(await book.usdPrice("SOL")).toEqual({ symbol: "SOL", price: 150, source: "coingecko", fetchedAt: 0 });
    now = 600_001;
    expect(await book.usdPrice("SOL")).toBeNull();
    expect(await book.usdPrice("USDC")).toBeNull(); // listed, never priced
  });
});

describe("PriceBook logging", () => {
  afterEach(() => setLogDestination());

  it("logs a source that is offline once when it goes down and once when it answers again", async () => {
    const lines: Array<{ level: string; source: string; msg: string }> = [];
    setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) }, "info");
    const said = (level: string) =>
      lines.filter((line) => line.level === level).map((line) => `[${line.source}] ${line.msg}`);
    let now = 0;
    const { source, state } = flakySource({ SOL: 150 });
    const book = new PriceBook([source], 60, () => now);
    state.failing = true;
    for (let refresh = 0; refresh < 5; refresh++, now += 60_000) await book.snapshot();
    expect(state.calls).toBe(5);
    expect(said("warn")).toEqual(["[prices] token price source coingecko unavailable (logged once until it answers)"]);
    state.failing = false;
    await book.snapshot();
    now += 60_000;
    await book.snapshot();
    expect(said("info")).toEqual(["[prices] token price source coingecko answers again"]);
    state.failing = true;
    now += 60_000;
    await book.snapshot();
    expect(said("warn")).toHaveLength(2);
  });
});
