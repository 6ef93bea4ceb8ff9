// The launch lease of a studio upload (lib/launch/upload-lease.ts) on a real folder: one holder
// at a time, released for the next, and a dead holder's lease (untouched for LEASE_STALE_MS)
// taken over by exactly one of the takers that find it.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LEASE_STALE_MS, takeUploadLease } from "@/lib/launch/upload-lease";

describe("a studio upload's launch lease", () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dropmint-lease-"));
    folders.push(dir);
    return dir;
  };
  afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("has one holder at a time, and is free again once released", async () => {
    const dir = folder();
    const first = await takeUploadLease(dir);
    expect(first).not.toBeNull();
    expect(await takeUploadLease(dir)).toBeNull();
    await first!.release();
    const second = await takeUploadLease(dir);
    expect(second).not.toBeNull();
    await second!.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("passes a dead holder's lease to exactly one of the takers that find it stale", async () => {
    const dir = folder();
    const dead = await takeUploadLease(dir); // never released, never touched again
    expect(dead).not.toBeNull();
    const untouched = new Date(Date.now() - LEASE_STALE_MS - 1000);
    utimesSync(path.join(dir, "launch.1.lease"), untouched, untouched);
    const takers = await Promise.all(Array.from({ length: 8 }, () => takeUploadLease(dir)));
    expect(takers.filter((t) => t !== null)).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(["launch.2.lease"]);
    expect(await takeUploadLease(dir)).toBeNull();
    await dead!.release(); // a late release of the dead holder removes only its own file
    expect(await takeUploadLease(dir)).toBeNull();
  });

  it("is refused for an upload that is gone", async () => {
    expect(await takeUploadLease(path.join(folder(), "gone"))).toBeNull();
  });
});
