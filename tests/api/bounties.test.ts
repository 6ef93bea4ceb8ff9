// GET /collections/{identifier}/bounty and /bounty-prizes against the seeded sprites drop
// (a milestone group, lucky mints, an inventory and a recurring pool), a drop without
// bounties, and fixtures for the cases the demo lacks, on PGlite and (when reachable)
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import {
  bountyPrizesDisabledResponseSchema,
  bountyPrizesEnabledResponseSchema,
  bountySummaryResponseSchema,
} from "@/lib/schemas/bounties";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const SOL_MINT = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const short = (wallet: string) => `${wallet.slice(0, 4)}…${wallet.slice(-4)}`;
const art = (name: string) => `${TEST_SITE_ORIGIN}/art/bounty/${name}.svg`;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`bounties API on ${target.name}`, () => {
    let app: TestApp;
    let allKey: string;
    let auroraKey: string;
    let spritesId: string;
    const get = (path: string, key = allKey) => callJson("GET", path, { headers: { "x-api-key": key } });
    const prisma = () => app.runtime.database.prisma;

    beforeAll(async () => {
      app = await startTestApp(target);
      allKey = await app.createKey({ keyClass: "live", collections: "all" });
      auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
      spritesId = (await prisma().collection.findUniqueOrThrow({ where: { shortId: "sprites" } })).id;
    });
    afterAll(() => app?.close());

    /** Creates a bare collection for a fixture; returns its id. */
    async function fixtureCollection(shortId: string) {
      const { id } = await prisma().collection.create({
        data: {
          shortId,
          name: shortId,
          chain: app.runtime.config.chainName,
          treasuryAddress: Keypair.generate().publicKey.toBase58(),
          bountyPrizesEnabled: true,
        },
      });
      return id;
    }

    it("sums the sprites' unclaimed prizes", async () => {
      const { status, body } = await get("/api/v1/collections/sprites/bounty");
      expect(status).toBe(200);
      // Unclaimed: 25th (0.5 SOL), 50th (nft), 100th (free mint), Mint #42 (nft). Claimed: #7, #10.
      expect(bountySummaryResponseSchema.strict().parse(body)).toEqual({
        success: true,
        remaining_bounties: 4,
        free_mint_bounties: 1,
        total_pool: 500_000_000,
        token_symbol: "SOL",
        tokens: [{ address: SOL_MINT, symbol: "SOL", decimals: 9, pool_raw: 500_000_000 }],
        has_bounties: true,
      });
    });

    it("answers an empty summary and enabled: false for a drop without bounties", async () => {
      const summary = await get("/api/v1/collections/aurora/bounty", auroraKey);
      expect(summary.status).toBe(200);
      expect(bountySummaryResponseSchema.strict().parse(summary.body)).toEqual({
        success: true,
        remaining_bounties: 0,
        free_mint_bounties: 0,
        total_pool: 0,
        token_symbol: null,
        tokens: [],
        has_bounties: false,
      });
      const prizes = await get("/api/v1/collections/aurora/bounty-prizes", auroraKey);
      expect(prizes.status).toBe(200);
      expect(prizes.body).toEqual({ success: true, enabled: false });
      bountyPrizesDisabledResponseSchema.strict().parse(prizes.body);
    });

    it("shows the sprites' prize board: sections, inventory and the recurring pool", async () => {
      const { status, body, text } = await get("/api/v1/collections/sprites/bounty-prizes");
      expect(status).toBe(200);
      const board = bountyPrizesEnabledResponseSchema.strict().parse(body);
      expect(board).toMatchObject({
        enabled: true,
        show_occurrence: true,
        show_winners: true,
        show_inventory_preview: true,
      });

      const bounties = await prisma().bounty.findMany({ where: { collectionId: spritesId } });
      const row = (name: string) => bounties.find((b) => b.name === name)!;
      const milestones = await prisma().bountySection.findFirstOrThrow({
        where: { collectionId: spritesId, kind: "milestone_group" },
      });
      const startsAt = milestones.counterStartsAt!.toISOString();
      const unclaimed = { is_claimed: false, claimed_winner: null, claimed_at: null, payout_status: null };
      /** A claimed bounty's payout state, as its award says (issue 22: shown on the board). */
      const payoutOf = async (bountyId: string) =>
        (await prisma().bountyAward.findFirst({ where: { bountyId } }))?.payoutStatus ?? null;

      expect(board.sections.map((s) => [s.kind, s.name])).toEqual([
        ["milestone_group", "Community milestones"],
        ["individual", "Lucky mints"],
        ["inventory_preview", "Prize inventory"],
      ]);
      const [group, lucky, inventory] = board.sections;
      expect(group).toEqual({
        kind: "milestone_group",
        id: milestones.id,
        name: "Community milestones",
        counter_starts_at: startsAt,
        bounties: [
          {
            id: row("25th mint").id,
            name: "25th mint",
            description: "Half a SOL to whoever mints the 25th sprite.",
            bounty_type: "token",
            ...unclaimed,
            token: { symbol: "SOL", amount: 500_000_000, decimals: 9 },
            trigger: { mint_count: 25, starts_at: startsAt },
          },
          {
            id: row("50th mint").id,
            name: "50th mint",
            description: "The Golden Sprite 1/1.",
            bounty_type: "nft",
            ...unclaimed,
            nft: { name: "Golden Sprite", image_url: art("golden-sprite"), mint_address: null },
            trigger: { mint_count: 50, starts_at: startsAt },
          },
          {
            id: row("100th mint").id,
            name: "100th mint",
            description: "The last sprite mints a free Aurora.",
            bounty_type: "free_mint",
            ...unclaimed,
            trigger: { mint_count: 100, starts_at: startsAt },
          },
        ],
      });

      const seven = row("Mint #7");
      const ten = row("Mint #10");
      expect(lucky).toMatchObject({ kind: "individual", name: "Lucky mints" });
      expect(lucky!.kind === "individual" && lucky!.bounties).toEqual([
        {
          id: seven.id,
          name: "Mint #7",
          description: "An OG role in the Discord.",
          bounty_type: "grant",
          is_claimed: true,
          claimed_winner: short(seven.claimedWinner!),
          claimed_at: seven.claimedAt!.toISOString(),
          payout_status: await payoutOf(seven.id),
          grant: { label: "Discord OG role" },
          trigger: { mint_count: 7, starts_at: null },
        },
        {
          id: ten.id,
          name: "Mint #10",
          description: "A quarter SOL.",
          bounty_type: "token",
          is_claimed: true,
          claimed_winner: short(ten.claimedWinner!),
          claimed_at: ten.claimedAt!.toISOString(),
          payout_status: await payoutOf(ten.id),
          token: { symbol: "SOL", amount: 250_000_000, decimals: 9 },
          trigger: { mint_count: 10, starts_at: null },
        },
        {
          id: row("Mint #42").id,
          name: "Mint #42",
          description: "A Tide Relic from the vault.",
          bounty_type: "nft",
          ...unclaimed,
          nft: { name: "Tide Relic", image_url: art("tide-relic"), mint_address: null },
          trigger: { mint_count: 42, starts_at: null },
        },
      ]);
      expect(short(seven.claimedWinner!)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{4}…[1-9A-HJ-NP-Za-km-z]{4}$/);

      const items = await prisma().bountyInventoryItem.findMany({
        where: { collectionId: spritesId },
        orderBy: { sortOrder: "asc" },
      });
      const voidRelic = items[3]!;
      expect(inventory).toEqual({
        kind: "inventory_preview",
        name: "Prize inventory",
        items: [
          {
            id: items[0]!.id,
            name: "Golden Sprite",
            image_url: art("golden-sprite"),
            mint_address: null,
            state: "assigned",
            claimed_winner: null,
            claimed_at: null,
          },
          {
            id: items[1]!.id,
            name: "Tide Relic",
            image_url: art("tide-relic"),
            mint_address: null,
            state: "unassigned",
            claimed_winner: null,
            claimed_at: null,
          },
          {
            id: items[2]!.id,
            name: "Ember Relic",
            image_url: art("ember-relic"),
            mint_address: null,
            state: "unassigned",
            claimed_winner: null,
            claimed_at: null,
          },
          {
            id: voidRelic.id,
            name: "Void Relic",
            image_url: art("void-relic"),
            mint_address: null,
            state: "claimed",
            claimed_winner: short(voidRelic.claimedWinner!),
            claimed_at: voidRelic.claimedAt!.toISOString(),
          },
        ],
      });

      const pool = await prisma().bountyPool.findFirstOrThrow({ where: { collectionId: spritesId } });
      expect(board.pool_sections).toEqual([
        {
          id: pool.id,
          name: "Every fifth mint",
          description: "Each fifth sprite draws a prize.",
          mode: "recurring_pool",
          recur_every_n_mints: 5,
          recur_max_fires: 20,
          recur_fires_count: 2,
          counter_starts_at: startsAt,
          entries: [
            {
              reward_type: "token",
              weight_bps: 6000,
              weight_pct: 60,
              payout_amount: 50_000_000,
              token_symbol: "SOL",
              token_decimals: 9,
              nft_pool_label: null,
              display_label: "0.05 SOL",
              display_image_url: null,
            },
            {
              reward_type: "token",
              weight_bps: 3000,
              weight_pct: 30,
              payout_amount: 200_000_000,
              token_symbol: "SOL",
              token_decimals: 9,
              nft_pool_label: null,
              display_label: "0.2 SOL",
              display_image_url: null,
            },
            {
              reward_type: "nft",
              weight_bps: 1000,
              weight_pct: 10,
              payout_amount: null,
              token_symbol: null,
              token_decimals: null,
              nft_pool_label: "Relic vault",
              display_label: "A relic",
              display_image_url: art("void-relic"),
            },
          ],
        },
      ]);

      // No full winner wallet anywhere in the body.
      for (const wallet of [seven.claimedWinner!, ten.claimedWinner!, voidRelic.claimedWinner!])
        expect(text).not.toContain(wallet);
    });

    it("answers enabled: false while the creator keeps the prize board off, prizes or not", async () => {
      await prisma().collection.update({ where: { id: spritesId }, data: { bountyPrizesEnabled: false } });
      try {
        const { body } = await get("/api/v1/collections/sprites/bounty-prizes");
        expect(bountyPrizesDisabledResponseSchema.strict().parse(body)).toEqual({ success: true, enabled: false });
      } finally {
        await prisma().collection.update({ where: { id: spritesId }, data: { bountyPrizesEnabled: true } });
      }
    });

    it("follows the creator's display settings: winners, occurrence, inventory preview", async () => {
      await prisma().collection.update({
        where: { id: spritesId },
        data: { bountyShowWinners: false, bountyShowOccurrence: false, bountyShowInventoryPreview: false },
      });
      try {
        const { body, text } = await get("/api/v1/collections/sprites/bounty-prizes");
        const board = bountyPrizesEnabledResponseSchema.strict().parse(body);
        expect(board).toMatchObject({
          enabled: true,
          show_occurrence: false,
          show_winners: false,
          show_inventory_preview: false,
        });
        expect(board.sections.map((s) => s.kind)).toEqual(["milestone_group", "individual"]);
        const items = board.sections.flatMap((s) => (s.kind === "inventory_preview" ? [] : s.bounties));
        expect(items).toHaveLength(6);
        for (const item of items) {
          expect(item.claimed_winner).toBeNull();
          expect(item).not.toHaveProperty("trigger");
        }
        // Claimed is still claimed, with its date; only the winner is hidden.
        expect(items.filter((i) => i.is_claimed).map((i) => [i.name, typeof i.claimed_at])).toEqual([
          ["Mint #7", "string"],
          ["Mint #10", "string"],
        ]);
        expect(text).not.toContain("…");
        // The pool is unaffected.
        expect(board.pool_sections[0]!.entries.map((e) => e.weight_pct)).toEqual([60, 30, 10]);
      } finally {
        await prisma().collection.update({
          where: { id: spritesId },
          data: { bountyShowWinners: true, bountyShowOccurrence: true, bountyShowInventoryPreview: true },
        });
      }
    });

    it('says "tokens" for a pool of several tokens and lists each', async () => {
      const collectionId = await fixtureCollection("mixed-pool");
      await prisma().bounty.createMany({
        data: [
          {
            collectionId,
            name: "USDC prize",
            bountyType: "token",
            tokenMint: USDC,
            tokenSymbol: "USDC",
            tokenDecimals: 6,
            amount: 5_000_000n,
          },
          {
            collectionId,
            name: "SOL prize",
            bountyType: "token",
            tokenSymbol: "SOL",
            tokenDecimals: 9,
            amount: 100_000_000n,
          },
          {
            collectionId,
            name: "Claimed SOL",
            bountyType: "token",
            tokenSymbol: "SOL",
            tokenDecimals: 9,
            amount: 900_000_000n,
            isClaimed: true,
          },
          { collectionId, name: "Amount to come", bountyType: "token", tokenSymbol: "SOL", tokenDecimals: 9 },
          { collectionId, name: "A free mint", bountyType: "free_mint" },
        ],
      });
      const { body } = await get("/api/v1/collections/mixed-pool/bounty");
      expect(bountySummaryResponseSchema.strict().parse(body)).toEqual({
        success: true,
        remaining_bounties: 4,
        free_mint_bounties: 1,
        total_pool: 105_000_000,
        token_symbol: "tokens",
        tokens: [
          { address: SOL_MINT, symbol: "SOL", decimals: 9, pool_raw: 100_000_000 },
          { address: USDC, symbol: "USDC", decimals: 6, pool_raw: 5_000_000 },
        ],
        has_bounties: true,
      });

      // Bounties outside any section form one individual section without an id.
      const board = bountyPrizesEnabledResponseSchema
        .strict()
        .parse((await get("/api/v1/collections/mixed-pool/bounty-prizes")).body);
      expect(board.sections).toHaveLength(1);
      expect(board.sections[0]).toMatchObject({ kind: "individual", name: "More bounties" });
      expect(board.sections[0]).not.toHaveProperty("id");
      expect(board.pool_sections).toEqual([]);
    });

    it("is enabled by a pool alone, and shares weights of any total", async () => {
      const collectionId = await fixtureCollection("pool-only");
      const pool = await prisma().bountyPool.create({ data: { collectionId, name: "Thirds" } });
      await prisma().bountyPoolEntry.createMany({
        data: [1, 2, 3].map((sortOrder) => ({
          poolId: pool.id,
          rewardType: "grant",
          weightBps: 1000,
          displayLabel: `Prize ${sortOrder}`,
          sortOrder,
        })),
      });
      const board = bountyPrizesEnabledResponseSchema
        .strict()
        .parse((await get("/api/v1/collections/pool-only/bounty-prizes")).body);
      expect(board.sections).toEqual([]);
      expect(board.pool_sections[0]).toMatchObject({
        recur_every_n_mints: null,
        recur_max_fires: null,
        recur_fires_count: 0,
        counter_starts_at: null,
      });
      expect(board.pool_sections[0]!.entries.map((e) => [e.display_label, e.weight_bps, e.weight_pct])).toEqual([
        ["Prize 1", 1000, 33.33],
        ["Prize 2", 1000, 33.33],
        ["Prize 3", 1000, 33.33],
      ]);
      // A pool is a bounty for the summary, though its draws add nothing to total_pool.
      expect((await get("/api/v1/collections/pool-only/bounty")).body).toMatchObject({
        has_bounties: true,
        remaining_bounties: 0,
        total_pool: 0,
        token_symbol: null,
      });
    });

    it("refuses to round an amount that does not fit a JSON number", async () => {
      const collectionId = await fixtureCollection("huge-prize");
      await prisma().bounty.create({
        data: { collectionId, bountyType: "token", tokenSymbol: "SOL", tokenDecimals: 9, amount: 2n ** 53n + 1n },
      });
      for (const path of ["bounty", "bounty-prizes"]) {
        const { status, body, text } = await get(`/api/v1/collections/huge-prize/${path}`);
        expect([status, errorBodySchema.parse(body).code]).toEqual([500, "INTERNAL_ERROR"]);
        expect(text).not.toContain("9007199254740993");
      }
    });

    it("refuses another drop with 403, the same whether or not it exists", async () => {
      for (const path of ["bounty", "bounty-prizes"]) {
        const other = await get(`/api/v1/collections/sprites/${path}`, auroraKey);
        const unknown = await get(`/api/v1/collections/no-such-drop/${path}`, auroraKey);
        expect(other.status).toBe(403);
        expect(errorBodySchema.parse(other.body).code).toBe("COLLECTION_NOT_IN_SCOPE");
        expect(unknown.status).toBe(403);
        expect(unknown.body).toEqual(other.body);
      }
    });

    it("answers 404 for an unknown drop with an all-drops key, 400 for a malformed one, 405 for other methods", async () => {
      for (const path of ["bounty", "bounty-prizes"]) {
        const unknown = await get(`/api/v1/collections/00000000-0000-4000-8000-000000000000/${path}`);
        expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
        const malformed = await get(`/api/v1/collections/${encodeURIComponent("🦄🦄")}/${path}`);
        expect([malformed.status, errorBodySchema.parse(malformed.body).code]).toEqual([400, "INVALID_REQUEST"]);
        const del = await callJson("DELETE", `/api/v1/collections/sprites/${path}`, {
          headers: { "x-api-key": allKey },
        });
        expect([del.status, errorBodySchema.parse(del.body).code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
      }
    });
  });
}
