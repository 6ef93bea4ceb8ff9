import { describe, expect, it } from "vitest";
import { orderByPopularity, parseMintedSearch } from "@/lib/domain/minted-feed";

describe("parseMintedSearch", () => {
  it("ignores an absent or blank search", () => {
    expect(parseMintedSearch(undefined)).toBeNull();
    expect(parseMintedSearch("   ")).toBeNull();
  });

  it("reads a number, with or without #, as an exact token or edition number", () => {
    expect(parseMintedSearch(" #42 ")).toEqual({ text: "#42", number: 42, walletPrefix: null });
    expect(parseMintedSearch("7")).toEqual({ text: "7", number: 7, walletPrefix: null });
    expect(parseMintedSearch("1234567890")?.number).toBeNull();
  });

  it("reads 4+ base58 characters as a wallet prefix as well, case kept", () => {
    expect(parseMintedSearch("Mira")).toEqual({ text: "Mira", number: null, walletPrefix: "Mira" });
    expect(parseMintedSearch("7xKX")).toEqual({ text: "7xKX", number: null, walletPrefix: "7xKX" });
    // 0, O, I and l are not base58; three characters are too few.
    expect(parseMintedSearch("Orin")?.walletPrefix).toBeNull();
    expect(parseMintedSearch("abc")?.walletPrefix).toBeNull();
    expect(parseMintedSearch("tide pool")?.walletPrefix).toBeNull();
  });
});

describe("orderByPopularity", () => {
  it("puts the most reactions first and keeps page order on ties", () => {
    const page: Array<{ id: string; reactions: Record<string, number> }> = [
      { id: "a", reactions: {} },
      { id: "b", reactions: { "🔥": 1 } },
      { id: "c", reactions: { "🔥": 2, "✨": 1 } },
      { id: "d", reactions: { "❤️": 1 } },
    ];
    expect(orderByPopularity(page).map((item) => item.id)).toEqual(["c", "b", "d", "a"]);
    expect(page.map((item) => item.id)).toEqual(["a", "b", "c", "d"]);
  });
});
