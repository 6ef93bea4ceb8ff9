// No oversell under a rush: many wallets prepare at once for a small phase, then every
// prepared transaction is executed.
//
// PostgreSQL: 300 prepares for 50 NFTs from two child processes, each with its own runtime
// and pool (4 connections, tagged with application_name so the test can see them in
// pg_stat_activity), against the same throwaway database. The chain is the test process's
// embedded chain, which both children reach through startJsonRpcServer (RpcChain, as an
// app instance on `npm run localnet` does), so they see the same balances and blockhashes;
// they share the parent's mint authority (MINT_AUTHORITY_SECRET_KEY). The children open
// everything first, report ready, and fire all their prepares when the parent says go, so
// the two bursts overlap. The executes run in the parent (its own pool, the embedded chain
// directly), signed with each wallet's key, which never leaves the parent.
//
// PGlite: the same race in one process (60 prepares for 20 NFTs); PGlite serializes
// transactions, so this proves the reservation logic rather than row locking.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedChain, startJsonRpcServer, type EmbeddedChain, type JsonRpcServer } from "@/lib/chain";
import { parseConfig } from "@/lib/config";
import { availabilityResponseSchema } from "@/lib/schemas/availability";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { installRuntime, serviceContextOf } from "@/lib/server/runtime";
import { createApiKey } from "@/lib/services/api-keys";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { TEST_SITE_ORIGIN, startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, signPrepared, type FixtureDrop } from "./fixtures";

const ROOT = path.resolve(import.meta.dirname, "../../..");
// A rush is hundreds of prepares (and two app processes starting): its work, not a wait, and
// it scales with the share of the CPU the test gets. Beside a busy loop on every core
// (npm run test:stress) a rush took over the default minute. The assertions here are about
// supply, never speed (npm run bench:rush measures that).
const RUSH_TIMEOUT_MS = 240_000;
const PRICE = 10_000_000n; // 0.01 SOL
const FUNDING = 1_000_000_000n;
// The rush here is about supply under real concurrency, so nothing is refused at the door (admission has its own test).
const NO_RATE_LIMIT = {
  // Every buyer here calls from one address: the per-client bound on requests in progress
  // would refuse the rush before the database is ever contended.
  MAX_REQUESTS_PER_CLIENT: "1000000",
  RATE_LIMIT_MINTS_PER_MINUTE: "1000000",
  RATE_LIMIT_READS_PER_MINUTE: "1000000",
  MAX_CONCURRENT_REQUESTS: "10000",
  MAX_CONCURRENT_MINTS: "10000",
};

/** One prepare's outcome, as a client saw it. */
type Outcome = {
  wallet: string;
  requested: number;
  status: number;
  code: string | null;
  totalQuantity: number;
  quantityAdjusted: boolean;
  sessionIds: string[];
  nftIds: string[];
  transactions: string[];
};
/** Each buyer calls through a partner key of its own: one key holds at most its share of a phase (issue 21). */
type PrepareRequest = { wallet: string; quantity: number; key?: string };

/** Most wallets ask for one, every third for two (so a reduced quantity can happen at the edge). */
const requestFor = (wallet: Keypair, i: number): PrepareRequest => ({
  wallet: wallet.publicKey.toBase58(),
  quantity: i % 3 === 0 ? 2 : 1,
});

function outcomeOf(request: PrepareRequest, response: { status: number; body: Record<string, any> | null }): Outcome {
  const base = { wallet: request.wallet, requested: request.quantity, status: response.status };
  if (response.status !== 200)
    return {
      ...base,
      code: response.body?.code ?? null,
      totalQuantity: 0,
      quantityAdjusted: false,
      sessionIds: [],
      nftIds: [],
      transactions: [],
    };
  const body = preparedMintResponseSchema.parse(response.body);
  return {
    ...base,
    code: null,
    totalQuantity: body.totalQuantity,
    quantityAdjusted: body.quantityAdjusted,
    sessionIds: body.sessions.map((s) => s.sessionId),
    nftIds: body.sessions.flatMap((s) => s.nftIds),
    transactions: body.transactions.map((t) => t.transaction),
  };
}

