// The documented topology (README "Deploying", issue 27 items 7 and 8): Debian's nginx with
// deploy/nginx/dropmint.conf in front of two built instances on PostgreSQL and Redis with
// one shared chain (`npm run localnet`). A collector mints through nginx with a real
// keypair; nginx keeps what the app marks public; each client's own address reaches the
// app's budgets, shared by both instances through Redis; the metrics are read through it.
// Then one instance gets SIGTERM in the middle of a rush: nothing a client sees is a 5xx
// but the drain's documented 503 SERVER_BUSY on a prepare (which it retries), the other
// instance answers no 5xx, no session is left stuck, and every buyer who paid holds the NFT.
// A creator uploads a Sugar folder through the studio via nginx: its requests reach both
// instances (which share MEDIA_DIR and STUDIO_UPLOADS_DIR, as deploy/ sets them up), two
// launches at once create one drop, and both instances serve its media.
import { randomBytes, randomInt } from "node:crypto";
import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcChain } from "@/lib/chain";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { signInMessageText, type SignInFields } from "@/lib/domain/wallet-sign-in";
import { signPrepared } from "../api/mint/fixtures";
import { createEmptyPostgresDatabase, databaseTarget } from "../helpers/databases";
import { redisProblem, startLocalnet, type Localnet } from "../helpers/localnet";
import { NGINX_SITE_FILE, startNginx, type Nginx } from "../helpers/nginx";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";
import { filledEnvFile, instanceLaunch, serviceUser } from "../helpers/systemd-unit";
import { httpCall, type HttpAnswer } from "../helpers/http-from";
import { signText } from "../helpers/wallet-sign-in";
import { copyExample } from "../launch/helpers";
import { batchBody, manifestOf, rangesOf } from "../launch/studio-upload-helpers";

const TOKEN = "topology-metrics-token-0123456789";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const READS_PER_MINUTE = 40;
const RUSH_BUYERS = 16;
const LATE_BUYERS = 8;

// Every client its own loopback address (Linux routes all of 127/8 to lo), so nginx sees
// each one's address as a real edge would; a new /16 each run, as Redis keeps budgets a minute.
const net = randomInt(2, 255);
const clientAddress = (i: number) => `127.${net}.${i >> 8}.${(i & 255) + 1}`;

/** What root wrote there (the seed), handed to the service user, as an operator's `chown -R`. */
function chownTree(folder: string, user: { uid: number; gid: number }): void {
  chownSync(folder, user.uid, user.gid);
  for (const entry of readdirSync(folder, { recursive: true }))
    chownSync(path.join(folder, String(entry)), user.uid, user.gid);
}

