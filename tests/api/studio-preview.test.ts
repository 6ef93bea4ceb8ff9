// Issue 26: "The creator previews the drop page before launch, then launches." The preview page
// (/studio/new/preview/[uploadId]) shows a checked upload as the public drop page would show the
// launched drop: the same view, built from the plan the launch stages through create's own row
// mappings; after the launch the public page's read says the same. Only the upload's owner (or
// an admin) sees it; anyone else gets the 404 of no upload, and its media answer only the owner.
// On PGlite and on PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDropPreview } from "@/app/studio/new/preview/[uploadId]/load-preview";
import type { DropPagePreview } from "@/lib/services/studio-uploads";
import { getBountyPrizes, getBountySummary } from "@/lib/services/bounties";
import { getCollectionView } from "@/lib/services/collections";
import { databaseTargets } from "../helpers/databases";
import { callJson, callRoute } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { copyExample, editJson } from "../launch/helpers";
import { manifestOf } from "../launch/studio-upload-helpers";
import { matrixActors, matrixEnv, matrixWallets, type StudioActors } from "./studio-matrix";

const BOUNTY = { name: "Fifth moth", triggerMintCount: 5, prize: { kind: "sol", amount: 0.5 } };

async function uploadFolder(folder: string, headers: Record<string, string>): Promise<string> {
  const made = await callJson("POST", "/api/studio/uploads", { headers, body: { files: manifestOf(folder) } });
  const uploadId = made.body!.uploadId as string;
  const form = new FormData();
  for (const { path: file } of manifestOf(folder))
    form.append(file, new Blob([readFileSync(path.join(folder, file))]), "file");
  const request = new Request("http://x/", { method: "POST", body: form });
  const sent = await callJson("POST", `/api/studio/uploads/${uploadId}/files`, {
    headers: { ...headers, "content-type": request.headers.get("content-type")! },
    rawBody: new Uint8Array(await request.arrayBuffer()),
  });
  if (sent.status !== 200) throw new Error(`upload: ${sent.text}`);
  return uploadId;
}

/**
 * What the page shows, less what only a stored drop has (ids, the fair order's commitment made at
 * launch), the media's address (the upload's files, then the store's) and what the clock moves.
 */
