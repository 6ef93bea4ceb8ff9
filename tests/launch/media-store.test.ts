// The media store in an S3-compatible bucket: s3rver (an S3-compatible server, run here on
// loopback) stands in for AWS S3, R2 or MinIO, and the real AWS SDK talks to it over HTTP.
// A drop's media go up once with their content type and a year-long immutable
// Cache-Control, are served from the bucket's public address, a second store sends nothing,
// and what the drop no longer uses is cleared. The configuration is validated first.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { readDropFolder } from "@/lib/launch/read-folder";
import { clearUnreferencedMedia, planOf, storeDraftMedia } from "@/lib/launch/stage-drop";
import { openMediaStore, type MediaStore } from "@/lib/media/media-store";
import { copyExample } from "./helpers";

describe("media in an S3-compatible bucket", () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  let store: MediaStore;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "dropmint-s3-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "drops", configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    const config = parseConfig({
      DATA_DIR: dir,
      MEDIA_S3_BUCKET: "drops",
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: "S3RVER",
      MEDIA_S3_SECRET_ACCESS_KEY: "S3RVER",
      MEDIA_S3_PUBLIC_URL: `${endpoint}/drops/`,
      MEDIA_S3_PREFIX: "media/",
    });
    expect(config.media).toMatchObject({
      kind: "s3",
      bucket: "drops",
      forcePathStyle: true,
      publicUrl: `${endpoint}/drops`,
    });
    store = await openMediaStore(config);
  });
  afterAll(async () => {
    store?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores a drop's media once, serves them from the bucket's public address, and clears what the drop dropped", async () => {
    const read = await readDropFolder(copyExample());
    if (!read.ok) throw new Error("the example should pass");
    const keys = await storeDraftMedia(read.draft, store);
    expect(keys).toHaveLength(21); // ten originals and variants, the cover's variant
    const plan = planOf(read.draft, store);
    expect(plan.nfts[0]!.imageUrl).toBe(`${endpoint}/drops/media/${keys.find((k) => k.endsWith(".png"))}`);

    const served = await fetch(plan.nfts[0]!.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(plan.nfts[0]!.previewImageUrl)).headers.get("content-type")).toBe("image/webp");

    // Already there: nothing is sent again (a resumed create).
    let puts = 0;
    const counting: MediaStore = { ...store, put: async (key, bytes) => (puts++, store.put(key, bytes)) };
    await storeDraftMedia(read.draft, counting);
    expect(puts).toBe(0);

    expect(await clearUnreferencedMedia(store, "moths", keys.slice(2))).toBe(2);
    expect(await store.has(keys[0]!)).toBe(false);
    expect((await store.list("moths")).sort()).toEqual(keys.slice(2).sort());
  });

  it("streams an animation file to the bucket with its content type and cache (issue 23 item 9)", async () => {
    const folder = copyExample();
    const clip = readFileSync(path.join(import.meta.dirname, "fixtures/animations/clip.webm"));
    writeFileSync(path.join(folder, "assets/0.webm"), clip);
    const read = await readDropFolder(folder);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    await storeDraftMedia(read.draft, store);
    const url = planOf(read.draft, store).nfts.find((n) => n.tokenId === 0)!.animationUrl!;
    expect(url).toMatch(new RegExp(`^${endpoint}/drops/media/moths/[0-9a-f]{64}\\.webm$`));
    const served = await fetch(url);
    expect(served.headers.get("content-type")).toBe("video/webm");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(clip)).toBe(true);
  });

  it("refuses an incomplete bucket configuration with a sentence naming the variable", () => {
    expect(() => parseConfig({ MEDIA_S3_BUCKET: "drops" })).toThrow(ConfigError);
    expect(() => parseConfig({ MEDIA_S3_BUCKET: "drops" })).toThrow(
      /MEDIA_S3_PUBLIC_URL: is required with MEDIA_S3_BUCKET/,
    );
    expect(() => parseConfig({ MEDIA_S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /MEDIA_S3_ENDPOINT: is set but MEDIA_S3_BUCKET is not/,
    );
    expect(() =>
      parseConfig({
        MEDIA_S3_BUCKET: "drops",
        MEDIA_S3_PUBLIC_URL: "https://cdn.example",
        MEDIA_S3_ACCESS_KEY_ID: "key",
      }),
    ).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY/);
    expect(parseConfig({}).media).toEqual({ kind: "local" });
  });

  it("keeps media and studio uploads under DATA_DIR unless MEDIA_DIR and STUDIO_UPLOADS_DIR name shared folders", () => {
    const own = parseConfig({ DATA_DIR: "instance-a" });
    expect([own.mediaDir, own.studioUploadsDir]).toEqual([
      path.resolve("instance-a/media"),
      path.resolve("instance-a/studio-uploads"),
    ]);
    const shared = parseConfig({ DATA_DIR: "instance-b", MEDIA_DIR: "shared/media", STUDIO_UPLOADS_DIR: "shared/up" });
    expect([shared.dataDir, shared.mediaDir, shared.studioUploadsDir]).toEqual([
      path.resolve("instance-b"),
      path.resolve("shared/media"),
      path.resolve("shared/up"),
    ]);
  });
});
