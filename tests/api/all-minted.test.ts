// GET all-minted against the seeded demo drops (sprites: 12 mints by 4 collectors,
// reactions on 3 NFTs, bounties on 3; aurora: 4 edition mints), on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allMintedResponseSchema, mintedItemSchema, type AllMintedView } from "@/lib/schemas/minted-items";
import { fixedClock } from "@/lib/services/context";
import { getAllMinted } from "@/lib/services/minted-items";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const strictPage = allMintedResponseSchema.strict().extend({ nfts: mintedItemSchema.strict().array() });
type Page = ReturnType<typeof strictPage.parse>;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`all-minted on ${target.name}`, () => {
    let app: TestApp;
    let allKey: string;
    let auroraKey: string;
    /** Wallet of each demo collector by display name ("anon" has none). */
    const wallets: Record<string, string> = {};
    const get = (path: string, key = allKey) =>
      callJson("GET", `/api/v1/collections/${path}`, { headers: { "x-api-key": key } });
    const page = async (path: string, key = allKey): Promise<Page> => {
      const { status, body } = await get(path, key);
      expect(status, JSON.stringify(body)).toBe(200);
      return strictPage.parse(body);
    };
    const tokens = (p: Page) => p.nfts.map((n) => n.tokenId);

    beforeAll(async () => {
      app = await startTestApp(target);
      allKey = await app.createKey({ keyClass: "live", collections: "all" });
      auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
      for (const profile of await app.runtime.database.prisma.profile.findMany())
        wallets[profile.displayName ?? "anon"] = profile.walletAddress;
    });
    afterAll(() => app?.close());

    it("serves the newest 20 with the drop's header", async () => {
      const p = await page("sprites/all-minted");
      const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
      expect({ ...p, nfts: undefined }).toEqual({
        success: true,
        nfts: undefined,
        total: 12,
        hasMore: false,
        offset: 0,
        limit: 20,
        collection: { id: sprites.id, shortId: "sprites", name: "Solstice Sprites", twitterHandle: "dropmint" },
        allowImageDownload: true,
      });
      expect(tokens(p)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      const mintedAts = p.nfts.map((n) => Date.parse(n.mintedAt!));
      expect(mintedAts).toEqual([...mintedAts].sort((a, b) => b - a));
    });

    it("carries the minter's profile, reactions, rarity and bounty on each item", async () => {
      const p = await page("sprites/all-minted");
      const byToken = new Map(p.nfts.map((n) => [n.tokenId, n]));
      expect(byToken.get(1)).toMatchObject({
        name: "Solstice Sprite #1",
        image: `${TEST_SITE_ORIGIN}/art/sprites/1.svg`,
        fullImageUrl: `${TEST_SITE_ORIGIN}/art/sprites/1.svg`,
        isRevealed: true,
        ownerWallet: wallets.Mira,
        minterDisplayName: "Mira",
        minterAvatarUrl: null,
        // Mira's own glow, then what her mints across drops (sparkle) and her bounty win (crown) unlock.
        minterEffects: [
          { effect_type: "glow", effect_category: "name", config: { color: "#f472b6" } },
          { effect_type: "sparkle", effect_category: "avatar", config: { speed: 1 } },
          { effect_type: "crown", effect_category: "badge", config: null },
        ],
        reactions: { "🔥": 2, "❤️": 1 },
        editionNumber: null,
        bounty: null,
        isCrossChain: false,
        sourceChain: null,
      });
      expect(byToken.get(1)!.mintAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect(byToken.get(1)!.attributes.length).toBeGreaterThan(0);
      expect(byToken.get(4)!.reactions).toEqual({ "✨": 1, "🔥": 1 });
      expect(byToken.get(2)!.reactions).toEqual({});
      // The unnamed collector has no profile of its own: only what its activity earns shows.
      expect(byToken.get(10)).toMatchObject({
        minterDisplayName: null,
        minterEffects: [
          { effect_type: "sparkle", effect_category: "avatar", config: { speed: 1 } },
          { effect_type: "crown", effect_category: "badge", config: null },
        ],
      });
      for (const item of p.nfts) {
        expect(item.rarityRank).toEqual(expect.any(Number));
        expect(item.rarityScore).toEqual(expect.any(Number));
        expect(item.rarityTier).toEqual(expect.any(String));
      }
      // Bounties: a one-off grant, a one-off token prize (shown over the same NFT's pool draw), a pool NFT prize.
      expect(byToken.get(7)!.bounty).toEqual({
        bountyType: "grant",
        amount: null,
        tokenSymbol: null,
        payoutStatus: "not_applicable",
        memo: "Discord OG role",
      });
      expect(byToken.get(10)!.bounty).toEqual({
        bountyType: "token",
        amount: 250_000_000,
        tokenSymbol: "SOL",
        payoutStatus: "paid",
        memo: null,
      });
      expect(byToken.get(5)!.bounty).toEqual({
        bountyType: "nft",
        amount: null,
        tokenSymbol: null,
        payoutStatus: "paid",
        memo: "Void Relic",
      });
      expect(p.nfts.filter((n) => n.bounty !== null)).toHaveLength(3);
    });

    it.each(["newest", "oldest"] as const)("walks the whole history %s first, each item exactly once", async (sort) => {
      const seen: Array<number | null> = [];
      let offset = 0;
      for (let hasMore = true, guard = 0; hasMore && guard < 10; guard++) {
        const p = await page(`sprites/all-minted?sort=${sort}&limit=5&offset=${offset}`);
        expect([p.limit, p.offset, p.total]).toEqual([5, offset, 12]);
        seen.push(...tokens(p));
        offset += p.nfts.length;
        hasMore = p.hasMore;
      }
      const newestFirst = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
      expect(seen).toEqual(sort === "newest" ? newestFirst : [...newestFirst].reverse());
      const past = await page(`sprites/all-minted?sort=${sort}&offset=12`);
      expect([past.nfts.length, past.hasMore, past.total]).toEqual([0, false, 12]);
    });

    it("ranks by reactions within each page of the newest-first history", async () => {
      expect(tokens(await page("sprites/all-minted?sort=popular&limit=12"))).toEqual([
        1, 4, 9, 12, 11, 10, 8, 7, 6, 5, 3, 2,
      ]);
      // The first page of five holds the five newest mints; only their order changes.
      const first = await page("sprites/all-minted?sort=popular&limit=5");
      expect(tokens(first)).toEqual([9, 12, 11, 10, 8]);
      expect(first.hasMore).toBe(true);
      expect(tokens(await page("sprites/all-minted?sort=popular&limit=5&offset=10"))).toEqual([1, 2]);
    });

    it.each([
      ["sprite #1", [12, 11, 10, 1]],
      ["SOLSTICE SPRITE #1", [12, 11, 10, 1]],
      ["#7", [7]],
      ["10", [10]],
      ["mira", [8, 7, 6, 2, 1]],
      ["Orin", [12, 9, 4]],
      ["tide", [11, 5, 3]],
      ["no such thing", []],
      ["%", []],
      ["_", []],
      ["\\", []],
      ["   ", [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]],
    ])("searches %j", async (search, expected) => {
      const p = await page(`sprites/all-minted?search=${encodeURIComponent(search)}`);
      expect(tokens(p)).toEqual(expected);
      expect(p.total).toBe(expected.length);
    });

    it("searches by owner wallet prefix, case kept", async () => {
      const prefix = wallets["Orin of Ember"]!.slice(0, 6);
      expect(tokens(await page(`sprites/all-minted?search=${prefix}`))).toEqual([12, 9, 4]);
      expect(tokens(await page(`sprites/all-minted?search=${wallets["Orin of Ember"]}`))).toEqual([12, 9, 4]);
    });

    it("pages search results with their own total", async () => {
      const p = await page("sprites/all-minted?search=mira&limit=2&offset=2");
      expect([tokens(p), p.total, p.hasMore]).toEqual([[6, 2], 5, true]);
    });

    it("lists a limited edition's copies with edition numbers; a number matches the edition", async () => {
      const p = await page("aurora/all-minted", auroraKey);
      expect(p.collection).toMatchObject({ shortId: "aurora", twitterHandle: null });
      expect(p.nfts.map((n) => [n.tokenId, n.editionNumber])).toEqual([
        [null, 4],
        [null, 3],
        [null, 2],
        [null, 1],
      ]);
      expect((await page("aurora/all-minted?search=%232", auroraKey)).nfts.map((n) => n.editionNumber)).toEqual([2]);
    });

    // Issue 24: one behaviour for the three feeds (gallery, recently-minted, all-minted): the
    // document states the maximum, and a larger limit is refused, never served as less.
    it("refuses a limit above 100, as gallery and recently-minted refuse above theirs", async () => {
      for (const limit of [101, 5000]) {
        const { status, body } = await get(`sprites/all-minted?limit=${limit}`);
        expect([limit, status, errorBodySchema.parse(body).code]).toEqual([limit, 400, "INVALID_REQUEST"]);
      }
      expect((await page("sprites/all-minted?limit=100")).limit).toBe(100);
      expect((await page("sprites/all-minted?limit=1")).nfts).toHaveLength(1);
    });

    it.each([
      "limit=0",
      "limit=-1",
      "limit=abc",
      "limit=1.5",
      "limit=",
      "offset=-1",
      "offset=abc",
      "sort=best",
      `search=${"x".repeat(101)}`,
    ])("answers 400 INVALID_REQUEST for %s", async (query) => {
      const { status, body } = await get(`sprites/all-minted?${query}`);
      expect([status, errorBodySchema.parse(body).code]).toEqual([400, "INVALID_REQUEST"]);
    });

    // The route keeps the checked text of a frozen answer (lib/api/route.ts): the same view object
    // while no NFT of the page has revealed since, a new one when one has.
    it("a repeated page is the same view until one of its NFTs reveals with the time", async () => {
      const prisma = app.runtime.database.prisma;
      // The showcase's Sealed Letters: each letter reveals a minute after its own mint.
      const letters = await prisma.collection.findUniqueOrThrow({ where: { shortId: "letters" } });
      const newest = await prisma.mint.findFirstOrThrow({
        where: { collectionId: letters.id },
        orderBy: { mintedAt: "desc" },
      });
      const at = (seconds: number) =>
        getAllMinted(app.context({ clock: fixedClock(newest.mintedAt.getTime() + seconds * 1000) }), letters.id, {
          limit: 20,
          offset: 0,
          sort: "newest",
        });
      const revealedOf = (view: AllMintedView) => view.nfts.find((nft) => nft.id === newest.nftId)?.isRevealed;

      const before = await at(30);
      expect(Object.isFrozen(before)).toBe(true);
      expect(await at(40)).toBe(before);
      const after = await at(61);
      expect(after).not.toBe(before);
      expect([revealedOf(before), revealedOf(after)]).toEqual([false, true]);
      expect(await at(62)).toBe(after);
    });

    it("answers 403 for another drop, existing or not, and 404 for an unknown drop", async () => {
      const foreign = await get("sprites/all-minted", auroraKey);
      expect([foreign.status, errorBodySchema.parse(foreign.body).code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
      expect((await get("no-such-drop/all-minted", auroraKey)).body).toEqual(foreign.body);
      const unknown = await get("no-such-drop/all-minted");
      expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
    });
  });
}
