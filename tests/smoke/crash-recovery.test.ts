// Crash recovery on the production build: the server process dies (SIGKILL) after the
// chain accepted a mint and before the mint was recorded (a chain that kills the process
// right after a submit, injected by tests/smoke/fixtures/crash-after-submit.ts); restarted
// without it, the reconciler that runs at start settles it from the write-ahead signature.
// Nothing is lost or doubled.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PENDING_GRACE_MS } from "@/lib/services/mint/reconcile";
import { availabilityResponseSchema } from "@/lib/schemas/availability";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { walletMintsResponseSchema } from "@/lib/schemas/wallet-mints";
import { openEmbeddedChain } from "@/lib/chain";
import { openDatabase } from "@/lib/db/client";
import { signPrepared, walletSignatureOf } from "../api/mint/fixtures";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";

describe("a server killed between submit and record", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let site: Site | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-crash-"));
    const port = String(await freePort());
    env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    site = await startSite(env, { preload: ["tests/smoke/fixtures/crash-after-submit.ts"] });
    site.process.kill("SIGUSR2"); // arm the crash: from now on, the first submit kills the site
  });
  afterAll(async () => {
    await site?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, key: string, body?: unknown) => {
    const response = await fetch(`${site!.url}${url}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("is completed by the reconciler after a restart: minted once, owned on chain, repeat execute answers the count", async () => {
    const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "aurora"], env);
    expect(created.status, created.stderr).toBe(0);
    const key = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)![1]!;
    const wallet = Keypair.generate();
    const address = wallet.publicKey.toBase58();
    const funded = await fetch(`${site!.url}/api/localnet/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address, sol: 1 }),
    });
    expect(funded.status).toBe(200);

    const drop = collectionResponseSchema.parse((await call("GET", "/api/v1/collections/aurora", key)).body);
    const phaseId = drop.phases.active[0]!.id;
    const availabilityBefore = availabilityResponseSchema.parse(
      (await call("GET", "/api/v1/collections/aurora/availability", key)).body,
    ).stats;

    const prepared = await call("POST", "/api/v1/prepare-mint", key, {
      collectionId: "aurora",
      phaseId,
      walletAddress: address,
      quantity: 1,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    // Only what the wallet needs: the shape of the rest is the API suites' business.
    const body = preparedMintResponseSchema.pick({ sessions: true, transactions: true }).parse(prepared.body);
    const sessionId = body.sessions[0]!.sessionId;
    const signed = signPrepared(body.transactions[0]!.transaction, wallet);

    // The server kills itself mid-request: the connection drops without an answer.
    const dropped = await fetch(`${site!.url}/api/v1/execute-mint`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ sessionId, signedTransaction: signed }),
    }).then(
      (response) => `answered ${response.status}`,
      () => "dropped",
    );
    expect(dropped).toBe("dropped");
    const crashedAt = Date.now();
    expect(await site!.stop("SIGKILL")).toBeNull(); // already dead by the signal: no exit code
    site = undefined;

    // The start-up run settles pending submits older than the grace period: restart after it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, crashedAt + PENDING_GRACE_MS + 1_000 - Date.now())));
    site = await startSite({ ...env, LOG_LEVEL: "info" });

    let counts = walletMintsResponseSchema.parse(
      (await call("GET", `/api/v1/collections/aurora/wallet-mints/${address}`, key)).body,
    );
    for (const deadline = Date.now() + 20_000; counts.totalMinted === 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counts = walletMintsResponseSchema.parse(
        (await call("GET", `/api/v1/collections/aurora/wallet-mints/${address}`, key)).body,
      );
    }
    expect(counts.totalMinted).toBe(1);
    // The reconciler says what it recovered after the crash, in its run's one JSON line.
    expect(site.output()).toMatch(/\{"level":"info",[^\n]*"job":"mint-maintenance"[^\n]*"minted":1[,}]/);
    const availabilityAfter = availabilityResponseSchema.parse(
      (await call("GET", "/api/v1/collections/aurora/availability", key)).body,
    ).stats;
    expect(availabilityAfter.minted).toBe(availabilityBefore.minted + 1);

    // The repeat execute answers the count only (the reconciler recorded it), and mints nothing more.
    const repeat = await call("POST", "/api/v1/execute-mint", key, { sessionId, signedTransaction: signed });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    const recovered = executeMintResultSchema.parse(repeat.body);
    expect(recovered).toMatchObject({ success: true, minted: 1, recovered: true });
    expect(recovered.nfts).toBeUndefined();
    expect(
      walletMintsResponseSchema.parse(
        (await call("GET", `/api/v1/collections/aurora/wallet-mints/${address}`, key)).body,
      ).totalMinted,
    ).toBe(1);
    expect(
      availabilityResponseSchema.parse((await call("GET", "/api/v1/collections/aurora/availability", key)).body).stats
        .minted,
    ).toBe(availabilityBefore.minted + 1);

    // The records and the chain agree, read from the data folder once the site is stopped
    // (the embedded database and chain are single-process): one Mint row for the session,
    // and the wallet owns the mint account the session built.
    expect(await site!.stop("SIGTERM")).toBe(0);
    site = undefined;
    const database = await openDatabase({ dataDir });
    const chain = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
    try {
      const mints = await database.prisma.mint.findMany({ where: { sessionId } });
      expect(mints).toHaveLength(1);
      const session = await database.prisma.mintSession.findUniqueOrThrow({ where: { id: sessionId } });
      expect(session).toMatchObject({ status: "minted", signature: walletSignatureOf(signed) });
      expect(mints[0]!.signature).toBe(session.signature);
      expect((await chain.getMintOwners([session.mintAddress!])).get(session.mintAddress!)).toBe(address);
      expect((await chain.getSignatureStatus(session.signature!)).state).toBe("confirmed");
    } finally {
      await chain.close();
      await database.close();
    }
  });
});
