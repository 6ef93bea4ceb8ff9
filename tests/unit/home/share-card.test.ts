// Share-image words: only characters the bundled image font can draw (anything else would
// make next/og fetch a font from the internet), the price of the first active phase else the
// next upcoming one, and our own SVG art embedded as a data: URL (nothing else is fetched).
import { describe, expect, it } from "vitest";
import type { Phase } from "@/lib/schemas/collection";
import { artDataUrl, drawableText, sharePhase } from "@/app/_components/share-card";
import { renderDemoArt } from "@/lib/art/demo-art";

const SITE = "http://localhost:3000";

function phase(name: string, status: Phase["status"], startDate: string | null): Phase {
  return {
    id: "00000000-0000-4000-8000-000000000000",
    name,
    status,
    startDate,
    endDate: null,
    priceDisplay: { kind: "amount", amount: 1, currency: "SOL", isFree: false },
    bogo: null,
    isGated: false,
    maxPerWallet: null,
    maxPerTransaction: null,
    phaseSupply: null,
    soldOut: false,
    msUntilStart: null,
    msUntilEnd: null,
  };
}

describe("drawableText", () => {
  it("keeps Latin text, accents, Cyrillic and common punctuation", () => {
    expect(drawableText("Solstice Sprites")).toBe("Solstice Sprites");
    expect(drawableText("Café – “Noël” · ≈ 0.1 SOL")).toBe("Café – “Noël” · ≈ 0.1 SOL");
    expect(drawableText("Привет")).toBe("Привет");
  });

  it("drops emoji and symbols the font lacks, and collapses the gaps", () => {
    expect(drawableText("🚀 Moon ✦ Shot 🌙")).toBe("Moon Shot");
    expect(drawableText("日本")).toBe("");
  });

  it("cuts long text with an ellipsis", () => {
    expect(drawableText("a".repeat(80), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("sharePhase", () => {
  it("the first active phase wins", () => {
    const picked = sharePhase({
      active: [phase("Allowlist", "active", null)],
      upcoming: [phase("Public", "upcoming", "2026-12-01T00:00:00Z")],
    });
    expect(picked?.name).toBe("Allowlist");
  });

  it("else the upcoming phase that starts first", () => {
    const picked = sharePhase({
      active: [],
      upcoming: [
        phase("Later", "upcoming", "2026-12-05T00:00:00Z"),
        phase("Sooner", "upcoming", "2026-12-01T00:00:00Z"),
      ],
    });
    expect(picked?.name).toBe("Sooner");
  });

  it("none when every phase is over", () => {
    expect(sharePhase({ active: [], upcoming: [] })).toBeNull();
  });
});

describe("artDataUrl", () => {
  it("draws our own /art SVG in-process as a data: URL", () => {
    const url = artDataUrl(`${SITE}/art/sprites/cover.svg`, SITE);
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(url!.split(",")[1]!, "base64").toString()).toBe(renderDemoArt("sprites", "cover.svg"));
  });

  it("site-relative paths work too", () => {
    expect(artDataUrl("/art/aurora/cover.svg", SITE)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("art elsewhere, unknown art or no art: no URL (a colored block)", () => {
    expect(artDataUrl("https://cdn.example/art/sprites/cover.svg", SITE)).toBeNull();
    expect(artDataUrl(`${SITE}/art/sprites/9999.svg`, SITE)).toBeNull();
    expect(artDataUrl(`${SITE}/images/cover.png`, SITE)).toBeNull();
    expect(artDataUrl(null, SITE)).toBeNull();
  });
});
