// The studio's upload endpoints over HTTP, on PGlite and PostgreSQL: examples/sugar-drop sent
// as the browser page sends it (small files in multipart batches, a large one in byte ranges)
// resumes after a reload from the status, a path leaving the folder is refused with its code
// before anything is written, every planted problem comes back with its file and JSON path,
// and the launch answers the drop's short link.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadStatusResponseSchema, uploadValidationResponseSchema } from "@/lib/schemas/studio-uploads";
import { databaseTargets } from "../helpers/databases";
import { callJson, callRoute } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { signInCookie } from "../helpers/wallet-sign-in";
import { copyExample, editJson } from "../launch/helpers";
import { batchBody, manifestOf, rangesOf } from "../launch/studio-upload-helpers";

async function creatorHeaders(wallet: Keypair) {
  const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.90" };
  return { ...site, cookie: await signInCookie(wallet, site), "x-studio-wallet": wallet.publicKey.toBase58() };
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`studio upload endpoints on ${target.name}`, () => {
    let app: TestApp;
    let headers: Record<string, string>;
    beforeAll(async () => {
      app = await startTestApp(target, { seed: false, env: { STUDIO_CREATORS: "open" } });
      headers = await creatorHeaders(Keypair.generate());
    });
    afterAll(() => app?.close());

    const send = async (uploadId: string, folder: string, files: string[]) => {
      const body = await batchBody(folder, files);
      return callJson("POST", `/api/studio/uploads/${uploadId}/files`, {
        headers: { ...headers, "content-type": body.type },
        rawBody: body.bytes,
      });
    };

    it("refuses a manifest path that leaves the folder, naming each, and a PUT path outside the manifest", async () => {
      const bad = await callJson("POST", "/api/studio/uploads", {
        headers,
        body: {
          files: [
            { path: "config.json", size: 2 },
            { path: "../../.env", size: 1 },
            { path: "/etc/passwd", size: 1 },
          ],
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: "UPLOAD_PATH_REFUSED" });
      expect((bad.body!.problems as Array<{ file: string }>).map((p) => p.file)).toEqual(["../../.env", "/etc/passwd"]);

      const made = await callJson("POST", "/api/studio/uploads", {
        headers,
        body: { files: [{ path: "config.json", size: 2 }] },
      });
      const id = made.body!.uploadId as string;
      // A browser resolves "../" before sending; these reach the server as segments that would leave the folder.
      for (const at of ["config.json%2F..%2F..%2Fx", "..%5C..%5Cenv", ".env", "x%00y", "assets/0.png"]) {
        const put = await callJson("PUT", `/api/studio/uploads/${id}/files/${at}`, { headers, rawBody: "{}" });
        expect(put.status, at).toBe(400);
        expect(put.body!.code).toBe("UPLOAD_PATH_REFUSED");
      }
      const gone = await callJson("DELETE", `/api/studio/uploads/${id}`, { headers });
      expect(gone.body).toMatchObject({ removed: true });
    });

    it("uploads examples/sugar-drop with a planted problem, resumes after a reload, lists it by file and path, then launches once fixed", async () => {
      const folder = copyExample();
      editJson(path.join(folder, "assets/3.json"), (m) => delete m.name);
      const manifest = manifestOf(folder);
      const made = await callJson("POST", "/api/studio/uploads", { headers, body: { files: manifest } });
      expect(made.status, made.text).toBe(200);
      const uploadId = made.body!.uploadId as string;

      // Half the small files in one batch, and the first range of the cover, then "the page reloads".
      const small = manifest.filter((f) => f.path !== "assets/collection.png").map((f) => f.path);
      const first = await send(uploadId, folder, small.slice(0, 10));
      expect(first.status, first.text).toBe(200);
      const cover = manifest.find((f) => f.path === "assets/collection.png")!;
      const ranges = rangesOf(folder, cover, 50);
      const put = (range: (typeof ranges)[number]) =>
        callJson("PUT", `/api/studio/uploads/${uploadId}/files/assets/collection.png`, {
          headers: { ...headers, "content-range": range.contentRange!, "content-type": "application/octet-stream" },
          rawBody: range.bytes,
        });
      expect((await put(ranges[0]!)).body).toMatchObject({ received: 50, complete: false });

      const status = uploadStatusResponseSchema.parse(
        (await callJson("GET", `/api/studio/uploads/${uploadId}`, { headers })).body,
      );
      expect(status.filesComplete).toBe(10);
      expect(status.files.find((f) => f.path === cover.path)!.received).toBe(50);
      // A range past what arrived is refused with where to resume.
      const skipped = await put(ranges[2]!);
      expect(skipped.status).toBe(409);
      expect(skipped.body).toMatchObject({ code: "UPLOAD_OFFSET_MISMATCH", received: 50 });

      // Resume: only what is missing.
      const missing = status.files.filter((f) => f.received < f.size && f.path !== cover.path).map((f) => f.path);
      expect(missing.length).toBe(small.length - 10);
      expect((await send(uploadId, folder, missing)).status).toBe(200);
      for (const range of ranges.slice(1)) expect((await put(range)).status).toBe(200);

      const checked = uploadValidationResponseSchema.parse(
        (await callJson("POST", `/api/studio/uploads/${uploadId}/validate`, { headers })).body,
      );
      expect(checked.ok).toBe(false);
      expect(checked.problems).toEqual([{ file: "assets/3.json", path: "name", message: expect.any(String) }]);
      const refused = await callJson("POST", `/api/studio/uploads/${uploadId}/launch`, { headers });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: "UPLOAD_HAS_PROBLEMS",
        problems: [{ file: "assets/3.json", path: "name" }],
      });

      // The creator fixes the file and sends it again.
      editJson(path.join(folder, "assets/3.json"), (m) => (m.name = "Moth #3"));
      await callJson("DELETE", `/api/studio/uploads/${uploadId}`, { headers });
      const again = await callJson("POST", "/api/studio/uploads", { headers, body: { files: manifestOf(folder) } });
      const id = again.body!.uploadId as string;
      expect(
        (
          await send(
            id,
            folder,
            manifestOf(folder).map((f) => f.path),
          )
        ).status,
      ).toBe(200);
      const ok = uploadValidationResponseSchema.parse(
        (await callJson("POST", `/api/studio/uploads/${id}/validate`, { headers })).body,
      );
      expect(ok).toMatchObject({ ok: true, problems: [], preview: { shortId: "moths", supply: 10 } });
      // The preview's cover is the uploaded file, read back as it is (never sniffed).
      const image = await callRoute("GET", ok.preview!.image, { headers });
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      expect(
        Buffer.from(await image.arrayBuffer()).equals(readFileSync(path.join(folder, "assets/collection.png"))),
      ).toBe(true);
      const launched = await callJson("POST", `/api/studio/uploads/${id}/launch`, { headers });
      expect(launched.status, launched.text).toBe(200);
      expect(launched.body).toMatchObject({ outcome: "created", shortId: "moths", url: `${TEST_SITE_ORIGIN}/d/moths` });
      const drop = await app.context().db.collection.findUniqueOrThrow({ where: { shortId: "moths" } });
      expect(drop.creatorWallet).toBe(headers["x-studio-wallet"]);
      rmSync(folder, { recursive: true, force: true });
    });
  });
}
