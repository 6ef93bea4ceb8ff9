// The pure rules behind `npm run drop`: Sugar's dates and SOL amounts, the allowList Merkle
// root, guards merged into phases (and what cannot be honoured), and what update may change.
import { describe, expect, it } from "vitest";
import { allowListMerkleRoot } from "@/lib/domain/allowlist-merkle";
import { judgeUpdate, type DropShape } from "@/lib/domain/drop-update-rules";
import { NOTED_GUARDS, phasesFromGuards, REFUSED_GUARDS, SUPPORTED_GUARDS } from "@/lib/domain/sugar-guards";
import { parseSugarDate, solToLamports, zonelessSugarDate } from "@/lib/domain/sugar-values";

const TREASURY = "B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d";
const OTHER = "11111111111111111111111111111112";

describe("Sugar values", () => {
  it("reads the date forms Sugar's docs use, in UTC or with an offset, and nothing ambiguous", () => {
    expect(parseSugarDate("2025-01-01 00:00:00 +0000")?.toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(parseSugarDate("2025-06-01T18:30:00+02:00")?.toISOString()).toBe("2025-06-01T16:30:00.000Z");
    for (const bad of ["next Tuesday", "2025-02-30", "06/01/2025", "2025-06-01 25:00:00", ""])
      expect(parseSugarDate(bad)).toBeNull();
  });

  it("refuses a zoneless date (Sugar reads it in the machine's local time) and says how it reads in UTC", () => {
    for (const zoneless of ["2025-06-01", "2025-06-01 18:00:00", "2025-06-01T18:00"]) {
      expect(parseSugarDate(zoneless)).toBeNull();
      expect(zonelessSugarDate(zoneless)).not.toBeNull();
    }
    expect(zonelessSugarDate("2025-06-01 18:00:00")?.toISOString()).toBe("2025-06-01T18:00:00.000Z");
    expect(zonelessSugarDate("2025-06-01 18:00:00 +0000")).toBeNull();
    expect(zonelessSugarDate("next Tuesday")).toBeNull();
  });

  it("turns SOL into exact lamports (0.3 SOL is 300,000,000, not Sugar's truncated float)", () => {
    expect(solToLamports(0.3)).toBe(300_000_000n);
    expect(solToLamports(1.5)).toBe(1_500_000_000n);
    expect(solToLamports(0)).toBe(0n);
    expect(() => solToLamports(0.0000000001)).toThrow(/more than 9 decimals/);
    expect(() => solToLamports(-1)).toThrow();
  });

  it("computes the allowList root Metaplex's tooling computes (checked against merkletreejs 0.6 with sortPairs, odd leaf count)", () => {
    const wallets = [
      "Ur1CbWSGsXCdedknRbJsEk7urwAvu1uddmQv51nAnXB",
      "sXCd5XqvBeZMNb3rkCPGHt4UJMiHvdEJbg4nPjKVuGz",
      "RbJs2dxC8ndaJ1ccQ75WGaGQ4bVkWLEvFUQZ8fBk5fk",
      "rwAvGQTRN4y87mHwZbFhwUdNnywWV7hn9qhjd86oRBy",
      "6Cr5EhqWHmacAVGhJGGyuYDoHJZVEJuyXdz5tQxqKg5f",
    ];
    expect(allowListMerkleRoot(wallets)).toBe("943d8fbca37dc357afe9ccfc91069fd34f95ccc0a24d67884a0c3f8a8e3ea194");
    expect(allowListMerkleRoot([])).toBe("");
  });
});

describe("guards to phases", () => {
  it("merges the default guards under each group's own, named by its label", () => {
    const { phases, problems } = phasesFromGuards({
      guards: {
        default: { solPayment: { value: 0.1, destination: TREASURY }, startDate: { date: "2025-01-01T00:00:00Z" } },
        groups: [
          {
            label: "og",
            guards: {
              solPayment: { value: 0.05, destination: TREASURY },
              addressGate: { address: OTHER },
              mintLimit: { id: 1, limit: 1 },
            },
          },
          { label: "public", guards: { redeemedAmount: { maximum: 80 }, allocation: { id: 2, limit: 50 } } },
        ],
      },
      walletFiles: new Map(),
    });
    expect(problems).toEqual([]);
    expect(phases[0]).toMatchObject({
      name: "og",
      price: 50_000_000n,
      allowlist: [OTHER],
      maxPerWallet: 1,
      startDate: new Date("2025-01-01T00:00:00Z"),
    });
    expect(phases[1]).toMatchObject({
      name: "public",
      price: 100_000_000n,
      allowlist: null,
      phaseSupply: 50,
      treasury: TREASURY,
    });
  });

  it("a config without groups is one phase", () => {
    const { phases } = phasesFromGuards({ guards: { default: {}, groups: null }, walletFiles: new Map() });
    expect(phases).toEqual([expect.objectContaining({ label: null, name: "Mint", price: 0n })]);
  });

  it("refuses what Candy Guard and Dropmint would count differently, naming the path", () => {
    const { problems } = phasesFromGuards({
      guards: {
        default: { mintLimit: { id: 1, limit: 3 } },
        groups: [
          {
            label: "a",
            guards: {
              solPayment: { value: 1, destination: TREASURY },
              tokenGate: { amount: 1, mint: OTHER },
              nftGate: { requiredCollection: OTHER },
            },
          },
          { label: "a", guards: { solPayment: { value: 1, destination: OTHER } } },
        ],
      },
      walletFiles: new Map(),
    });
    const at = problems.map((p) => p.path);
    expect(at).toContain("guards.default.mintLimit.id");
    expect(at).toContain("guards.groups[0].guards.nftGate");
    expect(at).toContain("guards.groups[1].label");
    expect(at).toContain("guards.groups[1].guards.solPayment.destination");
  });

  it("refuses an allocation id shared by two groups, which Candy Guard counts as one (issue 23, item 6)", () => {
    const shared = phasesFromGuards({
      guards: {
        default: {},
        groups: [
          { label: "og", guards: { allocation: { id: 2, limit: 100 } } },
          { label: "wl", guards: { allocation: { id: 2, limit: 100 } } },
          { label: "pub", guards: { allocation: { id: 3, limit: 50 } } },
        ],
      },
      walletFiles: new Map(),
    });
    expect(shared.problems.map((p) => [p.path, p.message])).toEqual([
      ["guards.groups[0].guards.allocation.id", expect.stringMatching(/allocation id 2 applies to 2 groups/)],
      ["guards.groups[1].guards.allocation.id", expect.stringMatching(/allocation id 2 applies to 2 groups/)],
    ]);
    const inDefault = phasesFromGuards({
      guards: {
        default: { allocation: { id: 0, limit: 10 } },
        groups: [
          { label: "a", guards: {} },
          { label: "b", guards: {} },
        ],
      },
      walletFiles: new Map(),
    });
    expect(inDefault.problems.map((p) => p.path)).toEqual(["guards.default.allocation.id"]);
  });
});

describe("what update may change", () => {
  const shape = (over: Partial<DropShape> = {}): DropShape => ({
    name: "Moths",
    symbol: "MOTH",
    description: null,
    image: "/media/a",
    bannerImage: null,
    externalUrl: null,
    twitter: null,
    discord: null,
    treasury: TREASURY,
    sellerFeeBasisPoints: 500,
    creators: [{ address: TREASURY, share: 100 }],
    fair: true,
    assetsHash: null,
    placeholderImage: null,
    revealAt: null,
    nfts: new Map([
      [0, "a"],
      [1, "b"],
    ]),
    phases: [{ label: "public", name: "Public", settings: "x", phaseSupply: 5 }],
    claimCodes: "[]",
    bounties: "[]",
    ...over,
  });

  it("before the first mint: assets, prices and royalties change; the name and symbol never", () => {
    const next = shape({
      nfts: new Map([[0, "a2"]]),
      sellerFeeBasisPoints: 700,
      phases: [{ label: "public", name: "Public", settings: "y", phaseSupply: 5 }],
      symbol: "MOTHS",
    });
    const verdict = judgeUpdate(shape(), next, { minted: 0, phaseMints: [0] });
    expect(verdict.refusals).toEqual([expect.stringMatching(/^The symbol cannot change/)]);
    expect(verdict.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Assets: 2 → 1 NFTs/),
        expect.stringMatching(/^Royalties/),
        "Phase 1 (Public): settings changed",
      ]),
    );
  });

  it("after the first mint: sold phases, assets, royalties, the commitment and codes are frozen; prices are not", () => {
    const sold = { minted: 3, phaseMints: [3] };
    expect(
      judgeUpdate(
        shape(),
        shape({ phases: [{ label: "public", name: "Public", settings: "y", phaseSupply: 5 }] }),
        sold,
      ),
    ).toEqual({
      changes: ["Phase 1 (Public): settings changed"],
      refusals: [],
    });
    const verdict = judgeUpdate(
      shape(),
      shape({
        nfts: new Map([
          [0, "a"],
          [1, "b2"],
        ]),
        creators: [],
        assetsHash: "h",
        phases: [{ label: "public", name: "Public", settings: "x", phaseSupply: 2 }],
        claimCodes: "[1]",
      }),
      sold,
    );
    expect(verdict.refusals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The assets cannot change \(token 1\): 3 NFTs are already minted/),
        expect.stringMatching(/^The creators cannot change/),
        expect.stringMatching(/^The hidden settings' hash cannot change/),
        expect.stringMatching(/supply cannot drop to 2: 3 were minted in it/),
        expect.stringMatching(/^The claim codes cannot change/),
      ]),
    );
    expect(judgeUpdate(shape(), shape({ phases: [] }), sold).refusals).toEqual([
      expect.stringMatching(/Phase 1 \(Public\) cannot be removed: 3 NFTs were minted in it/),
    ]);
  });
});

