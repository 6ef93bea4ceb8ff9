// Issue 23 item 9: Sugar assets with animation files. Sugar pairs N.json with N.mp4, N.mov,
// N.webm, N.glb or N.mp3 beside N.png and links the upload as animation_url; Dropmint stores
// the file in the media store under its content hash, links it the same way, and serves it
// with its content type, a year-long immutable cache and byte ranges (how browsers play and
// seek a video). What Sugar never uploads (gltf, html, wav, flac) is refused with the reason.
// On PGlite and on PostgreSQL, with the real embedded chain.
import { copyFileSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDropFolder } from "@/lib/launch/read-folder";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import { databaseTargets } from "../helpers/databases";
import { callJson, callRoute } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { copyExample, editJson, launchFolder } from "./helpers";

const FIXTURES = path.resolve(import.meta.dirname, "fixtures/animations");
/** Asset number → its animation file, one of each format Sugar uploads. */
const ANIMATIONS = [
  { index: 0, file: "clip.mp4", ext: "mp4", type: "video/mp4" },
  { index: 1, file: "clip.mov", ext: "mov", type: "video/quicktime" },
  { index: 2, file: "clip.webm", ext: "webm", type: "video/webm" },
  { index: 3, file: "model.glb", ext: "glb", type: "model/gltf-binary" },
  { index: 4, file: "clip.mp3", ext: "mp3", type: "audio/mpeg" },
] as const;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The example drop with an animation beside assets 0 to 4, linked from their metadata as Sugar's guides write it. */
function animatedFolder(): string {
  const folder = copyExample();
  for (const { index, file, ext } of ANIMATIONS) {
    copyFileSync(path.join(FIXTURES, file), path.join(folder, `assets/${index}.${ext}`));
    editJson(path.join(folder, `assets/${index}.json`), (json) => {
      json.animation_url = `${index}.${ext}`;
      json.properties = {
        ...json.properties,
        files: [
          { uri: `${index}.png`, type: "image/png" },
          { uri: `${index}.${ext}`, type: ANIMATIONS[index]!.type },
        ],
      };
    });
  }
  return folder;
}