/** Exactly `supply` NFTs went out, none twice; everyone else was told SOLD_OUT or got fewer; nobody got a 500. */
async function expectNoOversell(app: Pick<TestApp, "runtime">, drop: FixtureDrop, outcomes: Outcome[], supply: number) {
  expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
  const refused = outcomes.filter((o) => o.status !== 200);
  expect(new Set(refused.map((o) => `${o.status} ${o.code}`))).toEqual(new Set(refused.length ? ["409 SOLD_OUT"] : []));
  const granted = outcomes.filter((o) => o.status === 200);
  for (const o of granted) {
    expect(o.totalQuantity).toBeGreaterThan(0);
    expect(o.totalQuantity).toBeLessThanOrEqual(o.requested);
    expect(o.quantityAdjusted).toBe(o.totalQuantity < o.requested);
  }
  const nftIds = granted.flatMap((o) => o.nftIds);
  const sessionIds = granted.flatMap((o) => o.sessionIds);
  expect(nftIds).toHaveLength(supply);
  expect(new Set(nftIds).size).toBe(supply);
  expect(new Set(sessionIds).size).toBe(supply);
  expect(new Set(nftIds)).toEqual(new Set(drop.nftIds));

  const prisma = app.runtime.database.prisma;
  const sessions = await prisma.mintSession.findMany({ where: { collectionId: drop.collectionId } });
  expect(sessions).toHaveLength(supply);
  expect(sessions.every((s) => s.status === "prepared")).toBe(true);
  expect(new Set(sessions.map((s) => s.nftId)).size).toBe(supply);
  const reserved = await prisma.nft.findMany({ where: { collectionId: drop.collectionId, status: "reserved" } });
  expect(reserved).toHaveLength(supply);
  expect(new Set(reserved.map((n) => n.reservedBySession))).toEqual(new Set(sessionIds));
  // The ones that were refused hold nothing.
  expect(await prisma.mintSession.count({ where: { walletAddress: { in: refused.map((o) => o.wallet) } } })).toBe(0);
}

/** Signs every granted transaction with its wallet and executes them all at once; checks DB, chain and availability agree. */
async function executeAllAndCheck(
  app: Pick<TestApp, "runtime">,
  key: string,
  drop: FixtureDrop,
  outcomes: Outcome[],
  wallets: Map<string, Keypair>,
  supply: number,
) {
  const chain = app.runtime.chain;
  const treasuryBefore = await chain.getBalance(drop.treasury);
  // One execute per prepare, all at once: a single NFT alone, several through the batch (as the spec requires).
  const groups = outcomes
    .filter((o) => o.sessionIds.length > 0)
    .map((o) =>
      o.sessionIds.map((sessionId, i) => ({
        sessionId,
        signedTransaction: signPrepared(o.transactions[i]!, wallets.get(o.wallet)!),
      })),
    );
  const jobs = groups.flat();
  const results = await Promise.all(
    groups.map((items) =>
      items.length === 1
        ? callJson("POST", "/api/v1/execute-mint", { headers: { "x-api-key": key }, body: items[0]! })
        : callJson("POST", "/api/v1/execute-mint/batch", {
            headers: { "x-api-key": key },
            body: { transactions: items },
          }),
    ),
  );
  expect(results.filter((r) => r.status !== 200 || r.body?.failedTransactions > 0).map((r) => r.text)).toEqual([]);

  const prisma = app.runtime.database.prisma;
  const mints = await prisma.mint.findMany({ where: { collectionId: drop.collectionId } });
  expect(mints).toHaveLength(supply);
  expect(new Set(mints.map((m) => m.nftId)).size).toBe(supply);
  expect(new Set(mints.map((m) => m.sessionId))).toEqual(new Set(jobs.map((j) => j.sessionId)));
  const nfts = await prisma.nft.findMany({ where: { collectionId: drop.collectionId } });
  expect(nfts.every((n) => n.status === "minted" && n.mintAddress !== null)).toBe(true);
  expect(new Set(nfts.map((n) => n.mintAddress)).size).toBe(supply);

  const owners = await chain.getMintOwners(nfts.map((n) => n.mintAddress!));
  expect(nfts.map((n) => owners.get(n.mintAddress!))).toEqual(nfts.map((n) => n.ownerWallet));
  const minters = new Map(mints.map((m) => [m.nftId, m.walletAddress]));
  expect(nfts.map((n) => n.ownerWallet)).toEqual(nfts.map((n) => minters.get(n.id)));
  expect((await chain.getBalance(drop.treasury)) - treasuryBefore).toBe(PRICE * BigInt(supply));

  const availability = await callJson("GET", `/api/v1/collections/${drop.shortId}/availability`, {
    headers: { "x-api-key": key },
  });
  expect(availability.status, availability.text).toBe(200);
  expect(availabilityResponseSchema.parse(availability.body).stats).toMatchObject({
    total: supply,
    minted: supply,
    available: 0,
  });
}

async function fundWallets(
  chain: { airdrop(address: string, lamports: bigint): Promise<string> },
  count: number,
): Promise<Keypair[]> {
  const wallets = Array.from({ length: count }, () => Keypair.generate());
  for (const wallet of wallets) await chain.airdrop(wallet.publicKey.toBase58(), FUNDING);
  return wallets;
}

