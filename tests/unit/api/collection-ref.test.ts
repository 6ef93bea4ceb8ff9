import { describe, expect, it } from "vitest";
import { classifyIdentifier, matchCollectionRef, type CollectionRef } from "@/lib/services/collection-ref";

describe("classifyIdentifier", () => {
  it.each([
    ["3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f", "uuid"],
    ["3F2B8C1E-9A4D-4C6B-8E2F-1A2B3C4D5E6F", "uuid"],
    ["7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", "address"],
    ["So11111111111111111111111111111111111111112", "address"],
    ["11111111111111111111111111111111", "address"],
    ["neon-foxes", "shortId"],
    ["Drop_01", "shortId"],
    ["ab", "shortId"],
    ["a".repeat(64), "shortId"],
    ["0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl", "shortId"], // 32 chars but not base58
  ] as const)("%s → %s", (identifier, kind) => {
    expect(classifyIdentifier(identifier)).toBe(kind);
  });

  it.each([
    ["empty", ""],
    ["one character", "a"],
    ["65 characters", "a".repeat(65)],
    ["10 KB", "x".repeat(10_240)],
    ["space", "neon foxes"],
    ["slash", "a/b"],
    ["dot dot", ".."],
    ["NUL", "drop\u0000"],
    ["fullwidth letters", "ｄｒｏｐ"],
    ["emoji", "drop😀"],
    ["right-to-left override", "drop\u202e"],
    ["combining accent", "dro\u0301p"],
    ["percent-encoding", "drop%20x"],
    ["SQL", "' OR 1=1 --"],
  ])("rejects %s", (_name, identifier) => {
    expect(classifyIdentifier(identifier)).toBeNull();
  });
});

describe("matchCollectionRef", () => {
  const refs: CollectionRef[] = [
    {
      id: "3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f",
      shortId: "neon",
      collectionAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
      chain: "solana-localnet",
      name: "Neon",
      launchStatus: "live",
    },
    // A short ID that looks like an address: matched too.
    {
      id: "00000000-0000-4000-8000-000000000002",
      shortId: "So11111111111111111111111111111111111111112",
      collectionAddress: null,
      chain: "solana-localnet",
      name: null,
      launchStatus: "coming_soon",
    },
  ];

  it("matches by UUID in any case, by address exactly, and by short ID", () => {
    expect(matchCollectionRef(refs, "3F2B8C1E-9A4D-4C6B-8E2F-1A2B3C4D5E6F")).toBe(refs[0]);
    expect(matchCollectionRef(refs, "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe(refs[0]);
    expect(matchCollectionRef(refs, "neon")).toBe(refs[0]);
    expect(matchCollectionRef(refs, "So11111111111111111111111111111111111111112")).toBe(refs[1]);
  });

  it("never changes an address's case", () => {
    expect(matchCollectionRef(refs, "7XKXTG2CW87D97TXJSDPBD5JBKHETQA83TZRUJOSGASU")).toBeNull();
    expect(matchCollectionRef(refs, "NEON")).toBeNull();
  });

  it("returns null for unknown or malformed identifiers", () => {
    expect(matchCollectionRef(refs, "other")).toBeNull();
    expect(matchCollectionRef(refs, "neon\u0000")).toBeNull();
    expect(matchCollectionRef([], "neon")).toBeNull();
  });
});
