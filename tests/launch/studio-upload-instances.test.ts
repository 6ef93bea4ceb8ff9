// A studio upload behind two instances, as README "Several instances" runs them: one
// PostgreSQL database, each instance its own DATA_DIR, both naming the same STUDIO_UPLOADS_DIR
// and MEDIA_DIR. A round-robin proxy sends a creator's requests to either, so the test does:
// the upload is created on A, its chunks go alternately to A and B (one range to both at once,
// as a retry that reached the other instance), it is checked and previewed on B, launched on A
// while B launches it too (exactly one launch runs, one drop), and the drop's media are served
// by both. A launch lease held by another process (another instance) keeps both from launching.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openLocalMediaStore } from "@/lib/media/media-store";
import { installRuntime } from "@/lib/server/runtime";
import type { StudioCaller } from "@/lib/services/studio/owned-drops";
import {
  createUpload,
  getUploadStatus,
  launchUpload,
  previewDropPage,
  readUploadFile,
  receiveUploadChunk,
  validateUpload,
} from "@/lib/services/studio-uploads";
import { databaseTargets } from "../helpers/databases";
import { callRoute } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { ROOT } from "../server/cli/helpers";
import { copyExample } from "./helpers";
import { manifestOf, rangesOf } from "./studio-upload-helpers";

const postgres = databaseTargets.find((t) => t.name === "postgres")!;

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

/** Another process holding the upload's launch lease, as another instance's launch does; `release` ends it. */
async function holdLeaseElsewhere(root: string, uploadId: string) {
  const child = spawn(
    process.execPath,
    ["scripts/run.mjs", "tests/launch/fixtures/hold-launch-lease.ts", root, uploadId],
    {
      cwd: ROOT,
      stdio: "pipe",
    },
  );
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const said = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => resolve(chunk.toString("utf8").trim()));
    child.once("exit", (code) => reject(new Error(`lease holder exited (${code}): ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { said, release: () => (child.stdin.end(), exited) };
}

describe.skipIf(!postgres.available)("a studio upload across two instances on PostgreSQL", () => {
  const shared = mkdtempSync(path.join(tmpdir(), "dropmint-shared-"));
  const env = { STUDIO_UPLOADS_DIR: path.join(shared, "studio-uploads"), MEDIA_DIR: path.join(shared, "media") };
  let a: TestApp;
  let b: TestApp;
  let folder: string;
  beforeAll(async () => {
    a = await startTestApp(postgres, { seed: false, env });
    b = await startTestApp(postgres, { seed: false, env, databaseUrl: a.databaseUrl });
    folder = copyExample();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    rmSync(shared, { recursive: true, force: true });
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("uploads through either instance, checks and previews on B, launches once, and both serve the media", async () => {
    expect(a.runtime.config.dataDir).not.toBe(b.runtime.config.dataDir);
    const creator: StudioCaller = { wallet: Keypair.generate().publicKey.toBase58(), isAdmin: false };
    const [onA, onB] = [a.context(), b.context()];
    const files = manifestOf(folder);
    const { uploadId } = await createUpload(onA, creator, files);

    // Chunks alternately to A and B; the first image's second range to both at once.
    let turn = 0;
    for (const file of files) {
      for (const [index, range] of rangesOf(folder, file, 64).entries()) {
        const chunk = { uploadId, path: file.path, ...range };
        if (file.path === "assets/0.png" && index === 1) {
          const both = await Promise.all([
            receiveUploadChunk(onA, creator, chunk),
            receiveUploadChunk(onB, creator, chunk),
          ]);
          expect(both.map((r) => r.received)).toEqual([128, 128]);
        } else await receiveUploadChunk(turn++ % 2 === 0 ? onA : onB, creator, chunk);
      }
    }
    expect(turn).toBeGreaterThan(files.length); // some files came in several ranges, split between the two
    const status = await getUploadStatus(onB, creator, uploadId);
    expect(status.filesComplete).toBe(files.length);
    expect(status.receivedBytes).toBe(status.totalBytes);
    const image = await readUploadFile(onB, creator, uploadId, "assets/0.png");
    expect(image.bytes.equals(readFileSync(path.join(folder, "assets/0.png")))).toBe(true);

    const checked = await validateUpload(onB, creator, uploadId);
    expect(checked.problems).toEqual([]);
    expect(checked.preview).toMatchObject({ shortId: "moths", supply: 10 });
    const preview = await previewDropPage(onB, creator, uploadId);
    expect(preview).toMatchObject({ ok: true, shortId: "moths" });

    // Another process (another instance's launch) holds the lease: neither instance launches.
    const elsewhere = await holdLeaseElsewhere(env.STUDIO_UPLOADS_DIR, uploadId);
    expect(elsewhere.said).toBe("held");
    expect(await codeOf(launchUpload(onA, creator, uploadId))).toBe("UPLOAD_BUSY");
    expect(await codeOf(launchUpload(onB, creator, uploadId))).toBe("UPLOAD_BUSY");
    await elsewhere.release();

    // A and B launch at once: one launches, the other is told it is under way (or done). Which
    // one wins is the race's (whose upload read returns first), not A's by right.
    const outcomes = await Promise.allSettled([
      launchUpload(onA, creator, uploadId),
      launchUpload(onB, creator, uploadId),
    ]);
    const launched = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
    expect(launched).toMatchObject([{ outcome: "created", shortId: "moths" }]);
    expect(refused).toHaveLength(1);
    const code = refused[0] instanceof AppError ? refused[0].code : String(refused[0]);
    expect(["UPLOAD_BUSY", "UPLOAD_NOT_FOUND"]).toContain(code);
    expect(await codeOf(getUploadStatus(onB, creator, uploadId))).toBe("UPLOAD_NOT_FOUND");
    const drops = await onB.db.collection.findMany({ where: { shortId: "moths" }, include: { nfts: true } });
    expect(drops.map((d) => d.creatorWallet)).toEqual([creator.wallet]);

    // Every file of the drop's (in the shared MEDIA_DIR) answers 200 with the same bytes from A and from B.
    const keys = await openLocalMediaStore(env.MEDIA_DIR).list("moths");
    expect(keys.length).toBeGreaterThan(10);
    for (const nft of drops[0]!.nfts) expect(keys).toContain(nft.imageUrl!.slice(nft.imageUrl!.indexOf("moths/")));
    for (const key of keys.map((k) => `/media/${k}`)) {
      const bodies = [];
      for (const app of [a, b]) {
        installRuntime(app.runtime);
        const response = await callRoute("GET", key);
        expect(response.status, `${key} on ${app === a ? "A" : "B"}`).toBe(200);
        bodies.push(Buffer.from(await response.arrayBuffer()));
      }
      expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
    }
  });
});
