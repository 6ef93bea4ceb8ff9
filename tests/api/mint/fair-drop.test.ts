// A provably fair drop: committed to a secret order before its mint opens, it hands NFTs out
// in exactly that order, never tells a buyer which NFT a prepare holds (not in the response,
// the transaction, the gallery or /nft), publishes its seed only once nothing is left to
// mint, and the published seed reproduces the commitment and the order the mints followed.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairCommitment, fairOrder } from "@/lib/domain/fair-order";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import { executeMintResultSchema, preparedMintResponseSchema, type PreparedMintResponse } from "@/lib/schemas/mint";
import { commitFairOrder } from "@/lib/services/fairness";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, onChainMetadataName, signPrepared, type FixtureDrop } from "./fixtures";

const SUPPLY = 6;

for (const target of databaseTargets) {
  // A story, in order: the drop sells out, then its published seed is verified (shuffle off: the order is the test).
  describe.skipIf(!target.available)(`a provably fair drop on ${target.name}`, { shuffle: false }, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;
    let commitment: string;
    const headers = () => ({ "x-api-key": key });
    const collection = async () =>
      collectionResponseSchema.parse(
        (await callJson("GET", `/api/v1/collections/${drop.shortId}`, { headers: headers() })).body,
      );
    const prepare = async (walletAddress: string): Promise<PreparedMintResponse> => {
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: headers(),
        body: { collectionId: drop.collectionId, phaseId: drop.phaseId, walletAddress, quantity: 1 },
      });
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.parse(response.body);
    };
    const heldTokenId = async (prepared: PreparedMintResponse) => {
      const session = await app.runtime.database.prisma.mintSession.findUniqueOrThrow({
        where: { id: prepared.sessions[0]!.sessionId },
        include: { nft: true },
      });
      return session.nft!.tokenId!;
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await createFixtureDrop(app, { shortId: "fixture-fair", price: 50_000_000n, supply: SUPPLY });
      commitment = await commitFairOrder(app.runtime.database.prisma, drop.collectionId);
      key = await app.createKey({ keyClass: "live", collections: ["fixture-fair"] });
    });
    afterAll(() => app?.close());

    it("publishes the commitment, not the seed, while NFTs are left", async () => {
      const { collection: record } = await collection();
      expect(record.fairness).toEqual({
        algorithm: "dropmint-fair-order-v1",
        commitment,
        seed: null,
        tokenIds: { from: 1, to: SUPPLY },
        verifyScript: expect.stringMatching(/\/fairness\/verify\.mjs$/),
      });
      // The first-party router (which the verification script reads) carries the same record.
      const site = await callJson("GET", `/api/public/collection/${drop.shortId}`, {
        headers: { origin: TEST_SITE_ORIGIN },
      });
      expect((site.body as { collection: { fairness: unknown } }).collection.fairness).toEqual(record.fairness);
    });

    it("hides which NFT a prepare holds: no nftIds, the drop's name on chain, the gallery and /nft unchanged", async () => {
      const galleryBefore = (
        await callJson("GET", `/api/v1/collections/${drop.shortId}/gallery`, { headers: headers() })
      ).text;
      const wallet = await fundedWallet(app);
      const prepared = await prepare(wallet.publicKey.toBase58());
      expect(prepared.sessions[0]!.nftIds).toEqual([]);
      const token = await heldTokenId(prepared);
      // The transaction names no token: its metadata instruction carries the drop's name and a uri of the new mint's address.
      const transaction = Transaction.from(Buffer.from(prepared.transactions[0]!.transaction, "base64"));
      const bytes = Buffer.concat(transaction.instructions.map((i) => i.data)).toString("latin1");
      expect(bytes).not.toContain(`Fixture #${token}`);
      expect(bytes).not.toMatch(new RegExp(`/m/fixture-fair/${token}\\b`));

      const mine = await callJson(
        "GET",
        `/api/v1/collections/${drop.shortId}/gallery?walletAddress=${wallet.publicKey.toBase58()}`,
        { headers: headers() },
      );
      const listed = galleryResponseSchema.parse(mine.body).nfts;
      expect(listed).toHaveLength(SUPPLY);
      expect(listed.every((n) => n.mint_status === "available" && n.reserved_by === null)).toBe(true);
      expect((await callJson("GET", `/api/v1/collections/${drop.shortId}/gallery`, { headers: headers() })).text).toBe(
        galleryBefore,
      );
      const nft = await callJson("GET", `/api/public/nft/${token}?collection=fixture-fair`, {
        headers: { origin: TEST_SITE_ORIGIN },
      });
      expect(nft.body).toMatchObject({ nft: { mintStatus: "available" } });

      // Executed, the result names it and its metadata resolves by the mint's address.
      const executed = executeMintResultSchema.parse(
        (
          await callJson("POST", "/api/v1/execute-mint", {
            headers: headers(),
            body: {
              sessionId: prepared.sessions[0]!.sessionId,
              signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
            },
          })
        ).body,
      );
      const minted = executed.nfts![0]!;
      expect(minted.tokenId).toBe(token);
      expect(await onChainMetadataName(app, minted.mintAddress)).toBe("Fixture fixture-fair");
      const metadata = await callJson("GET", `/m/fixture-fair/${minted.mintAddress}`);
      expect(metadata.body).toMatchObject({ name: `Fixture #${token}` });
    });

    it("hands the NFTs out in the committed order, gives a re-prepare the same NFT, and publishes the seed once sold out", async () => {
      const handedOut: number[] = [
        (
          await app.runtime.database.prisma.nft.findFirstOrThrow({
            where: { collectionId: drop.collectionId, status: "minted" },
          })
        ).tokenId!,
      ];
      // A wallet that prepares again (declining what it could not even see) gets the same NFT back: no re-roll.
      const undecided = await fundedWallet(app);
      const first = await heldTokenId(await prepare(undecided.publicKey.toBase58()));
      const again = await prepare(undecided.publicKey.toBase58());
      expect(await heldTokenId(again)).toBe(first);
      await callJson("POST", "/api/v1/execute-mint", {
        headers: headers(),
        body: {
          sessionId: again.sessions[0]!.sessionId,
          signedTransaction: signPrepared(again.transactions[0]!.transaction, undecided),
        },
      });
      handedOut.push(first);
      for (let i = handedOut.length; i < SUPPLY; i++) {
        const wallet = await fundedWallet(app);
        const prepared = await prepare(wallet.publicKey.toBase58());
        handedOut.push(await heldTokenId(prepared));
        const result = await callJson("POST", "/api/v1/execute-mint", {
          headers: headers(),
          body: {
            sessionId: prepared.sessions[0]!.sessionId,
            signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
          },
        });
        expect(result.status, result.text).toBe(200);
      }

      const { fairness } = (await collection()).collection;
      expect(fairness!.seed).toMatch(/^[0-9a-f]{64}$/);
      const order = fairOrder(fairness!.seed!, { from: 1, to: SUPPLY });
      expect(fairCommitment(fairness!.seed!, order)).toBe(commitment);
      expect(handedOut).toEqual(order);
      expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it("verifies with the script the docs give, from the values the drop published", async () => {
      const { fairness } = (await collection()).collection;
      const script = path.join(process.cwd(), "public/fairness/verify.mjs");
      const args = ["--seed", fairness!.seed!, "--from", "1", "--to", String(SUPPLY), "--commitment", commitment];
      const { stdout } = await promisify(execFile)(process.execPath, [script, ...args]);
      expect(stdout).toContain("✓ the seed and this order match the published commitment");
      expect(stdout).toContain(fairOrder(fairness!.seed!, { from: 1, to: SUPPLY }).join(", "));
      const tampered = await promisify(execFile)(process.execPath, [
        script,
        ...args.slice(0, -1),
        "0".repeat(64),
      ]).catch((error: { code: number; stdout: string }) => error);
      expect(tampered).toMatchObject({ code: 1, stdout: expect.stringContaining("do NOT match") });
    });

    // Issue 21 item 7: the verifier checks the mints themselves against the order, not only the hash.
    it("verifies the drop's mints against the order: in place, ahead of it (reported), or impossible (failed)", async () => {
      const { fairness } = (await collection()).collection;
      const order = fairOrder(fairness!.seed!, { from: 1, to: SUPPLY });
      const minted = await app.runtime.database.prisma.mint.findMany({
        where: { collectionId: drop.collectionId },
        orderBy: { mintedAt: "asc" },
        select: { nft: { select: { tokenId: true } } },
      });
      const mintedIds = minted.map((m) => m.nft.tokenId!);
      const script = path.join(process.cwd(), "public/fairness/verify.mjs");
      const run = (ids: number[]) =>
        promisify(execFile)(process.execPath, [
          script,
          ...["--seed", fairness!.seed!, "--from", "1", "--to", String(SUPPLY), "--commitment", commitment],
          ...["--minted", ids.join(",")],
        ]).catch((error: { code: number; stdout: string }) => error);
      expect(mintedIds).toEqual(order);
      expect(await run(mintedIds)).toMatchObject({
        stdout: expect.stringContaining(
          `✓ ${SUPPLY} mints checked against the order: ${SUPPLY} took exactly their place`,
        ),
      });
      const swapped = [order[1]!, order[0]!, ...order.slice(2)];
      expect(await run(swapped)).toMatchObject({
        stdout: expect.stringContaining("1 went ahead of it (at most 1 places)"),
      });
      expect(await run([...order.slice(0, 2), order[0]!])).toMatchObject({
        code: 1,
        stdout: expect.stringContaining(`token ${order[0]} was minted twice`),
      });
      expect(await run([SUPPLY + 1])).toMatchObject({
        code: 1,
        stdout: expect.stringContaining(`token ${SUPPLY + 1}, which is not in the committed order`),
      });
    });

    it("refuses to price a range phase by rarity, which would tell the buyer what comes next", async () => {
      const ranged = await createFixtureDrop(app, { shortId: "fixture-fair-range", price: 10_000_000n, supply: 3 });
      await commitFairOrder(app.runtime.database.prisma, ranged.collectionId);
      await app.runtime.database.prisma.phase.update({
        where: { id: ranged.phaseId },
        data: { priceModel: "range", priceMax: 90_000_000n },
      });
      const rangeKey = await app.createKey({ keyClass: "live", collections: ["fixture-fair-range"] });
      const wallet = await fundedWallet(app);
      const refused = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": rangeKey },
        body: {
          collectionId: ranged.collectionId,
          phaseId: ranged.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      expect([refused.status, errorBodySchema.parse(refused.body).code]).toEqual([
        409,
        "MINT_NOT_SUPPORTED_BY_SURFACE",
      ]);
    });
  });
}
