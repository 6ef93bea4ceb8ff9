// A Sugar folder becomes a drop, on PGlite and on PostgreSQL, with the real embedded chain:
// its v1 collection, phases, gallery and traits are the files', its media are served from the
// store by content hash, a second create finds the drop instead of making another, and
// update changes what it may before the first mint and refuses, changing nothing, what would
// break an NFT already sold after it.
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionKeypairForDrop } from "@/lib/chain";
import { AppError } from "@/lib/errors";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { traitsResponseSchema } from "@/lib/schemas/traits";
import { eligibilityResponseSchema } from "@/lib/schemas/eligibility";
import { databaseTargets } from "../helpers/databases";
import { callJson, callRoute } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { fundedWallet, signPrepared } from "../api/mint/fixtures";
import { readDropFolder } from "@/lib/launch/read-folder";
import { copyExample, editJson, launchFolder, readJson } from "./helpers";

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a drop launched from a Sugar folder on ${target.name}`, () => {
    let app: TestApp;
    let folder: string;
    let key: string;
    const headers = () => ({ "x-api-key": key });
    const collection = async () =>
      collectionResponseSchema.parse((await callJson("GET", "/api/v1/collections/moths", { headers: headers() })).body);

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      folder = copyExample();
    });
    afterAll(() => app?.close());

    it("creates the drop: the v1 collection and phases say what config.json and dropmint.json say", async () => {
      const created = await launchFolder(app, folder, "create");
      expect(created.outcome).toBe("created");
      expect(created.lines.join("\n")).toContain(`${TEST_SITE_ORIGIN}/d/moths`);
      key = await app.createKey({ keyClass: "live", collections: ["moths"] });

      const drop = await collection();
      const collectionJson = readJson(path.join(folder, "assets/collection.json"));
      expect(drop.collection).toMatchObject({
        shortId: "moths",
        name: collectionJson.name,
        symbol: "MOTH",
        description: collectionJson.description,
        twitter: "@dropmint",
      });
      expect(drop.collection.image).toMatch(
        new RegExp(
          `^${TEST_SITE_ORIGIN}/media/moths/${sha256(path.join(folder, "assets/collection.png"))}\\.w600\\.webp$`,
        ),
      );
      // The collection was created on chain at the address derived from the short ID.
      expect(drop.collection.collectionAddress).toBe(
        collectionKeypairForDrop(app.runtime.keys.mintKeySecret, "moths").publicKey.toBase58(),
      );
      expect(await app.runtime.chain.getAccountInfo(drop.collection.collectionAddress!)).not.toBeNull();
      expect(drop.stats).toMatchObject({ totalSupply: 10, mintedCount: 0, availableCount: 10 });

      const [early, pub] = drop.phases.all;
      expect(drop.phases.all).toHaveLength(2);
      expect(early).toMatchObject({
        name: "Early moths",
        isGated: true,
        maxPerWallet: 2,
        phaseSupply: null,
        startDate: "2025-01-01T00:00:00.000Z",
        endDate: null,
        status: "active",
      });
      expect(early!.priceDisplay).toMatchObject({ kind: "amount", amount: 0.05, currency: "SOL" });
      // The default guards (solPayment 0.1) merged under the public group's own.
      expect(pub).toMatchObject({
        name: "Public",
        isGated: false,
        maxPerWallet: 5,
        phaseSupply: 8,
        maxPerTransaction: 2,
      });
      expect(pub!.priceDisplay).toMatchObject({ kind: "amount", amount: 0.1 });
      // isSequential false: a provably fair (shuffled, committed) order.
      expect(drop.collection.fairness?.commitment).toMatch(/^[0-9a-f]{64}$/);
      // dropmint.json's claim codes: the drop requires them (derived, as npm run drop stores no feature list),
      // and its SOL prices are minted through the API.
      expect(drop.capabilities).toEqual({ requiresFeatures: ["claim_codes"], supportedBySurface: true, mintUrl: null });

      // The allowlist file's wallets are on the early phase's allowlist; others are not.
      const allowlisted = readJson<string[]>(path.join(folder, "allowlist.json"))[0]!;
      const verdict = async (wallet: string) =>
        eligibilityResponseSchema.parse(
          (
            await callJson("GET", `/api/v1/collections/moths/eligibility/${early!.id}/${wallet}`, {
              headers: headers(),
            })
          ).body,
        );
      expect(await verdict(allowlisted)).toMatchObject({ gated: true, onAllowlist: true, meetsRequirements: true });
      expect(await verdict("11111111111111111111111111111112")).toMatchObject({ meetsRequirements: false });
    });

    it("the gallery and traits are the asset files', and the media are served immutable by content hash", async () => {
      const gallery = galleryResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths/gallery", { headers: headers() })).body,
      );
      expect(gallery.total).toBe(10);
      for (const nft of gallery.nfts) {
        const metadata = readJson(path.join(folder, `assets/${nft.token_id}.json`));
        const imageHash = sha256(path.join(folder, `assets/${nft.token_id}.png`));
        expect(nft).toMatchObject({
          name: metadata.name,
          description: metadata.description,
          attributes: metadata.attributes,
          media_type: "image/png",
        });
        expect(nft.image_url).toBe(`${TEST_SITE_ORIGIN}/media/moths/${imageHash}.png`);
        expect(nft.preview_image_url).toBe(`${TEST_SITE_ORIGIN}/media/moths/${imageHash}.w600.webp`);
      }
      const original = await callRoute("GET", new URL(gallery.nfts[0]!.image_url!).pathname);
      expect(original.status).toBe(200);
      expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(original.headers.get("content-type")).toBe("image/png");
      expect(
        Buffer.from(await original.arrayBuffer()).equals(
          readFileSync(path.join(folder, `assets/${gallery.nfts[0]!.token_id}.png`)),
        ),
      ).toBe(true);
      const variant = await callRoute("GET", new URL(gallery.nfts[0]!.preview_image_url!).pathname);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect((await callRoute("GET", "/media/moths/../../keys/mint-authority.json")).status).toBe(404);

      const traits = traitsResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths/traits", { headers: headers() })).body,
      );
      const counts = new Map<string, number>();
      for (let i = 0; i < 10; i++) {
        for (const a of readJson(path.join(folder, `assets/${i}.json`)).attributes as Array<{
          trait_type: string;
          value: string;
        }>) {
          counts.set(`${a.trait_type}/${a.value}`, (counts.get(`${a.trait_type}/${a.value}`) ?? 0) + 1);
        }
      }
      const served = new Map(
        traits.traits.flatMap((t) => t.values.map((v) => [`${t.traitType}/${v.value}`, v.count] as const)),
      );
      expect(served).toEqual(counts);
      expect(traits.totalNfts).toBe(10);
    });

    it("a second create of the same folder finds the drop: nothing new in the database or on chain", async () => {
      const authority = app.runtime.keys.mintAuthority.publicKey.toBase58();
      const balance = await app.runtime.chain.getBalance(authority);
      const again = await launchFolder(app, folder, "create");
      expect(again.outcome).toBe("already-created");
      expect(await app.runtime.database.prisma.collection.count({ where: { shortId: "moths" } })).toBe(1);
      expect(await app.runtime.chain.getBalance(authority)).toBe(balance);
    });

    it("hiddenSettings: a delayed reveal behind the placeholder, its hash checked against the assets and shown as the drop's commitment", async () => {
      const hidden = copyExample();
      const read = await readDropFolder(hidden);
      if (!read.ok) throw new Error("the example should pass");
      editJson(
        path.join(hidden, "config.json"),
        (c) =>
          (c.hiddenSettings = {
            name: "Night Moth #$ID$",
            uri: "https://example.com/hidden.json",
            hash: read.draft.assetsHash,
          }),
      );
      editJson(path.join(hidden, "dropmint.json"), (d) => (d.shortId = "moths-hidden"));
      expect((await launchFolder(app, hidden, "create")).outcome).toBe("created");
      const hiddenKey = await app.createKey({ keyClass: "live", collections: ["moths-hidden"] });
      const drop = collectionResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths-hidden", { headers: { "x-api-key": hiddenKey } })).body,
      );
      expect(drop.collection.fairness).toMatchObject({
        assetsHash: read.draft.assetsHash,
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const gallery = galleryResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths-hidden/gallery", { headers: { "x-api-key": hiddenKey } }))
          .body,
      );
      expect(gallery.nfts[0]).toMatchObject({
        name: "Night Moths (unrevealed)",
        attributes: [],
        image_url: drop.collection.image,
      });
      const traits = traitsResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths-hidden/traits", { headers: { "x-api-key": hiddenKey } }))
          .body,
      );
      expect(traits.traits).toEqual([]);
      // The metadata JSON states the royalties, revealed or not.
      const metadata = await callJson("GET", "/m/moths-hidden/0");
      expect(metadata.body).toMatchObject({ seller_fee_basis_points: 500, properties: { creators: [{ share: 100 }] } });
    });

    it("update before the first mint: prices, windows and NFT metadata change; the symbol cannot", async () => {
      editJson(path.join(folder, "config.json"), (c) => {
        c.guards.default.solPayment.value = 0.2;
        c.guards.groups[0].guards.endDate = { date: "2031-01-01T00:00:00Z" };
      });
      editJson(path.join(folder, "assets/3.json"), (m) => {
        m.name = "Night Moth #3 (renamed)";
      });
      const updated = await launchFolder(app, folder, "update");
      expect(updated.outcome).toBe("updated");
      const drop = await collection();
      expect(drop.phases.all[1]!.priceDisplay).toMatchObject({ amount: 0.2 });
      expect(drop.phases.all[0]!.endDate).toBe("2031-01-01T00:00:00.000Z");
      expect(
        (
          await app.runtime.database.prisma.nft.findFirstOrThrow({
            where: { tokenId: 3, collection: { shortId: "moths" } },
          })
        ).name,
      ).toBe("Night Moth #3 (renamed)");
      // The fair order was committed afresh for the new assets.
      expect(drop.collection.fairness?.commitment).toMatch(/^[0-9a-f]{64}$/);

      editJson(path.join(folder, "config.json"), (c) => {
        c.symbol = "MOTHS";
      });
      await expect(launchFolder(app, folder, "update")).rejects.toThrow(/The symbol cannot change/);
      editJson(path.join(folder, "config.json"), (c) => {
        c.symbol = "MOTH";
      });
    });

    it("update after the first mint: refuses changes to sold NFTs' assets and royalties with the reason, changing nothing; prices still move", async () => {
      const drop = await collection();
      const pub = drop.phases.all[1]!;
      const wallet = await fundedWallet(app);
      const prepared = preparedMintResponseSchema.parse(
        (
          await callJson("POST", "/api/v1/prepare-mint", {
            headers: headers(),
            body: {
              collectionId: drop.collection.id,
              phaseId: pub.id,
              walletAddress: wallet.publicKey.toBase58(),
              quantity: 1,
            },
          })
        ).body,
      );
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: headers(),
        body: {
          sessionId: prepared.sessions[0]!.sessionId,
          signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      expect(executeMintResultSchema.parse(executed.body).success).toBe(true);

      const before = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "moths" } });
      const original0 = readFileSync(path.join(folder, "assets/0.json"), "utf8");
      editJson(path.join(folder, "assets/0.json"), (m) => {
        m.attributes[0].value = "Gold";
      });
      editJson(path.join(folder, "config.json"), (c) => {
        c.sellerFeeBasisPoints = 1000;
        c.guards.groups[1].guards.redeemedAmount.maximum = 8;
      });
      const refusal = await launchFolder(app, folder, "update").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe("LAUNCH_REFUSED");
      expect((refusal as AppError).message).toMatch(/Nothing was changed/);
      expect((refusal as AppError).message).toMatch(/The assets cannot change \(token 0\): 1 NFT is already minted/);
      expect((refusal as AppError).message).toMatch(/Royalties \(sellerFeeBasisPoints\) cannot change/);
      const after = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "moths" } });
      expect(after.importFingerprint).toBe(before.importFingerprint);
      expect(after.sellerFeeBasisPoints).toBe(500);

      // Back to the sold assets and royalties: a new price is fine.
      writeFileSync(path.join(folder, "assets/0.json"), original0);
      editJson(path.join(folder, "config.json"), (c) => {
        c.sellerFeeBasisPoints = 500;
        c.guards.default.solPayment.value = 0.15;
      });
      expect((await launchFolder(app, folder, "update")).outcome).toBe("updated");
      expect((await collection()).phases.all[1]!.priceDisplay).toMatchObject({ amount: 0.15 });
    });

    it("nftGate: a collection minted elsewhere is refused with the reason, writing nothing; a drop's own collection is kept (issue 23, item 4)", async () => {
      const gated = copyExample();
      editJson(path.join(gated, "dropmint.json"), (d) => (d.shortId = "gated-moths"));
      editJson(path.join(gated, "config.json"), (c) => {
        delete c.guards.groups[0].guards.allowList;
        // A Metaplex collection of another site: no holder of it would ever be recognised here.
        c.guards.groups[0].guards.nftGate = { requiredCollection: "SMBtHCCC6RYRutFEPb4gZqeBLUZbMNhRKaMKZZLHi7W" };
      });
      const refusal = await launchFolder(app, gated, "create").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe("LAUNCH_REFUSED");
      expect((refusal as AppError).message).toMatch(
        /SMBtHCCC6RYRutFEPb4gZqeBLUZbMNhRKaMKZZLHi7W is not a collection of a drop on this site/,
      );
      expect(await app.runtime.database.prisma.collection.findUnique({ where: { shortId: "gated-moths" } })).toBeNull();

      const moths = (await collection()).collection.collectionAddress!;
      editJson(path.join(gated, "config.json"), (c) => (c.guards.groups[0].guards.nftGate.requiredCollection = moths));
      expect((await launchFolder(app, gated, "create")).outcome).toBe("created");
    });

    // Issue 21 item 7: the seed is published once every phase has ended; a sale extended or
    // reopened after that would hand out NFTs in an order anyone can compute.
    it("update once a fair drop's seed is published: the phases are final, refused with the reason", async () => {
      const collectionId = (await collection()).collection.id;
      await app.runtime.database.prisma.phase.updateMany({
        where: { collectionId },
        data: { startDate: new Date(Date.now() - 120_000), endDate: new Date(Date.now() - 60_000) },
      });
      expect((await collection()).collection.fairness?.seed).toMatch(/^[0-9a-f]{64}$/);
      const refusal = await launchFolder(app, folder, "update").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe("LAUNCH_REFUSED");
      expect((refusal as AppError).message).toMatch(/The phases are final: the fair order's seed is published/);
      const phases = await app.runtime.database.prisma.phase.findMany({ where: { collectionId } });
      expect(phases.every((phase) => phase.endDate !== null && phase.endDate.getTime() < Date.now())).toBe(true);
    });
  });
}
