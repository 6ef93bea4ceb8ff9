// prisma/schema.prisma, the plain-SQL migrations in prisma/migrations and the generated
// client in lib/db/generated must describe one and the same database.
//
// Migrations against schema: Prisma's own `migrate diff`. Its native schema engine cannot
// always be downloaded, so scripts/schema-engine.ts runs the same engine as WebAssembly
// (the one `npm run db:new-migration` uses). On each database target (PGlite always,
// PostgreSQL when the server is reachable) the engine replays the migrations on a shadow
// database of that kind and diffs the result against schema.prisma, as
// `prisma migrate diff --from-migrations prisma/migrations --to-schema prisma/schema.prisma`
// does. The diff must be empty, and a deliberate drift on either side (a column and an
// index only in a copy of the schema, a table only in a copy of the migrations) must show
// up in it, named. (Like Prisma, the diff ignores what the schema cannot express, such as
// the extension and index storage parameters written by hand in the migrations.)
//
// Client against schema and database: the client embeds the schema it was generated from,
// which must be this schema.prisma, and a row of every model round-trips through it on a
// database built by lib/db/migrator.ts. The migrator's own rules (bookkeeping, checksums,
// refusals, rollback, concurrent starts) are tested in migrator.test.ts.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { diffToSchema, type SchemaDiff, type ShadowTarget } from "@/scripts/schema-engine";
import { databaseTargets, openTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from "@/tests/helpers/databases";

const root = process.cwd();
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");
const modelNames = Object.values(Prisma.ModelName);

/** What the engine prints for an empty diff (`migrate diff --script`). */
const EMPTY_MIGRATION = "-- This is an empty migration.\n";

/**
 * The schema's lines without `//` comments (`///` doc comments stay: they reach the client),
 * blank lines or alignment, so that reformatting or commenting schema.prisma alone does not
 * count as a change.
 */
function schemaLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/(^|\s)\/\/(?!\/).*$/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

it("the generated client was built from this schema.prisma", () => {
  // prisma-client embeds the schema it was generated from in internal/class.ts.
  const generated = readFileSync(path.join(root, "lib", "db", "generated", "internal", "class.ts"), "utf8");
  const inline = /^\s*"inlineSchema": (".*"),$/m.exec(generated)?.[1];
  expect(
    inline,
    "lib/db/generated/internal/class.ts no longer embeds inlineSchema: adapt this test to the new Prisma",
  ).toBeDefined();
  expect(
    schemaLines(JSON.parse(inline!) as string),
    "lib/db/generated is stale: run `node scripts/prisma-generate.mjs`",
  ).toEqual(schemaLines(readFileSync(schemaPath, "utf8")));
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`schema and migrations on ${target.name}`, () => {
    const shadow: ShadowTarget =
      target.name === "postgres"
        ? { kind: "postgres", adminUrl: target.adminUrl ?? POSTGRES_ADMIN_URL }
        : { kind: "pglite" };
    const tempDirs: string[] = [];
    let diff: SchemaDiff;
    let db: TestDatabase;

    beforeAll(async () => {
      diff = await diffToSchema({ schemaPath, migrationsDir, shadow });
      db = await openTestDatabase(target);
    });
    afterAll(async () => {
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
      await db?.dispose();
    });

    it("builds exactly what schema.prisma describes: Prisma's migrate diff from the migrations to the schema is empty", () => {
      expect(
        diff.script,
        `prisma/migrations does not build prisma/schema.prisma; write the missing migration with ` +
          `\`npm run db:new-migration -- <name>\` (or fix the schema). Pending SQL:\n${diff.script}`,
      ).toBe(EMPTY_MIGRATION);
      expect(diff.empty).toBe(true);
    });

    it("notices drift on either side: names a column and an index only the schema has, and a table only the migrations create", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "dropmint-schema-drift-"));
      tempDirs.push(dir);
      const schema = readFileSync(schemaPath, "utf8");
      const driftedSchema = schema.replace(
        /^model Collection \{\n/m,
        "$&  driftProbe String?\n\n  @@index([driftProbe])\n",
      );
      expect(driftedSchema).not.toBe(schema);
      const driftedSchemaPath = path.join(dir, "schema.prisma");
      writeFileSync(driftedSchemaPath, driftedSchema);
      const driftedMigrations = path.join(dir, "migrations");
      cpSync(migrationsDir, driftedMigrations, { recursive: true });
      mkdirSync(path.join(driftedMigrations, "20990101000000_stray_table"));
      writeFileSync(
        path.join(driftedMigrations, "20990101000000_stray_table", "migration.sql"),
        `CREATE TABLE "StrayTable" ("id" INTEGER NOT NULL, CONSTRAINT "StrayTable_pkey" PRIMARY KEY ("id"));\n`,
      );

      const drift = await diffToSchema({ schemaPath: driftedSchemaPath, migrationsDir: driftedMigrations, shadow });
      expect(drift.empty).toBe(false);
      expect(drift.script).toBe(
        [
          `-- AlterTable`,
          `ALTER TABLE "Collection" ADD COLUMN     "driftProbe" TEXT;`,
          ``,
          `-- DropTable`,
          `DROP TABLE "StrayTable";`,
          ``,
          `-- CreateIndex`,
          `CREATE INDEX "Collection_driftProbe_idx" ON "Collection"("driftProbe");`,
          ``,
        ].join("\n"),
      );
    });

    it("round-trips a row of every model through the generated client on a database the migrator built", async () => {
      await roundTrip(db);
    });
  });
}

