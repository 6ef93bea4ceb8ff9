// lib/db/pglite-tarball.ts: PGlite's tarball of a new cluster written into a folder, which
// PGlite then opens as an existing database; a write cut short leaves no PG_VERSION, so the
// folder still counts as new and is written again.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultClusterCache } from "@/lib/db/pglite-cluster-cache";
import { createPglite, keptCluster } from "@/lib/db/pglite-start";
import { writeClusterTarball } from "@/lib/db/pglite-tarball";

describe("a new cluster written from PGlite's tarball", () => {
  const root = mkdtempSync(path.join(tmpdir(), "dropmint-pglite-tarball-"));
  let tarball: Uint8Array;
  beforeAll(async () => {
    tarball = await keptCluster(defaultClusterCache()!);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is a database PGlite opens and writes to", async () => {
    const folder = path.join(root, "whole");
    mkdirSync(folder);
    writeClusterTarball(tarball, folder);
    const pglite = await PGlite.create({ dataDir: folder });
    try {
      await pglite.exec(`CREATE TABLE t (id int); INSERT INTO t VALUES (1)`);
      expect((await pglite.query(`SELECT id FROM t`)).rows).toEqual([{ id: 1 }]);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it("cut short, leaves no PG_VERSION, and the next open writes the cluster again", async () => {
    const folder = path.join(root, "cut");
    mkdirSync(folder);
    expect(() => writeClusterTarball(tarball.subarray(0, tarball.length / 2), folder)).toThrow(/ends inside/);
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(false);

    const pglite = await createPglite(folder, true);
    try {
      expect((await pglite.query(`SELECT 1 AS n`)).rows).toEqual([{ n: 1 }]);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it("refuses an entry that would land outside the folder", () => {
    const evil = new Uint8Array(tarball.length);
    evil.set(tarball);
    const name = new TextEncoder().encode("../escaped");
    evil.fill(0, 0, 100);
    evil.set(name, 0);
    const folder = path.join(root, "evil");
    mkdirSync(folder);
    expect(() => writeClusterTarball(evil, folder)).toThrow(/outside the folder/);
    expect(existsSync(path.join(root, "escaped"))).toBe(false);
  });
});