describe("redeemedAmount counts the whole machine on Candy Guard (issue 23, item 5)", () => {
  it("refuses a default redeemedAmount with groups, which would become one cap per phase", () => {
    const { problems } = phasesFromGuards({
      guards: {
        default: { redeemedAmount: { maximum: 100 } },
        groups: [
          { label: "og", guards: {} },
          { label: "pub", guards: {} },
        ],
      },
      walletFiles: new Map(),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        path: "guards.default.redeemedAmount",
        message: expect.stringMatching(/stops the whole machine at 100 mints/),
      }),
    ]);
  });

  it("keeps it without groups, where the one phase is the whole machine", () => {
    const { problems, phases } = phasesFromGuards({
      guards: { default: { redeemedAmount: { maximum: 100 } }, groups: null },
      walletFiles: new Map(),
    });
    expect(problems).toEqual([]);
    expect(phases[0]!.phaseSupply).toBe(100);
  });
});

describe("every guard Sugar knows has one answer (issue 23: /docs lists each)", () => {
  // The guards of Sugar 2.9.1's CandyGuardData (src/config/guard_data.rs), in its camelCase.
  const SUGAR_GUARDS = [
    "botTax",
    "solPayment",
    "tokenPayment",
    "startDate",
    "thirdPartySigner",
    "tokenGate",
    "gatekeeper",
    "endDate",
    "allowList",
    "mintLimit",
    "nftPayment",
    "redeemedAmount",
    "addressGate",
    "nftGate",
    "nftBurn",
    "tokenBurn",
    "freezeSolPayment",
    "freezeTokenPayment",
    "programGate",
    "allocation",
    "token2022Payment",
  ];

  it("is honoured, kept with a note, or refused with a reason, and never two of these", () => {
    const tables = [SUPPORTED_GUARDS, NOTED_GUARDS, REFUSED_GUARDS].map((t) => Object.keys(t));
    for (const guard of SUGAR_GUARDS)
      expect(
        tables.filter((keys) => keys.includes(guard)),
        guard,
      ).toHaveLength(1);
    expect(tables.flat().sort()).toEqual([...SUGAR_GUARDS].sort());
  });
});
