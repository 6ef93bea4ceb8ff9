// SIGTERM on the production build (issue 27): executes in flight when the signal arrives
// finish and land, no new prepare is admitted, the process exits 0, and afterwards no
// session is stuck and every paid mint's NFT is its buyer's on chain. On the way, the
// built server answers /metrics with the token and writes one JSON line per request with
// the id it returned.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedChain } from "@/lib/chain";
import { openDatabase } from "@/lib/db/client";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { signPrepared } from "../api/mint/fixtures";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";

const TOKEN = "smoke-metrics-token-0123456789";
const BUYERS = 3;

describe("a server drained by SIGTERM mid-mint", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let site: Site | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-drain-"));
    const port = String(await freePort());
    env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, METRICS_TOKEN: TOKEN };
    site = await startSite({ ...env, LOG_LEVEL: "info" }, { preload: ["tests/smoke/fixtures/slow-submit.ts"] });
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
    const text = await response.text();
    return { status: response.status, requestId: response.headers.get("x-request-id"), text, body: JSON.parse(text) };
  };

  it("finishes the executes in flight, admits no new prepare, exits 0, and leaves nothing stuck", async () => {
    const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "aurora"], env);
    expect(created.status, created.stderr).toBe(0);
    const key = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)![1]!;
    const drop = collectionResponseSchema.parse((await call("GET", "/api/v1/collections/aurora", key)).body);
    const phaseId = drop.phases.active[0]!.id;
    const funded = async () => {
      const wallet = Keypair.generate();
      const faucet = await fetch(`${site!.url}/api/localnet/faucet`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ address: wallet.publicKey.toBase58(), sol: 1 }),
      });
      expect(faucet.status).toBe(200);
      return wallet;
    };
    const prepare = async (wallet: Keypair) =>
      call("POST", "/api/v1/prepare-mint", key, {
        ...{ collectionId: "aurora", phaseId, walletAddress: wallet.publicKey.toBase58(), quantity: 1 },
      });

    const buyers = await Promise.all(Array.from({ length: BUYERS }, funded));
    const signed = [];
    for (const wallet of buyers) {
      const prepared = await prepare(wallet);
      expect(prepared.status, prepared.text).toBe(200);
      const body = preparedMintResponseSchema.pick({ sessions: true, transactions: true }).parse(prepared.body);
      signed.push({
        sessionId: body.sessions[0]!.sessionId,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      });
    }
    const late = await funded();

    // A drop page is observed like an API request: its id, its line, its count.
    const page = await fetch(`${site!.url}/d/aurora`);
    expect(page.status).toBe(200);
    await page.text(); // streamed: it is answered (and counted) once its last byte is written
    const pageId = page.headers.get("x-request-id");
    expect(pageId).toMatch(/^[0-9a-f-]{36}$/);

    // The built server's metrics, with the token.
    const scrape = await fetch(`${site!.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    const metrics = await scrape.text();
    expect(metrics).toMatch(/^dropmint_mint_sessions_total\{stage="prepared"\} [1-9]/m);
    expect(metrics).toMatch(
      /^dropmint_http_requests_total\{route="\/api\/v1\/prepare-mint",method="POST",status="200"\} 3$/m,
    );
    expect(metrics).toMatch(
      /^dropmint_http_requests_total\{route="\/d\/\[identifier\]",method="GET",status="200"\} [1-9]/m,
    );
    expect((await fetch(`${site!.url}/metrics`)).status).toBe(401);

    site!.process.kill("SIGUSR2"); // from now on each submit takes 2 s
    const executes = signed.map((item) => call("POST", "/api/v1/execute-mint", key, item));
    await new Promise((resolve) => setTimeout(resolve, 700)); // the executes are inside their submits
    const exited = site!.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await prepare(late).then(
      (answer) => `${answer.status} ${answer.body.code}`,
      () => "connection refused",
    );
    expect(["503 SERVER_BUSY", "connection refused"]).toContain(refused);

    const answers = await Promise.all(executes);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(await exited).toBe(0);
    const output = site!.output();
    site = undefined;
    expect(output).toMatch(/"msg":"drained and closed"/);
    expect(output).toMatch(/"drained":true/);
    for (const answer of answers) {
      expect(output).toContain(`"requestId":"${answer.requestId}"`);
    }
    expect(output).toMatch(new RegExp(`"requestId":"${pageId}"[^\\n]*"route":"/d/\\[identifier\\]"`));
    expect(output).not.toContain(key);

    const database = await openDatabase({ dataDir });
    const chain = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
    try {
      const sessions = await database.prisma.mintSession.findMany({
        where: { id: { in: signed.map((item) => item.sessionId) } },
      });
      expect(sessions.map((session) => session.status)).toEqual(Array(BUYERS).fill("minted"));
      expect(await database.prisma.mintSession.count({ where: { status: { in: ["processing", "pending"] } } })).toBe(0);
      const owners = await chain.getMintOwners(sessions.map((session) => session.mintAddress));
      for (const session of sessions) expect(owners.get(session.mintAddress)).toBe(session.walletAddress);
    } finally {
      await chain.close();
      await database.close();
    }
  });
});
