// lib/db/pglite-cluster-cache.ts and lib/db/pglite-start.ts: a folder with no database yet
// is written from the cluster kept once per install, with no initdb; a cluster kept for
// another PGlite build, or a corrupt one, is never loaded, and the one made instead is kept.
//
// The kept cluster under test carries a marker table no new cluster has, so a folder that
// has the table was written from the kept file, and one that lacks it was not.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clusterFileName,
  defaultClusterCache,
  readCachedCluster,
  storeCluster,
  type ClusterCache,
} from "@/lib/db/pglite-cluster-cache";
import { createPglite, keptCluster } from "@/lib/db/pglite-start";

const REAL_PGLITE = path.join(process.cwd(), "node_modules", "@electric-sql", "pglite");

/** A new cluster with a `cache_marker` table, as PGlite's tarball. */
async function markedCluster(): Promise<Uint8Array> {
  const pristine = await keptCluster(defaultClusterCache()!);
  const memory = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(pristine)]) });
  try {
    await memory.exec(`CREATE TABLE cache_marker (id int); INSERT INTO cache_marker VALUES (42)`);
    return new Uint8Array(await (await memory.dumpDataDir("none")).arrayBuffer());
  } finally {
    await memory.close();
  }
}

/** A PGlite package folder with only what the cache's name depends on. */
function fakePglite(root: string, version: string): string {
  const dir = path.join(root, "node_modules", "@electric-sql", "pglite");
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "@electric-sql/pglite", version }));
  const dist = path.join(dir, "dist");
  for (const file of ["pglite.wasm", "pglite.data", "initdb.wasm"]) writeFileSync(path.join(dist, file), "x");
  return dir;
}

async function hasMarker(pglite: PGlite): Promise<boolean> {
  const sql = `SELECT to_regclass('cache_marker') IS NOT NULL AS found`;
  return (await pglite.query<{ found: boolean }>(sql)).rows[0]!.found;
}

async function sharedBuffers(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows[0]!.shared_buffers;
}

describe("new PGlite folders from the cluster kept once per install", () => {
  const root = mkdtempSync(path.join(tmpdir(), "dropmint-cluster-cache-"));
  let marked: Uint8Array;
  let cache: ClusterCache;
  let folderCount = 0;
  const freshFolder = () => {
    const folder = path.join(root, `pglite-${folderCount++}`);
    mkdirSync(folder);
    return folder;
  };

  beforeAll(async () => {
    marked = await markedCluster();
    cache = { dir: path.join(root, "cache"), name: clusterFileName(REAL_PGLITE) };
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names the kept cluster by the PGlite build, so another version never reads it", () => {
    const older = clusterFileName(fakePglite(path.join(root, "older"), "0.0.1"));
    const newer = clusterFileName(fakePglite(path.join(root, "newer"), "0.0.2"));
    expect(older).toMatch(/^pglite-cluster-0\.0\.1-[0-9a-f]{12}\.tar\.gz$/);
    expect(newer).not.toBe(older);
    expect(defaultClusterCache(path.join(root, "older"))).toEqual({
      dir: path.join(root, "older", "node_modules", ".cache", "dropmint"),
      name: older,
    });
    expect(defaultClusterCache(path.join(root, "no-pglite-here"))).toBeNull();
  });

  it("a command's fresh folder is the kept cluster, opened with the 16 MB buffer pool", async () => {
    await storeCluster(cache, marked);
    const pglite = await createPglite(freshFolder(), true, cache);
    try {
      expect(await hasMarker(pglite)).toBe(true);
      expect((await pglite.query<{ id: number }>(`SELECT id FROM cache_marker`)).rows).toEqual([{ id: 42 }]);
      expect(await sharedBuffers(pglite)).toBe("16MB");
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it("the site's first start is the kept cluster too, with its 64 MB buffer pool", async () => {
    await storeCluster(cache, marked);
    const folder = freshFolder();
    const first = await createPglite(folder, false, cache);
    try {
      expect(await hasMarker(first)).toBe(true);
      expect(await sharedBuffers(first)).toBe("64MB");
      await first.exec(`INSERT INTO cache_marker VALUES (43)`);
    } finally {
      await first.close();
    }
    const again = await createPglite(folder, false, cache);
    try {
      expect((await again.query<{ id: number }>(`SELECT id FROM cache_marker ORDER BY id`)).rows).toEqual([
        { id: 42 },
        { id: 43 },
      ]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("ignores a cluster kept for another PGlite build, keeps its own and removes the stale one", async () => {
    rmSync(cache.dir, { recursive: true, force: true });
    const stale = { dir: cache.dir, name: clusterFileName(fakePglite(path.join(root, "stale"), "0.0.1")) };
    await storeCluster(stale, marked);
    const pglite = await createPglite(freshFolder(), true, cache);
    try {
      expect(await hasMarker(pglite)).toBe(false);
    } finally {
      await pglite.close();
    }
    expect(readdirSync(cache.dir).filter((file) => file.endsWith(".tar.gz"))).toEqual([cache.name]);
  }, 120_000);

  it("ignores a corrupt kept cluster and replaces it with a good one", async () => {
    await storeCluster(cache, marked);
    const file = path.join(cache.dir, cache.name);
    const zipped = await readFile(file);
    const middle = Math.floor(zipped.length / 2);
    zipped.writeUInt8(zipped.readUInt8(middle) ^ 0xff, middle); // one flipped byte: gzip's CRC fails
    writeFileSync(file, zipped);
    expect(await readCachedCluster(cache)).toBeUndefined();

    const pglite = await createPglite(freshFolder(), true, cache);
    try {
      expect(await hasMarker(pglite)).toBe(false);
      expect((await pglite.query<{ n: number }>(`SELECT 1 AS n`)).rows).toEqual([{ n: 1 }]);
    } finally {
      await pglite.close();
    }
    expect(await readCachedCluster(cache)).toBeDefined();
  }, 120_000);
});
