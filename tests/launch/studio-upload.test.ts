// The studio's upload services on PGlite and PostgreSQL with the real embedded chain: a Sugar
// folder sent file by file resumes after an interruption, is checked by exactly the checks of
// `npm run drop -- validate` (every planted problem listed with its file and JSON path, the
// same list the command prints), and launches the drop the command would create, its media
// in the same store, owned by the signed-in creator.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { readDropFolder } from "@/lib/launch/read-folder";
import { localMediaDir, openLocalMediaStore } from "@/lib/media/media-store";
import type { ServiceContext } from "@/lib/services/context";
import type { StudioCaller } from "@/lib/services/studio/owned-drops";
import {
  createUpload,
  getUploadStatus,
  launchUpload,
  receiveUploadChunk,
  validateUpload,
} from "@/lib/services/studio-uploads";
import { databaseTargets } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { copyExample, editJson, launchFolder } from "./helpers";
import { manifestOf, rangesOf } from "./studio-upload-helpers";

const stranger: StudioCaller = { wallet: Keypair.generate().publicKey.toBase58(), isAdmin: false };

async function uploadAll(ctx: ServiceContext, wallet: StudioCaller, uploadId: string, folder: string, chunk = 1 << 20) {
  const status = await getUploadStatus(ctx, wallet, uploadId);
  for (const file of status.files) {
    if (file.received === file.size && file.size > 0) continue;
    for (const range of rangesOf(folder, file, chunk)) {
      const start = Number(/^bytes (\d+)/.exec(range.contentRange ?? "bytes 0")![1]);
      if (start + range.bytes.length <= file.received && file.received > 0) continue;
      await receiveUploadChunk(ctx, wallet, { uploadId, path: file.path, ...range });
    }
  }
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`studio uploads on ${target.name}`, () => {
    let app: TestApp;
    let cliApp: TestApp;
    let creator: StudioCaller;
    beforeEach(() => {
      creator = { wallet: Keypair.generate().publicKey.toBase58(), isAdmin: false };
    });
    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
    });
    afterAll(async () => {
      await app?.close();
      await cliApp?.close();
    });

    it("resumes an interrupted upload: what arrived is kept, a wrong offset is refused with where to resume", async () => {
      const folder = copyExample();
      const ctx = app.context();
      const files = manifestOf(folder);
      const { uploadId } = await createUpload(ctx, creator, files);
      const big = files.find((f) => f.path === "assets/0.png")!;
      const ranges = rangesOf(folder, big, 100);
      expect(ranges.length).toBeGreaterThan(2);
      await receiveUploadChunk(ctx, creator, { uploadId, path: big.path, ...ranges[0]! });
      // The browser reloads: the status says how far the file got.
      const status = await getUploadStatus(ctx, creator, uploadId);
      expect(status.files.find((f) => f.path === big.path)!.received).toBe(100);
      expect(status.filesComplete).toBe(0);
      // Skipping a range writes nothing and names the offset to resume from.
      const again = receiveUploadChunk(ctx, creator, { uploadId, path: big.path, ...ranges[2]! });
      await expect(again).rejects.toMatchObject({ code: "UPLOAD_OFFSET_MISMATCH", extra: { received: 100 } });
      await uploadAll(ctx, creator, uploadId, folder, 100);
      const done = await getUploadStatus(ctx, creator, uploadId);
      expect(done.filesComplete).toBe(files.length);
      expect(done.receivedBytes).toBe(done.totalBytes);
      const stored = readFileSync(
        path.join(app.runtime.config.dataDir, "studio-uploads", uploadId, "folder", big.path),
      );
      expect(stored.equals(readFileSync(path.join(folder, big.path)))).toBe(true);
      // Another wallet's upload reads exactly like one that does not exist.
      expect(await codeOf(getUploadStatus(ctx, stranger, uploadId))).toBe("UPLOAD_NOT_FOUND");
      expect(await codeOf(validateUpload(ctx, stranger, uploadId))).toBe("UPLOAD_NOT_FOUND");
      expect(await codeOf(launchUpload(ctx, stranger, uploadId))).toBe("UPLOAD_NOT_FOUND");
      rmSync(folder, { recursive: true, force: true });
    });

    it("refuses every path that leaves the folder, all at once, before anything is written", async () => {
      const ctx = app.context();
      const bad = ["../.env", "/etc/passwd", "assets/../../x.json", "assets\\0.png", "./config.json", ".git/config"];
      const refusal = await createUpload(ctx, creator, [
        { path: "config.json", size: 2 },
        ...bad.map((p) => ({ path: p, size: 1 })),
      ]).catch((e: AppError) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe("UPLOAD_PATH_REFUSED");
      const named = ((refusal as AppError).extra!.problems as Array<{ file: string }>).map((p) => p.file);
      expect(named.sort()).toEqual([...bad].sort());
    });

    it("lists every planted problem with its file and JSON path: the same list `npm run drop -- validate` prints", async () => {
      const folder = copyExample();
      editJson(path.join(folder, "config.json"), (c) => (c.guards.groups[0].guards.startDate.date = "next Tuesday"));
      editJson(path.join(folder, "assets/3.json"), (m) => delete m.name);
      writeFileSync(path.join(folder, "assets/5.png"), Buffer.from("GIF89a not really"));
      writeFileSync(path.join(folder, "assets/notes.txt"), "todo");
      editJson(path.join(folder, "dropmint.json"), (d) => (d.phases.presale = { name: "Presale" }));
      const ctx = app.context();
      const { uploadId } = await createUpload(ctx, creator, manifestOf(folder));
      await uploadAll(ctx, creator, uploadId, folder);
      const result = await validateUpload(ctx, creator, uploadId);
      expect(result.ok).toBe(false);
      expect(result.preview).toBeNull();
      const where = result.problems.map((p) => `${p.file} › ${p.path}`);
      expect(where).toEqual(
        expect.arrayContaining([
          "config.json › guards.groups[0].guards.startDate.date",
          "dropmint.json › phases.presale",
          "assets/3.json › name",
          "assets/5.png › ",
          "assets/notes.txt › ",
        ]),
      );
      const cli = await readDropFolder(folder);
      expect(cli.ok).toBe(false);
      expect(result.problems).toEqual(!cli.ok && cli.problems);
      expect(await codeOf(launchUpload(ctx, creator, uploadId))).toBe("UPLOAD_HAS_PROBLEMS");
      rmSync(folder, { recursive: true, force: true });
    });

    it("names the files still to come instead of launching a half-uploaded folder", async () => {
      const folder = copyExample();
      const ctx = app.context();
      const files = manifestOf(folder);
      const { uploadId } = await createUpload(ctx, creator, files);
      for (const file of files.filter((f) => f.path !== "assets/7.png"))
        for (const range of rangesOf(folder, file, 1 << 20))
          await receiveUploadChunk(ctx, creator, { uploadId, path: file.path, ...range });
      const result = await validateUpload(ctx, creator, uploadId);
      expect(result.missingFiles).toBe(1);
      expect(result.problems).toContainEqual({ file: "assets/7.png", path: "", message: "has not finished uploading" });
      expect(await codeOf(launchUpload(ctx, creator, uploadId))).toBe("UPLOAD_HAS_PROBLEMS");
      rmSync(folder, { recursive: true, force: true });
    });

    it("launches the drop `npm run drop -- create` makes of the same folder, media in the same store, owned by the creator", async () => {
      const folder = copyExample();
      const ctx = app.context();
      const { uploadId } = await createUpload(ctx, creator, manifestOf(folder));
      await uploadAll(ctx, creator, uploadId, folder);
      const checked = await validateUpload(ctx, creator, uploadId);
      expect(checked.problems).toEqual([]);
      expect(checked.preview).toMatchObject({ shortId: "moths", supply: 10, name: expect.any(String) });
      expect(checked.preview!.phases.map((p) => p.gate)).toEqual(["allowlist", "public"]);

      const launched = await launchUpload(ctx, creator, uploadId);
      expect(launched).toMatchObject({
        outcome: "created",
        shortId: "moths",
        url: expect.stringMatching(/\/d\/moths$/),
      });
      // The upload is gone once the drop exists.
      expect(await codeOf(getUploadStatus(ctx, creator, uploadId))).toBe("UPLOAD_NOT_FOUND");

      cliApp = await startTestApp(target, { seed: false });
      await launchFolder(cliApp, folder, "create");
      const rowsOf = async (db: TestApp) => {
        const drop = await db.context().db.collection.findUniqueOrThrow({
          where: { shortId: "moths" },
          include: { phases: { orderBy: { sortOrder: "asc" } }, nfts: { orderBy: { tokenId: "asc" } } },
        });
        const {
          id: _i,
          collectionAddress: _a,
          createdAt: _c,
          updatedAt: _u,
          fairCommitment: _f,
          fairSeed: _s,
          ...fields
        } = drop;
        return {
          fields: { ...fields, creatorWallet: undefined, phases: undefined, nfts: undefined },
          phases: drop.phases.map(({ id: _p, collectionId: _pc, createdAt: _pa, ...p }) => p),
          nfts: drop.nfts.map((n) => [n.tokenId, n.name, n.imageUrl, n.previewImageUrl, n.mediaType, n.attributes]),
          creatorWallet: drop.creatorWallet,
        };
      };
      const studio = await rowsOf(app);
      const cli = await rowsOf(cliApp);
      expect(studio.fields).toEqual(cli.fields);
      expect(studio.phases).toEqual(cli.phases);
      expect(studio.nfts).toEqual(cli.nfts);
      expect(studio.creatorWallet).toBe(creator.wallet);
      expect(cli.creatorWallet).toBe("B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d");
      // Media: the same keys in the same kind of store the command writes to.
      const keysOf = (a: TestApp) => openLocalMediaStore(localMediaDir(a.runtime.config.dataDir)).list("moths");
      expect((await keysOf(app)).sort()).toEqual((await keysOf(cliApp)).sort());
      expect((await keysOf(app)).length).toBeGreaterThan(10);

      // Another creator's folder under the same short ID is refused, and leaves nothing stored.
      const { uploadId: other } = await createUpload(ctx, stranger, manifestOf(folder));
      await uploadAll(ctx, stranger, other, folder);
      expect(await codeOf(launchUpload(ctx, stranger, other))).toBe("LAUNCH_REFUSED");
      rmSync(folder, { recursive: true, force: true });
    });

    it("keeps at most a few open uploads per wallet", async () => {
      const ctx = app.context();
      const wallet = { wallet: Keypair.generate().publicKey.toBase58(), isAdmin: false };
      for (let i = 0; i < 3; i++) await createUpload(ctx, wallet, [{ path: "config.json", size: 1 }]);
      expect(await codeOf(createUpload(ctx, wallet, [{ path: "config.json", size: 1 }]))).toBe("UPLOAD_LIMIT_REACHED");
    });
  });
}