// ---------------------------------------------------------------------------------------
// The child: its own runtime (pool of 4 on the shared database, RpcChain on the parent's
// JSON-RPC server), the real route handlers, prepares fired together on "go".
const CHILD_SOURCE = `
import { createInterface } from "node:readline";
import { RpcChain } from ${JSON.stringify(path.join(ROOT, "lib/chain/index.ts"))};
import { parseConfig } from ${JSON.stringify(path.join(ROOT, "lib/config.ts"))};
import { openDatabase } from ${JSON.stringify(path.join(ROOT, "lib/db/client.ts"))};
import { assembleRuntime } from ${JSON.stringify(path.join(ROOT, "lib/server/create-runtime.ts"))};
import { installRuntime } from ${JSON.stringify(path.join(ROOT, "lib/server/runtime.ts"))};
import { callJson } from ${JSON.stringify(path.join(ROOT, "tests/helpers/route-caller.ts"))};

const job = JSON.parse(process.env.CHILD_JOB);
const config = parseConfig(job.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
const chain = new RpcChain({ cluster: "localnet", rpcUrl: config.rpcUrl, pollIntervalMs: 20 });
const runtime = assembleRuntime(config, database, chain);
installRuntime(runtime);
// Load the route modules and open the connections before the race starts.
await Promise.all([0, 1, 2, 3].map(() => database.prisma.$executeRawUnsafe("SELECT pg_sleep(0.05)")));
await callJson("POST", "/api/v1/prepare-mint", { headers: { "x-api-key": job.key }, body: {} });
const lines = createInterface({ input: process.stdin });
const next = () => new Promise((resolve) => lines.once("line", resolve));
process.stdout.write("ready\\n");
await next();
const outcomes = await Promise.all(job.requests.map(async (request) => {
  const response = await callJson("POST", "/api/v1/prepare-mint", {
    headers: { "x-api-key": request.key ?? job.key },
    body: { collectionId: job.collectionId, phaseId: job.phaseId, walletAddress: request.wallet, quantity: request.quantity },
  });
  return { request, status: response.status, body: response.body };
}));
process.stdout.write(JSON.stringify(outcomes) + "\\n");
await next(); // stay connected until the parent has looked at pg_stat_activity
await runtime.close();
process.exit(0);
`;

type Child = { process: ChildProcess; line(): Promise<string>; send(line: string): void; stderr(): string };

function spawnChild(file: string, job: unknown): Child {
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    cwd: ROOT,
    env: { ...process.env, CHILD_JOB: JSON.stringify(job), LOG_LEVEL: "silent" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on("line", (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`child exited (${code}):\n${stderr}`))),
  );
  exited.catch(() => undefined);
  return {
    process: child,
    line: () =>
      queue.length
        ? Promise.resolve(queue.shift()!)
        : Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), exited]),
    send: (line) => child.stdin!.write(`${line}\n`),
    stderr: () => stderr,
  };
}

const postgres = databaseTarget("postgres");

