// Issue 26, item 2: a creator manages its drop in the studio through the CLI's own update:
// the same rules after the first mint with the same reasons, allowlist uploads with every bad
// line named, claim-code batches (generate, export, revoke), and an audit log of every change.
// On PGlite and on PostgreSQL.
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { signInCookie } from "../helpers/wallet-sign-in";
import { editJson, launchFolder } from "../launch/helpers";
import { fundedWallet, signPrepared } from "./mint/fixtures";
import { launchCreatorDrop } from "./studio-fixtures";

const GOOD = ["B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d", "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`managing a drop in the studio on ${target.name}`, () => {
    let app: TestApp;
    let drop: { id: string; shortId: string; folder: string };
    const creator = Keypair.generate();
    let headers: Record<string, string>;
    const studio = (method: string, url: string, body?: unknown) =>
      callJson(method, `/api/studio/drops/moths${url}`, { headers, ...(body === undefined ? {} : { body }) });
    const auditActions = async () =>
      ((await studio("GET", "/audit")).body!.entries as Array<{ action: string }>).map((entry) => entry.action);

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await launchCreatorDrop(app, creator);
      const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.80" };
      headers = { ...site, cookie: await signInCookie(creator, site), "x-studio-wallet": creator.publicKey.toBase58() };
    }, 180_000);
    afterAll(() => app?.close());

    it("keeps the drop its creator's when the CLI updates the creators list", async () => {
      const creators = (list: string) =>
        editJson(path.join(drop.folder, "config.json"), (config) => {
          config.creators[0].address = list;
        });
      creators(GOOD[1]!);
      expect((await launchFolder(app, drop.folder, "update")).outcome).toBe("updated");
      const row = await app.context().db.collection.findUniqueOrThrow({ where: { id: drop.id } });
      expect(row.creatorWallet).toBe(creator.publicKey.toBase58());
      expect((await studio("GET", "")).status).toBe(200);
      creators(creator.publicKey.toBase58());
      expect((await launchFolder(app, drop.folder, "update")).outcome).toBe("updated");
    });

    it("records who changed what and when: the CLI's change lines, before → after", async () => {
      const edit = await studio("PATCH", "", { twitter: "@night_moths", bannerImage: null });
      expect(edit.status, edit.text).toBe(200);
      expect(edit.body).toMatchObject({ outcome: "updated", changes: ['Twitter: "@dropmint" → "@night_moths"'] });
      expect((await studio("PATCH", "", { twitter: "@night_moths" })).body).toMatchObject({ outcome: "unchanged" });
      const { entries } = (await studio("GET", "/audit")).body!;
      expect(entries).toHaveLength(1); // nothing changed, nothing recorded
      expect(entries[0]).toMatchObject({
        actorWallet: creator.publicKey.toBase58(),
        actorIsAdmin: false,
        action: "details",
        summary: { changes: ['Twitter: "@dropmint" → "@night_moths"'] },
      });
      expect(Date.now() - Date.parse(entries[0].createdAt)).toBeLessThan(60_000);
      expect((await studio("GET", "")).body!.drop.twitter).toBe("@night_moths");
    });

    it("names every bad line of an allowlist upload (CSV and JSON) and changes nothing", async () => {
      const early = (await studio("GET", "/phases")).body!.phases[0];
      const before = await auditActions();
      const csv = ["wallet", GOOD[0], "not-a-wallet", "", GOOD[1], `${GOOD[0]},note`, "0x1234"].join("\n");
      const bad = await studio("PUT", `/phases/${early.id}/allowlist`, { format: "csv", text: csv });
      expect(bad.status, bad.text).toBe(400);
      expect(errorBodySchema.parse(bad.body).code).toBe("ALLOWLIST_INVALID");
      expect(bad.body!.problems).toEqual([
        { line: 3, reason: "is not a base58 Solana address" },
        { line: 6, reason: `${GOOD[0]} is listed twice` },
        { line: 7, reason: "is not a base58 Solana address" },
      ]);
      const json = `[\n  "${GOOD[0]}",\n  42,\n  "${GOOD[1]}",\n  "nope"\n]`;
      const badJson = await studio("PUT", `/phases/${early.id}/allowlist`, { format: "json", text: json });
      expect(badJson.body!.problems).toEqual([
        { line: 3, reason: "is not a base58 Solana address" },
        { line: 5, reason: "is not a base58 Solana address" },
      ]);
      expect((await studio("GET", "/phases")).body!.phases[0].allowlistSize).toBe(early.allowlistSize);
      expect(await auditActions()).toEqual(before);

      const good = await studio("PUT", `/phases/${early.id}/allowlist`, { format: "csv", text: GOOD.join("\n") });
      expect(good.status, good.text).toBe(200);
      expect((await studio("GET", "/phases")).body!.phases[0].allowlistSize).toBe(2);
      expect((await auditActions())[0]).toBe("allowlist");
    });

    it("generates a claim-code batch of a kind and count, exports it as CSV, and revokes it", async () => {
      const made = await studio("POST", "/claim-codes", { name: "Press", grantType: "whitelist", count: 25 });
      expect(made.status, made.text).toBe(200);
      expect(made.body!.batch).toMatchObject({ name: "Press", grantType: "whitelist", codes: 25, disabled: 0 });
      const exported = await studio("GET", `/claim-codes/${made.body!.batch.id}/export`);
      const lines = (exported.body!.csv as string).trim().split("\n");
      expect(lines[0]).toBe("code,max_uses,uses,disabled");
      expect(lines).toHaveLength(26);
      expect(new Set(lines.slice(1).map((line) => line.split(",")[0])).size).toBe(25);
      for (const line of lines.slice(1)) expect(line).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3},,0,false$/);

      const revoked = await studio("DELETE", `/claim-codes/${made.body!.batch.id}`);
      expect(revoked.status, revoked.text).toBe(200);
      const batches = (await studio("GET", "/claim-codes")).body!.batches as Array<{ name: string }>;
      expect(batches.map((b) => b.name)).toEqual(["Friends of the moths"]); // before the first mint: removed
    });

    it("after the first mint: the CLI's refusals, word for word; prices still move; codes are revoked by disabling", async () => {
      const key = await app.createKey({ keyClass: "live", collections: ["moths"] });
      const phases = (await studio("GET", "/phases")).body!.phases;
      const wallet = await fundedWallet(app);
      const prepared = preparedMintResponseSchema.parse(
        (
          await callJson("POST", "/api/v1/prepare-mint", {
            headers: { "x-api-key": key },
            body: {
              collectionId: drop.id,
              phaseId: phases[1].id,
              walletAddress: wallet.publicKey.toBase58(),
              quantity: 1,
            },
          })
        ).body,
      );
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: {
          sessionId: prepared.sessions[0]!.sessionId,
          signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
        },
      });
      expect(executeMintResultSchema.parse(executed.body).success).toBe(true);

      const before = await auditActions();
      const generate = await studio("POST", "/claim-codes", { name: "Late", grantType: "free_mint", count: 2 });
      expect(generate.status, generate.text).toBe(409);
      expect(generate.body!.code).toBe("LAUNCH_REFUSED");
      const codesRule =
        "The claim codes cannot change once minting began (1 NFT is already minted): a code may already have been redeemed.";
      expect(generate.body!.refusals).toEqual([codesRule]);
      // The CLI, asked for the same kind of change, refuses with the very sentence.
      editJson(path.join(drop.folder, "dropmint.json"), (extras) => {
        extras.claimCodes[0].maxUses = 4;
      });
      const cli = await launchFolder(app, drop.folder, "update").catch((error: unknown) => error);
      expect((cli as AppError).message).toContain(codesRule);

      type PhaseView = Record<string, unknown> & { id: string; allowlistSize: number | null };
      const phasesWith = (change: Record<string, unknown>) =>
        (phases as PhaseView[]).map(({ id: _id, allowlistSize, priceSol: _sol, ...phase }, i) => ({
          ...phase,
          allowlist: allowlistSize === null ? null : "keep",
          ...(i === 1 ? change : {}),
        }));
      const relabel = await studio("PUT", "/phases", { phases: phasesWith({ label: "later" }) });
      expect(relabel.status, relabel.text).toBe(409);
      expect(relabel.body!.refusals).toEqual([
        "Phase 2 (Public) cannot be relabelled (public → later): NFTs were minted in it; add new groups after it instead.",
      ]);
      const price = await studio("PUT", "/phases", { phases: phasesWith({ price: "150000000" }) });
      expect(price.status, price.text).toBe(200);
      expect(price.body!.changes).toEqual(["Phase 2 (Public): settings changed"]);
      const repriced = (await studio("GET", "/phases")).body!.phases[1];
      expect([repriced.price, repriced.priceSol]).toEqual(["150000000", "0.15"]);

      const [friends] = (await studio("GET", "/claim-codes")).body!.batches;
      const revoke = await studio("DELETE", `/claim-codes/${friends.id}`);
      expect(revoke.body!.batch).toMatchObject({ codes: 1, disabled: 1 });
      const check = await callJson("POST", "/api/v1/collections/moths/claim-codes/validate", {
        headers: { "x-api-key": key },
        body: { code: "MOTH-FRIENDS" },
      });
      expect(check.body).toMatchObject({ valid: false, reason: "disabled" });
      expect((await auditActions()).slice(0, 2)).toEqual(["claim-codes.revoke", "phases"]);
      expect(await auditActions()).toHaveLength(before.length + 2);
    });
  });
}