describe("nginx in front of two instances on PostgreSQL, Redis and the localnet", () => {
  let root: string;
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let localnet: Localnet;
  let sites: Site[] = [];
  let nginx: Nginx;
  let key: string;
  let phaseId: string;

  beforeAll(async () => {
    const postgres = databaseTarget("postgres");
    if (!postgres.available) throw new Error(`the topology test needs PostgreSQL: ${postgres.reason}`);
    const redis = await redisProblem(REDIS_URL);
    if (redis) throw new Error(`the topology test needs Redis at ${REDIS_URL}: ${redis}`);
    root = mkdtempSync(path.join(tmpdir(), "dropmint-topology-"));
    database = await createEmptyPostgresDatabase(postgres, { migrated: true });
    localnet = await startLocalnet(path.join(root, "localnet"));
    const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL,
      SOLANA_CLUSTER: "localnet",
      SOLANA_RPC_URL: localnet.url,
      MINT_AUTHORITY_SECRET_KEY: JSON.stringify(Array.from(Keypair.generate().secretKey)),
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUSTED_PROXY_HOPS: "1",
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE),
      RATE_LIMIT_MINTS_PER_MINUTE: "1000",
      TOKEN_PRICE_PROVIDER_URL: "none",
      STATIC_TOKEN_PRICES: '{"SOL":150}',
      DEMO_ACTIVITY_MINUTES: "0",
      LOG_LEVEL: "info",
      // The folders every instance shares (deploy/dropmint.env.example).
      MEDIA_DIR: path.join(root, "shared", "media"),
      STUDIO_UPLOADS_DIR: path.join(root, "shared", "studio-uploads"),
      // Every instance the same (deploy/dropmint.env.example).
      MINT_KEY_SECRET: randomBytes(32).toString("hex"),
      PRIZE_ACCOUNT_SECRET: randomBytes(32).toString("hex"),
    };
    const envOf = (port: number, name: string) => ({ ...shared, PORT: String(port), DATA_DIR: path.join(root, name) });
    const seeded = await runScript("db-seed.ts", [], { ...envOf(portA, "seed"), LOG_LEVEL: "silent" });
    expect(seeded.status, seeded.stderr).toBe(0);
    const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "doves"], {
      ...envOf(portA, "seed"),
    });
    expect(created.status, created.stderr).toBe(0);
    key = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)![1]!;
    // Instance B runs as deploy/systemd/dropmint@.service runs it: its command, folder and
    // environment alone (the env example filled in), as an unprivileged user when this test
    // runs as root in a checkout that user can read, so the code folder is read-only to it (as ProtectSystem=strict makes it)
    // and only its state folders are its own. Instance A runs as the same user (the shared
    // folders are both's) and can be made slow to submit (SIGUSR2), so a SIGTERM finds
    // executes in flight.
    const user = serviceUser(process.cwd());
    // The operator's edits: every value of the example but its shared folders, kept as written.
    const { MEDIA_DIR: _media, STUDIO_UPLOADS_DIR: _uploads, ...edits } = shared;
    const unitB = instanceLaunch(String(portB), root, filledEnvFile(edits), process.cwd(), user);
    // A's private temporary folder too (PrivateTmp=): the harness's own is root's.
    for (const folder of ["a", "tmp-a"]) mkdirSync(path.join(root, folder));
    if (user) for (const folder of ["a", "tmp-a", "shared"]) chownTree(path.join(root, folder), user);
    sites = await Promise.all([
      startSite(
        { ...envOf(portA, "a"), TMPDIR: path.join(root, "tmp-a") },
        { preload: ["tests/smoke/fixtures/slow-submit.ts"], user },
      ),
      startSite({ PORT: String(portB) }, { exact: unitB }),
    ]);
    nginx = await startNginx({ listenPort: nginxPort, upstreamPorts: [portA, portB], dir: path.join(root, "nginx") });
    const drop = await through("GET", "/api/v1/collections/doves", { from: clientAddress(0), headers: withKey() });
    expect(drop.status, drop.text).toBe(200);
    phaseId = collectionResponseSchema.parse(drop.body).phases.active[0]!.id;
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(sites.map((site) => site.stop("SIGKILL")));
    await localnet?.stop();
    await database?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const through = (
    method: string,
    pathname: string,
    options: { from: string; headers?: Record<string, string>; body?: unknown; raw?: Uint8Array },
  ) => httpCall(`${nginx.url}${pathname}`, { method, ...options });
  const withKey = () => ({ "x-api-key": key });

  const funded = async (from: string) => {
    const wallet = Keypair.generate();
    const faucet = await through("POST", "/api/localnet/faucet", {
      from,
      body: { address: wallet.publicKey.toBase58(), sol: 1 },
    });
    expect(faucet.status, faucet.text).toBe(200);
    return wallet;
  };

  /** prepare → sign → execute through nginx, as a client does: a 503 SERVER_BUSY prepare is retried after its Retry-After. */
  const mint = async (wallet: Keypair, from: string, log: HttpAnswer[]) => {
    const body = { collectionId: "doves", phaseId, walletAddress: wallet.publicKey.toBase58(), quantity: 1 };
    let prepared: HttpAnswer;
    for (let attempt = 1; ; attempt++) {
      prepared = await through("POST", "/api/v1/prepare-mint", { from, headers: withKey(), body });
      log.push(prepared);
      if (prepared.status !== 503 || attempt === 3) break;
      await new Promise((resolve) => setTimeout(resolve, Number(prepared.headers["retry-after"] ?? 1) * 1000));
    }
    expect(prepared.status, prepared.text).toBe(200);
    const { sessions, transactions } = preparedMintResponseSchema.parse(prepared.body);
    const executed = await through("POST", "/api/v1/execute-mint", {
      from,
      headers: withKey(),
      body: {
        sessionId: sessions[0]!.sessionId,
        signedTransaction: signPrepared(transactions[0]!.transaction, wallet),
      },
    });
    log.push(executed);
    return { sessionId: sessions[0]!.sessionId, executed };
  };

  /** Waits until the instance itself (its own port, not nginx) counts an execute in progress. */
  const executesInFlight = async (site: Site) => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const scrape = await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (/^dropmint_admission_in_progress\{kind="execute"\} [1-9]/m.test(await scrape.text())) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("no execute reached instance A");
  };

  it("mints through nginx, caches what the app marks public, and passes each client's address", async () => {
    const from = clientAddress(1);
    const buyer = await funded(from);
    const log: HttpAnswer[] = [];
    const { executed } = await mint(buyer, from, log);
    expect(executed.status, executed.text).toBe(200);
    expect(executed.body).toMatchObject({ success: true, minted: 1 });
    const chain = new RpcChain({ cluster: "localnet", rpcUrl: localnet.url });
    const holdings = await chain.getTokenBalances(buyer.publicKey.toBase58());
    expect(holdings.filter((holding) => holding.amount === 1n)).toHaveLength(1);
    // nginx's request id is the app's (X-Request-Id), one id in both logs.
    expect(executed.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);

    // Drop pages (s-maxage=5) and public reads (s-maxage=2) come from nginx's cache the second time.
    const origin = { origin: `${nginx.url}` };
    const cacheKey = /proxy_cache_key "([^"]+)"/.exec(readFileSync(NGINX_SITE_FILE, "utf8"))![1]!;
    expect(cacheKey).toContain("$dropmint_api_key");
    for (const pathname of ["/d/doves", "/api/public/collection/doves"]) {
      const first = await through("GET", pathname, { from, headers: origin });
      expect(first.status, first.text).toBe(200);
      expect(first.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=[25],/);
      const second = await through("GET", pathname, { from, headers: origin });
      expect([pathname, second.headers["x-cache-status"]]).toEqual([pathname, "HIT"]);
      // nginx's cache key stands in for Vary: it must name every header the answer varies by.
      const varies = String(first.headers.vary).toLowerCase().split(/,\s*/);
      // (X-API-Key as $dropmint_api_key: whether a key was sent.)
      const keyed = (name: string) => name === "x-api-key" || cacheKey.includes(`$http_${name.replaceAll("-", "_")}`);
      expect(varies.filter((name) => !keyed(name))).toEqual([]);
    }
    // Partner reads are private, mint calls are never kept.
    const partner = await through("GET", "/api/v1/collections/doves", { from, headers: withKey() });
    expect(partner.headers["cache-control"]).toBe("private, no-cache");
    expect(partner.headers["x-cache-status"]).toBeUndefined();

    // The budget follows the address nginx saw (X-Forwarded-For, TRUSTED_PROXY_HOPS=1), over
    // both instances (Redis); a header the client makes up does not move it to another bucket.
    const spender = clientAddress(2);
    const statuses: number[] = [];
    for (let i = 0; i < 2 * READS_PER_MINUTE + 20; i++) {
      const read = await through("GET", "/api/v1/collections/doves", {
        from: spender,
        headers: { ...withKey(), "x-forwarded-for": `203.0.113.${i % 250}` },
      });
      statuses.push(read.status);
    }
    // A window may end mid-loop: at most twice the budget passes, and some are refused.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2 * READS_PER_MINUTE);
    expect(statuses).toContain(429);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    const other = await through("GET", "/api/v1/collections/doves", { from: clientAddress(3), headers: withKey() });
    expect(other.status).toBe(200);
    const upstreams = new Set(nginx.accessLog().match(/upstream=127\.0\.0\.1:\d+/g));
    expect(upstreams.size).toBe(2);

    // The metrics, through nginx, with the token.
    const scrape = await through("GET", "/metrics", { from, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.text).toMatch(/^dropmint_admission_limit\{kind="prepare"\} \d+/m);
    expect(scrape.text).toMatch(/^dropmint_http_requests_total\{route="\/api\/v1\/collections\/\[identifier\]"/m);
    expect((await through("GET", "/metrics", { from })).status).toBe(401);
  });

  it("uploads a Sugar folder through the studio via nginx to both instances, launches it once, and both serve it", async () => {
    const from = clientAddress(4);
    const origin = nginx.url;
    const creator = Keypair.generate();
    const address = creator.publicKey.toBase58();
    const nonce = await through("POST", "/api/public/wallet-session/nonce", { from, headers: { origin } });
    expect(nonce.status, nonce.text).toBe(200);
    const { success: _success, ...fields } = nonce.body as SignInFields & { success: true };
    const message = signInMessageText({ ...fields, address });
    const signature = signText(creator, message);
    const signedIn = await through("POST", "/api/public/wallet-session/sign-in", {
      from,
      headers: { origin },
      body: { address, message, signature },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    const headers = { origin, cookie, "x-studio-wallet": address };

    const folder = copyExample();
    const manifest = manifestOf(folder);
    const made = await through("POST", "/api/studio/uploads", { from, headers, body: { files: manifest } });
    expect(made.status, made.text).toBe(200);
    const uploadId = made.body.uploadId as string;
    const files = `/api/studio/uploads/${uploadId}/files`;
    // The small files in one multipart batch, the cover in byte ranges, as the page sends them.
    const cover = manifest.find((f) => f.path === "assets/collection.png")!;
    const batch = await batchBody(
      folder,
      manifest.filter((f) => f !== cover).map((f) => f.path),
    );
    const sent = await through("POST", files, {
      from,
      headers: { ...headers, "content-type": batch.type },
      raw: batch.bytes,
    });
    expect(sent.status, sent.text).toBe(200);
    for (const range of rangesOf(folder, cover, 64)) {
      const put = await through("PUT", `${files}/${cover.path}`, {
        from,
        headers: { ...headers, "content-range": range.contentRange!, "content-type": "application/octet-stream" },
        raw: range.bytes,
      });
      expect(put.status, put.text).toBe(200);
    }
    const checked = await through("POST", `/api/studio/uploads/${uploadId}/validate`, { from, headers });
    expect(checked.body, checked.text).toMatchObject({ ok: true, missingFiles: 0, problems: [] });
    // Two launches at once (a double click): nginx sends them to the two instances; one launches.
    const launches = await Promise.all(
      [0, 1].map(() => through("POST", `/api/studio/uploads/${uploadId}/launch`, { from, headers })),
    );
    const launched = launches.find((answer) => answer.status === 200);
    expect(launched?.body, launches.map((answer) => answer.text).join("\n")).toMatchObject({ shortId: "moths" });
    const other = launches.find((answer) => answer !== launched)!;
    expect([409, 404]).toContain(other.status);
    // The upload's requests reached both instances.
    const upstreams = nginx
      .accessLog()
      .split("\n")
      .filter((line) => line.includes(`/api/studio/uploads/${uploadId}`))
      .map((line) => /upstream=(127\.0\.0\.1:\d+)/.exec(line)?.[1]);
    expect(new Set(upstreams).size).toBe(2);

    // One drop, and each of its images served by either instance.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ imageUrl: string }>(
        `SELECT n."imageUrl" FROM "Nft" n JOIN "Collection" c ON c.id = n."collectionId" WHERE c."shortId" = 'moths'`,
      );
      expect(rows).toHaveLength(10);
      for (const { imageUrl } of rows) {
        for (const site of sites) {
          const media = await fetch(`${site.url}${new URL(imageUrl, nginx.url).pathname}`);
          expect([site.url, imageUrl, media.status]).toEqual([site.url, imageUrl, 200]);
        }
      }
    } finally {
      await db.end();
    }

    // A 2 MB range passes nginx (other paths keep its 1 MB limit).
    const size = 2 * 1024 * 1024;
    const big = await through("POST", "/api/studio/uploads", {
      from,
      headers,
      body: { files: [{ path: "big.bin", size }] },
    });
    expect(big.status, big.text).toBe(200);
    const whole = await through("PUT", `/api/studio/uploads/${big.body.uploadId}/files/big.bin`, {
      from,
      headers: {
        ...headers,
        "content-range": `bytes 0-${size - 1}/${size}`,
        "content-type": "application/octet-stream",
      },
      raw: new Uint8Array(size).fill(7),
    });
    expect(whole.body, whole.text).toMatchObject({ received: size, complete: true });
    await through("DELETE", `/api/studio/uploads/${big.body.uploadId}`, { from, headers });
    rmSync(folder, { recursive: true, force: true });
  });

  it("drains one instance mid-rush: no 5xx but the retried 503 SERVER_BUSY, nothing stuck, every payment its NFT", async () => {
    const [siteA, siteB] = sites as [Site, Site];
    const buyers = await Promise.all(
      Array.from({ length: RUSH_BUYERS + LATE_BUYERS }, async (_, i) => {
        const from = clientAddress(100 + i);
        return { from, wallet: await funded(from) };
      }),
    );
    const log: HttpAnswer[] = [];
    siteA.process.kill("SIGUSR2"); // from now on each of A's submits takes 2 s
    const started = Date.now();
    // The rush: every buyer prepares at once and executes as soon as it has signed.
    const rush = buyers.slice(0, RUSH_BUYERS).map((buyer) => mint(buyer.wallet, buyer.from, log));
    // SIGTERM once A has executes in flight (waiting in their submits); the late buyers come after it.
    await executesInFlight(siteA);
    const exited = siteA.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = buyers.slice(RUSH_BUYERS).map((buyer) => mint(buyer.wallet, buyer.from, log));
    const results = await Promise.all([...rush, ...late]);
    expect(await exited).toBe(0);
    const busy = log.filter((answer) => answer.status === 503).length;
    console.log(
      `rush through nginx with a SIGTERM: ${results.length} mints in ${Date.now() - started} ms, ${busy} prepares retried after 503`,
    );

    const outputA = siteA.output();
    expect(outputA).toMatch(/"msg":"drained and closed"/);
    expect(outputA).toMatch(/"drained":true/);
    // A took part: some of the rush's executes were in flight at the signal and finished.
    expect(outputA).toMatch(/"route":"\/api\/v1\/execute-mint","method":"POST","status":200/);
    // What the clients saw: answers, and a 503 only as the drain's refusal of a prepare.
    const fiveHundreds = log.filter((answer) => answer.status >= 500);
    for (const answer of fiveHundreds) {
      expect([answer.path, answer.status, answer.body?.code]).toEqual(["/api/v1/prepare-mint", 503, "SERVER_BUSY"]);
    }
    for (const { executed } of results) expect(executed.status, executed.text).toBe(200);
    // The other instance answered no 5xx at all, and nginx never answered one of its own.
    const linesB = siteB
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'));
    expect(linesB.length).toBeGreaterThan(0);
    expect(linesB.filter((line) => /"status":5\d\d/.test(line))).toEqual([]);
    expect(nginx.accessLog()).not.toMatch(/" 50[024] /);

    // Nothing stuck, and on chain every buyer paid once and holds its dove.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM "MintSession" WHERE id = ANY($1) GROUP BY status`,
        [results.map((result) => result.sessionId)],
      );
      expect(rows).toEqual([{ status: "minted", count: results.length }]);
      const stuck = await db.query(`SELECT id FROM "MintSession" WHERE status IN ('processing', 'pending')`);
      expect(stuck.rows).toEqual([]);
    } finally {
      await db.end();
    }
    const chain = new RpcChain({ cluster: "localnet", rpcUrl: localnet.url });
    for (const { wallet } of buyers) {
      const address = wallet.publicKey.toBase58();
      const paid = BigInt(LAMPORTS_PER_SOL) - (await chain.getBalance(address));
      const doves = (await chain.getTokenBalances(address)).filter((holding) => holding.amount === 1n);
      // 12 USD at 150 USD per SOL is 0.08 SOL, plus fees and rent: one payment, one NFT.
      expect([address, doves.length, paid >= 80_000_000n && paid < 160_000_000n]).toEqual([address, 1, true]);
    }
  });
});