describe("validate: a folder with animation files", () => {
  it("accepts each format Sugar uploads, hashed, with its content type", async () => {
    const folder = animatedFolder();
    const read = await readDropFolder(folder);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    for (const { index, file, ext, type } of ANIMATIONS) {
      const asset = read.draft.assets.find((a) => a.index === index)!;
      expect(asset.animation).toMatchObject({
        file: `assets/${index}.${ext}`,
        sha256: sha256(readFileSync(path.join(FIXTURES, file))),
        info: { ext, contentType: type },
      });
    }
    expect(read.draft.assets.find((a) => a.index === 5)!.animation).toBeNull();
    // The assets hash commits to the animations as well: another clip, another hash.
    const plain = await readDropFolder(copyExample());
    if (!plain.ok) throw new Error("the example should pass");
    expect(read.draft.assetsHash).not.toBe(plain.draft.assetsHash);
    rmSync(folder, { recursive: true, force: true });
  });

  it("refuses what Sugar does not upload, a renamed file, a second animation and a linked one, naming each file", async () => {
    const folder = copyExample();
    writeFileSync(path.join(folder, "assets/0.gltf"), '{"asset":{"version":"2.0"}}');
    writeFileSync(path.join(folder, "assets/1.html"), "<script>alert(1)</script>");
    writeFileSync(path.join(folder, "assets/2.wav"), "RIFF....WAVE");
    writeFileSync(path.join(folder, "assets/3.flac"), "fLaC");
    copyFileSync(path.join(folder, "assets/4.png"), path.join(folder, "assets/4.mp4")); // a PNG named .mp4
    copyFileSync(path.join(FIXTURES, "clip.mp4"), path.join(folder, "assets/5.mp4"));
    copyFileSync(path.join(FIXTURES, "clip.webm"), path.join(folder, "assets/5.webm"));
    symlinkSync(path.join(FIXTURES, "clip.mp4"), path.join(folder, "assets/6.mp4"));
    copyFileSync(path.join(FIXTURES, "clip.mp4"), path.join(folder, "assets/12.mp4")); // no asset 12
    const read = await readDropFolder(folder);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const said = (file: string) => read.problems.filter((p) => p.file === file).map((p) => p.message);
    expect(said("assets/0.gltf").join()).toMatch(/export the model as one \.glb/);
    expect(said("assets/1.html").join()).toMatch(/runs script/);
    expect(said("assets/2.wav").join()).toMatch(/convert it to MP3/);
    expect(said("assets/3.flac").join()).toMatch(/convert it to MP3/);
    expect(said("assets/4.mp4")).toEqual(["is named .mp4 but is not an MP4 video"]);
    expect(said("assets/5.webm").join()).toMatch(/is a second animation for 5/);
    expect(said("assets/6.mp4").join()).toMatch(/symbolic link/);
    expect(said("assets/12.mp4").join()).toMatch(/out of range/);
    // Never the file's contents.
    expect(JSON.stringify(read.problems)).not.toContain("alert");
    rmSync(folder, { recursive: true, force: true });
  });
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a drop with animations, created and served on ${target.name}`, () => {
    let app: TestApp;
    let folder: string;
    let key: string;
    /** What the drop says it uses: the CLI clears every other file of its folder in the store. */
    const keep = new Set<string>();

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      folder = animatedFolder();
      const created = await launchFolder(app, folder, "create");
      expect(created.outcome).toBe("created");
      created.media.forEach((key) => keep.add(key));
      key = await app.createKey({ keyClass: "live", collections: ["moths"] });
    });
    afterAll(async () => {
      await app?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    const gallery = async () =>
      galleryResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/moths/gallery", { headers: { "x-api-key": key } })).body,
      );

    it("links each NFT's animation as Sugar would, with its media type; the image stays the poster", async () => {
      const { nfts } = await gallery();
      for (const { index, file, ext, type } of ANIMATIONS) {
        const nft = nfts.find((n) => n.token_id === index)!;
        const hash = sha256(readFileSync(path.join(FIXTURES, file)));
        expect(nft.animation_url).toBe(`${TEST_SITE_ORIGIN}/media/moths/${hash}.${ext}`);
        expect(nft.media_type).toBe(type);
        expect(nft.image_url).toMatch(/\.png$/);
        expect(keep).toContain(`moths/${hash}.${ext}`);
      }
      expect(nfts.find((n) => n.token_id === 5)).toMatchObject({ animation_url: null, media_type: "image/png" });
    });

    it("serves each animation whole with its content type and a year-long immutable cache", async () => {
      const { nfts } = await gallery();
      for (const { index, file, type } of ANIMATIONS) {
        const served = await callRoute("GET", new URL(nfts.find((n) => n.token_id === index)!.animation_url!).pathname);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe(type);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(served.headers.get("accept-ranges")).toBe("bytes");
        const bytes = readFileSync(path.join(FIXTURES, file));
        expect(served.headers.get("content-length")).toBe(String(bytes.length));
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it("answers range requests: 206 with Content-Range, the suffix form, 416 past the end, If-Range", async () => {
      const { nfts } = await gallery();
      const url = new URL(nfts.find((n) => n.token_id === 0)!.animation_url!).pathname;
      const bytes = readFileSync(path.join(FIXTURES, "clip.mp4"));
      const size = bytes.length;
      const get = (headers: Record<string, string>) => callRoute("GET", url, { headers });

      const first = await get({ range: "bytes=0-99" });
      expect(first.status).toBe(206);
      expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
      expect(first.headers.get("content-length")).toBe("100");
      expect(first.headers.get("content-type")).toBe("video/mp4");
      expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

      const rest = await get({ range: "bytes=100-" });
      expect(rest.status).toBe(206);
      expect(rest.headers.get("content-range")).toBe(`bytes 100-${size - 1}/${size}`);
      expect(Buffer.from(await rest.arrayBuffer()).equals(bytes.subarray(100))).toBe(true);

      const tail = await get({ range: "bytes=-10" });
      expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(size - 10))).toBe(true);

      const past = await get({ range: `bytes=${size}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

      const etag = first.headers.get("etag")!;
      expect(etag).toBe(`"${sha256(bytes)}"`);
      expect((await get({ range: "bytes=0-9", "if-range": etag })).status).toBe(206);
      const stale = await get({ range: "bytes=0-9", "if-range": '"another"' });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("content-length")).toBe(String(size));
      expect((await get({ "if-none-match": etag })).status).toBe(304);
    });

    it("the token metadata links the animation as Sugar writes it: animation_url, both files and the category", async () => {
      const { nfts } = await gallery();
      const video = nfts.find((n) => n.token_id === 0)!;
      const { status, body } = await callJson("GET", "/m/moths/0");
      expect(status).toBe(200);
      expect(body).toMatchObject({
        animation_url: video.animation_url,
        image: video.image_url,
        properties: {
          category: "video",
          files: [
            { uri: video.image_url, type: "image/png" },
            { uri: video.animation_url, type: "video/mp4" },
          ],
        },
      });
      expect((await callJson("GET", "/m/moths/3")).body).toMatchObject({ properties: { category: "vr" } });
      expect((await callJson("GET", "/m/moths/4")).body).toMatchObject({ properties: { category: "audio" } });
    });
  });
}