function shown(view: { collection: Record<string, unknown>; stats: unknown; phases: { all: object[] } }) {
  const { id: _id, image: _image, bannerImage: _banner, fairness: _fair, ...collection } = view.collection;
  return {
    collection,
    stats: view.stats,
    phases: view.phases.all.map((phase) => {
      const { id: _phaseId, msUntilStart: _start, msUntilEnd: _end, ...rest } = phase as Record<string, unknown>;
      return rest;
    }),
  };
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the drop page's preview before launch on ${target.name}`, () => {
    let app: TestApp;
    let as: StudioActors;
    let uploadId: string;
    const owner = () => as.wallets.a.publicKey.toBase58();
    const asWallet = (actor: keyof StudioActors, wallet: string, id = uploadId) =>
      loadDropPreview(app.context(), {
        uploadId: id,
        wallet,
        cookie: (as[actor] as Record<string, string>).cookie ?? null,
      });

    beforeAll(async () => {
      const wallets = matrixWallets();
      app = await startTestApp(target, { seed: false, env: matrixEnv(wallets) });
      as = await matrixActors(wallets, "dm_live_unused");
      const folder = copyExample();
      editJson(path.join(folder, "config.json"), (config) => {
        config.creators[0].address = wallets.a.publicKey.toBase58();
      });
      editJson(path.join(folder, "dropmint.json"), (extras) => (extras.bounties = [BOUNTY]));
      uploadId = await uploadFolder(folder, as.owner);
    }, 180_000);
    afterAll(() => app?.close());

    it("shows its owner the drop page: name, phases with prices and dates, supply and the bounty", async () => {
      const preview = (await asWallet("owner", owner())) as Extract<DropPagePreview, { ok: true }>;
      expect(preview.ok).toBe(true);
      const { collection, stats, phases } = preview.collection;
      expect(collection).toMatchObject({ name: "Night Moths", shortId: "moths", isVerified: false });
      expect(stats).toMatchObject({ totalSupply: 10, mintedCount: 0 });
      // A fair drop's commitment is made at launch: the preview says so instead.
      expect([preview.fair, collection.fairness]).toEqual([true, null]);
      expect(phases.all.map((p) => [p.name, p.priceDisplay, p.startDate])).toEqual([
        ["Early moths", expect.objectContaining({ kind: "amount", isFree: false }), expect.any(String)],
        ["Public", expect.objectContaining({ kind: "amount", isFree: false }), expect.any(String)],
      ]);
      expect(preview.bounties.summary).toMatchObject({ has_bounties: true, remaining_bounties: 1 });
      expect(preview.bounties.prizes).toMatchObject({
        enabled: true,
        sections: [{ bounties: [{ name: "Fifth moth", token: { symbol: "SOL", amount: 500_000_000, decimals: 9 } }] }],
      });
      // Its cover is the uploaded file, which an <img> reads naming the owner in ?wallet= (no header).
      const cover = new URL(collection.image!);
      expect(cover.pathname).toMatch(new RegExp(`^/api/studio/uploads/${uploadId}/files/`));
      expect(cover.searchParams.get("wallet")).toBe(owner());
      const img = { cookie: as.owner.cookie!, "sec-fetch-site": "same-origin" };
      const image = await callRoute("GET", `${cover.pathname}${cover.search}`, { headers: img });
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
    });

    it("shows nothing to anyone else: another creator, a signed-out browser, a stranger, another's cookie", async () => {
      expect(await asWallet("other", as.wallets.b.publicKey.toBase58())).toBeNull();
      expect(await asWallet("other", owner())).toBeNull(); // B's cookie cannot name A
      expect(await asWallet("signedOut", owner())).toBeNull();
      expect(await asWallet("stranger", as.wallets.stranger.publicKey.toBase58())).toBeNull();
      expect(await asWallet("owner", owner(), "00000000-0000-4000-8000-000000000000")).toBeNull();
      expect(await asWallet("admin", as.wallets.admin.publicKey.toBase58())).toMatchObject({ ok: true });

      // Its media: another creator's ?wallet= finds no upload; naming the owner without its cookie is refused.
      const preview = (await asWallet("owner", owner())) as Extract<DropPagePreview, { ok: true }>;
      const cover = new URL(preview.collection.collection.image!);
      const asB = { cookie: as.other.cookie!, "sec-fetch-site": "same-origin" };
      const bWallet = encodeURIComponent(as.wallets.b.publicKey.toBase58());
      const mine = await callJson("GET", `${cover.pathname}?wallet=${bWallet}`, { headers: asB });
      expect([mine.status, mine.body!.code]).toEqual([404, "UPLOAD_NOT_FOUND"]);
      const named = await callJson("GET", `${cover.pathname}${cover.search}`, { headers: asB });
      expect([named.status, named.body!.code]).toEqual([401, "WALLET_PROOF_REQUIRED"]);
      const crossSite = { cookie: as.owner.cookie!, "sec-fetch-site": "cross-site" };
      const other = await callJson("GET", `${cover.pathname}${cover.search}`, { headers: crossSite });
      expect([other.status, other.body!.code]).toEqual([403, "ORIGIN_NOT_ALLOWED"]);
    });

    it("is what the public drop page shows once the drop is launched", async () => {
      const preview = (await asWallet("owner", owner())) as Extract<DropPagePreview, { ok: true }>;
      const launched = await callJson("POST", `/api/studio/uploads/${uploadId}/launch`, { headers: as.owner });
      expect(launched.status, launched.text).toBe(200);
      const ctx = app.context();
      const id = launched.body!.collectionId as string;
      const live = await getCollectionView(ctx, id);
      expect(shown(preview.collection)).toEqual(shown(live));
      expect(live.collection.fairness).toMatchObject({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(preview.bounties.summary).toEqual(await getBountySummary(ctx, id));
      const board = (prizes: unknown) =>
        JSON.parse(JSON.stringify(prizes, (k, v) => (k === "id" || k === "prize_account" ? undefined : v)));
      expect(board(preview.bounties.prizes)).toEqual(board(await getBountyPrizes(ctx, id)));
    });
  });
}
