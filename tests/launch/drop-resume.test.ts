// `npm run drop -- create` killed with SIGKILL in the middle, then run again, on PGlite and on
// PostgreSQL: real child processes, the real embedded chain. Killed while storing media, the
// rerun stores only what is missing and leaves exactly the drop's files (no duplicate, no
// orphan, no half-written leftover). Killed after the collection landed on chain and before
// the drop was written, the database has no trace of it, and the rerun reuses that collection:
// the mint authority pays for no second one.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionKeypairForDrop, loadServerKeys, openEmbeddedChain } from "@/lib/chain";
import { parseConfig } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { stagedPlanPath } from "@/lib/fs/launch-files";
import { databaseTargets, openTestDatabase, type TestDatabase } from "../helpers/databases";
import { ROOT } from "../server/cli/helpers";
import { copyExample, editJson } from "./helpers";

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** Runs the CLI; `killWhen` sees stdout as it grows and may SIGKILL the child. */
function runDrop(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { preload?: string; killWhen?: (stdout: string) => boolean } = {},
): Promise<Run> {
  // As `npm run drop` runs it (scripts/run.mjs); a preloaded fixture is TypeScript, so tsx
  // loads it (it installs runtime hooks on globalThis, which the compiled command reads).
  const preload = options.preload ? ["--import", "tsx", "--import", options.preload] : [];
  const child = spawn(process.execPath, [...preload, "scripts/run.mjs", "scripts/drop.ts", ...args], {
    cwd: ROOT,
    env,
    stdio: "pipe",
  });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (options.killWhen?.(stdout)) child.kill("SIGKILL");
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The example with bigger, noisy art: enough work that a kill lands while media are stored. */
async function heavyFolder(count: number): Promise<string> {
  const folder = copyExample();
  for (let i = 0; i < 10; i++) rmSync(path.join(folder, `assets/${i}.png`));
  for (let i = 0; i < count; i++) {
    const pixels = Buffer.alloc(480 * 480 * 3);
    for (let p = 0; p < pixels.length; p++) pixels[p] = (p * 7919 + i * 104729) % 251;
    writeFileSync(
      path.join(folder, `assets/${i}.png`),
      await sharp(pixels, { raw: { width: 480, height: 480, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
    writeFileSync(
      path.join(folder, `assets/${i}.json`),
      JSON.stringify({
        name: `Heavy Moth #${i}`,
        description: "Noise.",
        image: `${i}.png`,
        attributes: [{ trait_type: "Row", value: String(i % 4) }],
      }),
    );
  }
  editJson(path.join(folder, "config.json"), (c) => (c.number = count));
  return folder;
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`create killed with SIGKILL and run again on ${target.name}`, () => {
    let db: TestDatabase;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    const databaseUrl = () => (target.name === "postgres" ? db.url : undefined);

    beforeAll(async () => {
      db = await openTestDatabase(target);
      await db.close(); // the child opens it
      dataDir = target.name === "pglite" ? db.dataDir : mkdtempSync(path.join(tmpdir(), "dropmint-resume-"));
      env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl() ?? "",
        LOG_LEVEL: "silent",
        NODE_ENV: "test",
        SEED_DEMO_DROPS: "false",
      };
    });
    afterAll(async () => {
      await db?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const drops = async () => {
      const database = await openDatabase({ databaseUrl: databaseUrl(), dataDir, poolSize: 1 });
      try {
        return await database.prisma.collection.findMany({
          include: { _count: { select: { nfts: true, phases: true } } },
        });
      } finally {
        await database.close();
      }
    };
    const chainState = async (address: string, authority: string) => {
      const chain = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
      try {
        return { collection: await chain.getAccountInfo(address), authorityBalance: await chain.getBalance(authority) };
      } finally {
        await chain.close();
      }
    };

    it("after the collection landed and before the drop was written: nothing in the database, and the rerun reuses that collection", async () => {
      const folder = copyExample();
      editJson(path.join(folder, "dropmint.json"), (d) => (d.shortId = "moths-b"));
      const killed = await runDrop(["create", folder], env, {
        preload: "./tests/launch/fixtures/kill-after-collection.ts",
      });
      expect(killed.signal, killed.stderr).toBe("SIGKILL");
      expect(await drops()).toEqual([]);

      const keys = loadServerKeys(parseConfig({ DATA_DIR: dataDir }));
      const address = collectionKeypairForDrop(keys.mintKeySecret, "moths-b").publicKey.toBase58();
      const authority = keys.mintAuthority.publicKey.toBase58();
      const afterKill = await chainState(address, authority);
      expect(afterKill.collection).not.toBeNull();

      const resumed = await runDrop(["create", folder], env);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain("/d/moths-b");
      const [drop] = await drops();
      expect(drop).toMatchObject({ shortId: "moths-b", collectionAddress: address, _count: { nfts: 10, phases: 2 } });
      // No second collection: not a lamport more spent by the mint authority.
      expect((await chainState(address, authority)).authorityBalance).toBe(afterKill.authorityBalance);

      // show: the drop as Dropmint sees it, found by its folder.
      const shown = await runDrop(["show", folder], env);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toContain("Night Moths (MOTH) — 10 NFTs, 0 minted");
      expect(shown.stdout).toMatch(/1\. Early moths \[early\]: 0\.05 SOL; allowlist of 3 wallets; max 2 per wallet/);
      expect(shown.stdout).toContain(`Collection:   ${address}`);
      rmSync(folder, { recursive: true, force: true });
    });

    it.runIf(target.name === "pglite")(
      "while storing media: the rerun stores only what is missing and leaves exactly the drop's files",
      async () => {
        const folder = await heavyFolder(24);
        const killed = await runDrop(["create", folder], env, {
          killWhen: (out) => /Storing media .*\] (?:[6-9]|1\d)\/\d+/.test(out),
        });
        expect(killed.signal, `${killed.stdout}\n${killed.stderr}`).toBe("SIGKILL");
        const mediaDir = path.join(dataDir, "media", "moths");
        const storedBeforeRerun = readdirSync(mediaDir).filter((name) => !name.endsWith(".tmp")).length;
        expect(storedBeforeRerun).toBeGreaterThan(0);
        expect(storedBeforeRerun).toBeLessThan(24 * 2 + 1);
        expect((await drops()).map((d) => d.shortId)).not.toContain("moths");

        const resumed = await runDrop(["create", folder], env);
        expect(resumed.code, resumed.stderr).toBe(0);
        const drop = (await drops()).find((d) => d.shortId === "moths")!;
        expect(drop._count.nfts).toBe(24);
        // Exactly the files the drop references: every NFT's original and variant, the cover's variant.
        const database = await openDatabase({ dataDir, poolSize: 1 });
        const rows = await database.prisma.nft.findMany({
          where: { collectionId: drop.id },
          select: { imageUrl: true, previewImageUrl: true },
        });
        await database.close();
        const referenced = new Set(
          [drop.image!, ...rows.flatMap((r) => [r.imageUrl!, r.previewImageUrl!])].map((url) =>
            url.replace("/media/moths/", ""),
          ),
        );
        expect(new Set(readdirSync(mediaDir))).toEqual(referenced);
        expect(() => readdirSync(path.dirname(stagedPlanPath(dataDir, "moths")))).not.toThrow();
        expect(readdirSync(path.dirname(stagedPlanPath(dataDir, "moths")))).toEqual([]);
        rmSync(folder, { recursive: true, force: true });
      },
    );
  });
}