// ── Round trip ─────────────────────────────────────────────────────────────────────────

async function roundTrip(db: Database): Promise<void> {
  const prisma = db.prisma;
  const wallet = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
  const when = new Date("2026-11-21T12:34:56.789Z");

  const collection = await prisma.collection.create({
    data: {
      shortId: "rt-drop",
      name: "Round trip",
      chain: "solana-localnet",
      collectionAddress: "Co11ectionAddre55CaseSensitive",
      treasuryAddress: wallet,
      totalSupply: 100,
      requiresFeatures: ["audio", "reveal"],
      revealedAt: when,
    },
  });
  const phase = await prisma.phase.create({
    data: {
      collectionId: collection.id,
      name: "public",
      priceModel: "dutch",
      price: 9_007_199_254_740_993n, // > 2^53: must survive as BigInt
      priceMax: 2n,
      dutchConfig: { base: "1000", decay: 0.5, floor: null },
      startDate: when,
      allowlist: { create: { walletAddress: wallet, allocation: 3 } },
      gateRules: {
        create: { kind: "nft_gate", ruleName: "holders", collections: ["GroupMint1", "GroupMint2"], minAmount: 5n },
      },
      overrides: { create: { walletAddress: wallet, allocation: 7 } },
    },
  });
  const nft = await prisma.nft.create({
    data: {
      collectionId: collection.id,
      tokenId: 1,
      name: "#1",
      previewStartTime: 1.25,
      attributes: [{ trait_type: "Mood", value: "calm" }],
      status: "minted",
      mintAddress: "NftMint111",
      ownerWallet: wallet,
      mintedAt: when,
      reactions: { create: { walletAddress: wallet, emoji: "🔥" } },
    },
  });
  const session = await prisma.mintSession.create({
    data: {
      groupId: "00000000-0000-4000-8000-00000000000a",
      collectionId: collection.id,
      phaseId: phase.id,
      nftId: nft.id,
      walletAddress: wallet,
      status: "minted",
      messageBase64: "AQID",
      mintAddress: "NftMint111",
      blockhash: "Blockhash111",
      lastValidBlockHeight: 123_456_789_012n,
      signature: "Sig111",
      priceAmount: 10n,
      pricing: { unit: "lamports" },
      expiresAt: when,
      holderKey: "ip:203.0.113.7",
      walletProven: true,
    },
  });
  await prisma.mint.create({
    data: {
      collectionId: collection.id,
      phaseId: phase.id,
      nftId: nft.id,
      sessionId: session.id,
      walletAddress: wallet,
      kind: "paid",
      pricePaid: 10n,
      signature: "Sig111",
    },
  });
  const apiKey = await prisma.apiKey.create({
    data: {
      keyHash: "f".repeat(64),
      displayPrefix: "pk_live_ab",
      keyClass: "live",
      origins: ["https://partner.example"],
      collections: { create: { collectionId: collection.id } },
    },
  });
  const batch = await prisma.claimCodeBatch.create({
    data: {
      collectionId: collection.id,
      phaseId: phase.id,
      grantType: "discount",
      discountPercent: 12.5,
      discountFixed: 1_000n,
      discountUses: 2,
    },
  });
  const code = await prisma.claimCode.create({
    data: { batchId: batch.id, collectionId: collection.id, code: "SAVE10", maxUses: 5 },
  });
  await prisma.claimCodeRedemption.create({
    data: {
      codeId: code.id,
      batchId: batch.id,
      collectionId: collection.id,
      walletAddress: wallet,
      allocation: 2,
      used: 1,
    },
  });
  await prisma.redeemedNft.create({ data: { batchId: batch.id, nftMint: "NftMint111", walletAddress: wallet } });
  await prisma.gateTokenUse.create({ data: { phaseId: phase.id, mint: "GateMint111", walletAddress: wallet } });
  expect(
    await prisma.mintSession.update({
      where: { id: session.id },
      data: { admissionCodeId: code.id },
      select: { admissionCode: { select: { code: true } } },
    }),
  ).toEqual({ admissionCode: { code: "SAVE10" } });
  const section = await prisma.bountySection.create({
    data: { collectionId: collection.id, kind: "milestone_group", name: "Milestones" },
  });
  const bounty = await prisma.bounty.create({
    data: {
      collectionId: collection.id,
      sectionId: section.id,
      bountyType: "token",
      triggerMintCount: 10,
      amount: 5_000_000_000n,
      tokenSymbol: "SOL",
    },
  });
  await prisma.bountyInventoryItem.create({
    data: { collectionId: collection.id, bountyId: bounty.id, name: "Golden ticket" },
  });
  const pool = await prisma.bountyPool.create({
    data: {
      collectionId: collection.id,
      name: "Every 10",
      recurEveryNMints: 10,
      entries: { create: { rewardType: "token", weightBps: 2_500, payoutAmount: 1n } },
    },
  });
  await prisma.bountyAward.create({
    data: {
      collectionId: collection.id,
      nftId: nft.id,
      bountyId: bounty.id,
      poolId: pool.id,
      walletAddress: wallet,
      bountyType: "token",
      amount: 5n,
    },
  });
  await prisma.profile.create({
    data: {
      walletAddress: wallet,
      displayName: "Tester",
      effects: { create: { effectType: "glow", config: { color: "#fff" } } },
    },
  });
  await prisma.affiliate.create({
    data: { collectionId: collection.id, code: "FRIEND", walletAddress: wallet, feeBps: 250 },
  });
  await prisma.walletBlock.create({
    data: { walletAddress: wallet, collectionId: collection.id, reason: "test", permanent: true },
  });
  await prisma.assetBan.create({ data: { collectionId: collection.id, reason: "takedown" } });

  // Sign-in nonces and wallet sessions (Sign In With Solana) stand on their own.
  await prisma.walletSignInNonce.create({ data: { nonce: "n0nce", expiresAt: when } });
  await prisma.walletSession.create({ data: { idHash: "ab12", walletAddress: wallet, expiresAt: when } });
  // The studio's audit log names its drop by id only: an entry outlives the drop it speaks of.
  await prisma.studioAuditEntry.create({
    data: { collectionId: collection.id, actorWallet: wallet, action: "details", summary: { changes: ["Twitter"] } },
  });

  // Every model now holds exactly one row.
  for (const model of modelNames) {
    const delegate = (prisma as unknown as Record<string, { count(): Promise<number> }>)[
      model[0]!.toLowerCase() + model.slice(1)
    ];
    expect(await delegate!.count(), model).toBe(1);
  }

  const back = await prisma.collection.findUniqueOrThrow({
    where: { shortId: "rt-drop" },
    include: {
      phases: {
        include: { allowlist: true, gateRules: true, overrides: true, sessions: true, mints: true, codeBatches: true },
      },
      nfts: { include: { reactions: true, awards: true, mint: true, sessions: true } },
      apiKeys: { include: { apiKey: true } },
      claimCodes: { include: { redemptions: true, batch: true } },
      bountySections: { include: { bounties: { include: { inventoryItems: true, awards: true } } } },
      bountyPools: { include: { entries: true, awards: true } },
      affiliates: true,
      walletBlocks: true,
      assetBan: true,
    },
  });
  // Defaults come from the database (or, for ids and @updatedAt, from the client).
  expect(back).toMatchObject({
    launchStatus: "live",
    editionType: "generative",
    isVerified: false,
    allowImageDownload: true,
    revealTransitionType: "fade",
    requiresFeatures: ["audio", "reveal"],
    revealedAt: when,
    collectionAddress: "Co11ectionAddre55CaseSensitive",
  });
  expect(back.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(back.createdAt).toBeInstanceOf(Date);
  expect(back.updatedAt).toBeInstanceOf(Date);

  const [p] = back.phases;
  expect(p).toMatchObject({
    priceModel: "dutch",
    price: 9_007_199_254_740_993n,
    priceMax: 2n,
    currency: "SOL",
    currencyDecimals: 9,
    sortOrder: 0,
  });
  expect(p!.dutchConfig).toEqual({ base: "1000", decay: 0.5, floor: null });
  expect(p!.pegConfig).toBeNull();
  expect(p!.allowlist).toMatchObject([{ walletAddress: wallet, allocation: 3 }]);
  expect(p!.gateRules).toMatchObject([
    { kind: "nft_gate", collections: ["GroupMint1", "GroupMint2"], minAmount: 5n, multiplier: 1 },
  ]);
  expect(p!.overrides).toMatchObject([{ allocation: 7 }]);
  expect(p!.sessions).toMatchObject([
    {
      status: "minted",
      kind: "paid",
      lastValidBlockHeight: 123_456_789_012n,
      pricing: { unit: "lamports" },
      feeAmount: 0n,
    },
  ]);
  expect(p!.mints).toMatchObject([{ walletAddress: wallet, pricePaid: 10n, feePaid: 0n, currency: "SOL" }]);
  expect(p!.codeBatches).toMatchObject([{ grantType: "discount", discountPercent: 12.5, discountFixed: 1_000n }]);

  const [n] = back.nfts;
  expect(n).toMatchObject({
    tokenId: 1,
    previewStartTime: 1.25,
    status: "minted",
    isMasterEdition: false,
    currentEditionSupply: 0,
    mintedAt: when,
  });
  expect(n!.attributes).toEqual([{ trait_type: "Mood", value: "calm" }]);
  expect(n!.reactions).toMatchObject([{ emoji: "🔥" }]);
  expect(n!.mint).toMatchObject({ sessionId: session.id, phaseId: phase.id });
  expect(n!.awards).toMatchObject([{ amount: 5n, payoutStatus: "pending" }]);
  expect(n!.sessions).toHaveLength(1);

  expect(back.apiKeys).toMatchObject([
    { apiKeyId: apiKey.id, apiKey: { keyClass: "live", origins: ["https://partner.example"], allCollections: false } },
  ]);
  expect(back.claimCodes).toMatchObject([
    {
      code: "SAVE10",
      usesCount: 0,
      disabled: false,
      batch: { id: batch.id },
      redemptions: [{ allocation: 2, used: 1 }],
    },
  ]);
  expect(back.bountySections).toMatchObject([
    {
      kind: "milestone_group",
      bounties: [
        {
          amount: 5_000_000_000n,
          isClaimed: false,
          inventoryItems: [{ state: "unassigned" }],
          awards: [{ walletAddress: wallet }],
        },
      ],
    },
  ]);
  expect(back.bountyPools).toMatchObject([
    {
      recurFiresCount: 0,
      entries: [{ weightBps: 2_500, payoutAmount: 1n, sortOrder: 0 }],
      awards: [{ bountyType: "token" }],
    },
  ]);
  expect(back.affiliates).toMatchObject([{ code: "FRIEND", feeBps: 250 }]);
  expect(back.walletBlocks).toMatchObject([{ permanent: true, reason: "test" }]);
  expect(back.assetBan).toMatchObject({ reason: "takedown" });

  const profile = await prisma.profile.findUniqueOrThrow({
    where: { walletAddress: wallet },
    include: { effects: true },
  });
  expect(profile).toMatchObject({
    platformRank: "member",
    effects: [{ effectType: "glow", config: { color: "#fff" } }],
  });

  expect(await prisma.walletSignInNonce.findUniqueOrThrow({ where: { nonce: "n0nce" } })).toMatchObject({
    usedAt: null,
  });
  expect(await prisma.walletSession.findUniqueOrThrow({ where: { idHash: "ab12" } })).toMatchObject({
    walletAddress: wallet,
  });
  expect(await prisma.studioAuditEntry.findFirstOrThrow()).toMatchObject({
    actorWallet: wallet,
    actorIsAdmin: false,
    summary: { changes: ["Twitter"] },
  });
  expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
    holderKey: "ip:203.0.113.7",
    walletProven: true,
  });

  // Unique and referential rules hold at run time too.
  await expect(prisma.nft.create({ data: { collectionId: collection.id, tokenId: 1 } })).rejects.toThrow();
  await prisma.mintSession.delete({ where: { id: session.id } });
  expect(await prisma.mint.findUniqueOrThrow({ where: { nftId: nft.id } })).toMatchObject({ sessionId: null });
  await prisma.collection.delete({ where: { id: collection.id } });
  for (const model of modelNames) {
    const delegate = (prisma as unknown as Record<string, { count(): Promise<number> }>)[
      model[0]!.toLowerCase() + model.slice(1)
    ];
    const survivors = ["ApiKey", "Profile", "ProfileEffect", "WalletSignInNonce", "WalletSession", "StudioAuditEntry"]; // not owned by a collection
    expect(await delegate!.count(), model).toBe(survivors.includes(model) ? 1 : 0);
  }
  await prisma.apiKey.deleteMany();
  await prisma.profile.deleteMany();
  await prisma.walletSignInNonce.deleteMany();
  await prisma.walletSession.deleteMany();
  await prisma.studioAuditEntry.deleteMany();
}