// A story, in order: the rush of prepares, then every execute (shuffle off: the order is the test).
describe.skipIf(!postgres.available)(
  "no oversell on PostgreSQL: 300 prepares for 50 NFTs from 2 processes × 4 connections",
  { shuffle: false },
  () => {
    const SUPPLY = 50;
    const WALLETS = 300;
    let database: TestDatabase;
    let embedded: EmbeddedChain;
    let server: JsonRpcServer;
    let dataDir: string;
    let app: Pick<TestApp, "runtime">;
    let drop: FixtureDrop;
    let key: string;
    let wallets: Keypair[];
    let outcomes: Outcome[];
    const children: Child[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(postgres, { poolSize: 4 });
      dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-rush-"));
      embedded = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
      server = await startJsonRpcServer({ chain: embedded, port: 0 });
      const config = parseConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: TEST_SITE_ORIGIN,
        LOG_LEVEL: "silent",
        ...NO_RATE_LIMIT,
      });
      const runtime = assembleRuntime(config, database, embedded);
      installRuntime(runtime);
      app = { runtime };
      drop = await createFixtureDrop(
        {
          runtime,
          context: (overrides) => serviceContextOf(runtime, overrides),
          createKey: async () => "",
          close: async () => undefined,
        },
        { shortId: "fixture-rush", price: PRICE, supply: SUPPLY, maxPerWallet: 5 },
      );
      key = (
        await createApiKey({ db: database.prisma }, { keyClass: "live", collections: ["fixture-rush"], origins: [] })
      ).key;
      wallets = await fundWallets(embedded, WALLETS);
    });
    afterAll(async () => {
      for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGKILL");
      await server?.close();
      await embedded?.close();
      await database?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      "reserves exactly 50 NFTs, none twice; everyone else gets SOLD_OUT or fewer, never a 500",
      async () => {
        const childFile = path.join(dataDir, "prepare-child.mts");
        writeFileSync(childFile, CHILD_SOURCE);
        const requests = await Promise.all(
          wallets.map(async (wallet, i) => ({
            ...requestFor(wallet, i),
            key: (
              await createApiKey(
                { db: database.prisma },
                { keyClass: "live", collections: ["fixture-rush"], origins: [] },
              )
            ).key,
          })),
        );
        const halves = [requests.filter((_, i) => i % 2 === 0), requests.filter((_, i) => i % 2 === 1)];
        const secret = JSON.stringify(Array.from(app.runtime.keys.mintAuthority.secretKey));
        halves.forEach((half, n) => {
          const url = new URL(database.url!);
          url.searchParams.set("application_name", `dropmint-rush-${n}`);
          const env = {
            DATA_DIR: path.join(dataDir, `child-${n}`),
            DATABASE_URL: url.toString(),
            SOLANA_RPC_URL: server.url,
            MINT_AUTHORITY_SECRET_KEY: secret,
            PUBLIC_URL: TEST_SITE_ORIGIN,
            LOG_LEVEL: "silent",
            ...NO_RATE_LIMIT,
          };
          children.push(
            spawnChild(childFile, { env, key, collectionId: drop.collectionId, phaseId: drop.phaseId, requests: half }),
          );
        });
        for (const child of children) expect(await child.line()).toBe("ready");
        for (const child of children) child.send("go");
        const answers = await Promise.all(
          children.map(
            async (child) =>
              JSON.parse(await child.line()) as Array<{
                request: PrepareRequest;
                status: number;
                body: Record<string, any> | null;
              }>,
          ),
        );

        // Each child ran on its own pool of (at least) 2 live connections: 2 processes, ≥ 4 connections.
        const connections = await database.prisma.$queryRawUnsafe<Array<{ application_name: string; n: number }>>(
          `SELECT application_name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'dropmint-rush-%' GROUP BY 1 ORDER BY 1`,
        );
        expect(connections.map((c) => c.application_name)).toEqual(["dropmint-rush-0", "dropmint-rush-1"]);
        for (const c of connections) expect(c.n).toBeGreaterThanOrEqual(2);
        expect(connections.reduce((sum, c) => sum + c.n, 0)).toBeGreaterThanOrEqual(4);
        for (const child of children) child.send("exit");

        outcomes = answers.flat().map((a) => outcomeOf(a.request, a));
        expect(outcomes).toHaveLength(WALLETS);
        await expectNoOversell(app, drop, outcomes, SUPPLY);
      },
      RUSH_TIMEOUT_MS,
    );

    it(
      "executes every prepared transaction: exactly 50 minted, none twice, owners on chain agree, 50/50 sold",
      async () => {
        expect(outcomes).toBeDefined();
        await executeAllAndCheck(
          app,
          key,
          drop,
          outcomes,
          new Map(wallets.map((w) => [w.publicKey.toBase58(), w])),
          SUPPLY,
        );
      },
      RUSH_TIMEOUT_MS,
    );
  },
);

describe("no oversell on PGlite: 60 concurrent prepares for 20 NFTs", () => {
  const SUPPLY = 20;
  let app: TestApp;
  let drop: FixtureDrop;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"), { seed: false, env: NO_RATE_LIMIT });
    drop = await createFixtureDrop(app, {
      shortId: "fixture-rush-lite",
      price: PRICE,
      supply: SUPPLY,
      maxPerWallet: 5,
    });
    key = await app.createKey({ keyClass: "live", collections: ["fixture-rush-lite"] });
  });
  afterAll(() => app?.close());

  it(
    "reserves exactly 20 and mints exactly 20",
    async () => {
      const wallets = await fundWallets(app.runtime.chain, 60);
      const requests = await Promise.all(
        wallets.map(async (wallet, i) => ({
          ...requestFor(wallet, i),
          key: await app.createKey({ keyClass: "live", collections: ["fixture-rush-lite"] }),
        })),
      );
      const responses = await Promise.all(
        requests.map((r) =>
          callJson("POST", "/api/v1/prepare-mint", {
            headers: { "x-api-key": r.key },
            body: {
              collectionId: drop.collectionId,
              phaseId: drop.phaseId,
              walletAddress: r.wallet,
              quantity: r.quantity,
            },
          }),
        ),
      );
      const outcomes = responses.map((response, i) => outcomeOf(requests[i]!, response));
      await expectNoOversell(app, drop, outcomes, SUPPLY);
      await executeAllAndCheck(
        app,
        key,
        drop,
        outcomes,
        new Map(wallets.map((w) => [w.publicKey.toBase58(), w])),
        SUPPLY,
      );
    },
    RUSH_TIMEOUT_MS,
  );
});
