// `npm run bench:rush`: the sale everyone came for. Two site instances behind one address
// share a PostgreSQL database, Redis (budgets) and one chain (`npm run localnet`), as README
// "Several instances" sets them up; RUSH_BUYERS funded buyers (1,000), each from an
// address of its own and each on the site's own page, race for a drop of RUSH_SUPPLY NFTs
// (100). Prints prepare and execute p50/p95, how many were minted and whether any NFT was
// minted twice (the answers, the database and the chain's own count must all say the
// supply), how many prepares and executes an instance shed (503 SERVER_BUSY), and the time
// from the first prepare to sold out; judged by bench/goals.ts. RUSH_CPU_PROFILE=1 runs
// the first instance under `node --cpu-prof` and prints where its time went.
//
// An attacker sends ATTACK_SHARE (20%) of the prepares on top: from one address, with a
// partner key of its own, each naming another buyer's funded wallet (as a bot does with the
// wallets in the public feeds). It never signs. The bench prints how many NFTs it held at
// peak (its share of the drop at most, lib/domain/hold-share.ts) and that the honest buyers,
// each signed in with its own wallet (Sign In With Solana) before the race, got the supply.
//
// The race runs in rounds: every buyer still without an NFT prepares at once (connections
// spread over both instances), the buyers whose prepare reserved an NFT sign, and all of
// them execute at once, each on whichever instance its connection reaches, not
// necessarily the one that prepared it. A round that leaves NFTs unsold (an execute
// refused) is followed by another, RUSH_MAX_ROUNDS (5) at most.
import { randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getTokenGroupState, TOKEN_2022_PROGRAM_ID, unpackMint } from "@solana/spl-token";
import { Keypair, PublicKey } from "@solana/web3.js";
import pg from "pg";
import { signInMessageText, type SignInFields } from "@/lib/domain/wallet-sign-in";
import { createApiKey } from "@/lib/services/api-keys";
import { signPrepared } from "../tests/api/mint/fixtures";
import { signText } from "../tests/helpers/wallet-sign-in";
import { createEmptyPostgresDatabase, databaseTarget } from "../tests/helpers/databases";
import { startLocalnet, redisProblem } from "../tests/helpers/localnet";
import { freePort, runScript, startSite, type Site } from "../tests/helpers/site-process";
import { printProfileSummary } from "./cpu-profile";
import { meets, printBounds, printGoals, target, verdict, type GoalId } from "./goals";
import { LoadGenerator, percentile, summarise, type LoadAnswer, type LoadOutcome, type LoadRequest } from "./load";
import { assertProductionBuild, createBenchDrop, fundedWallets, rssMb, withSiteRuntime } from "./site";

const BUYERS = Number(process.env.RUSH_BUYERS ?? 1000);
const SUPPLY = Number(process.env.RUSH_SUPPLY ?? 100);
/** Connections at once: by default every buyer has its own, as every buyer has a browser. */
const CONCURRENCY = Number(process.env.RUSH_CONCURRENCY ?? BUYERS);
const MAX_ROUNDS = Number(process.env.RUSH_MAX_ROUNDS ?? 8);
/** The attacker's part of all prepares sent. */
const ATTACK_SHARE = Number(process.env.RUSH_ATTACK_SHARE ?? 0.2);
const CPU_PROFILE = process.env.RUSH_CPU_PROFILE === "1";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SOL = 1_000_000_000n;

/** Answers an admission gate shed: 503 SERVER_BUSY (a drain's refusal too, but no instance drains here). */
function shedCount(answers: ReadonlyArray<LoadAnswer | null>): number {
  return answers.filter((a) => a?.status === 503 && /"code":\s*"SERVER_BUSY"/.test(a.body ?? "")).length;
}

type Buyer = { wallet: Keypair; ip: string; minted: boolean; cookie?: string };

/** Signs a wallet in on the site, as its page does (nonce, the wallet signs the SIWS text, sign-in); returns its cookie. */
async function signIn(url: string, origin: string, wallet: Keypair, ip: string): Promise<string> {
  const post = async (pathname: string, body: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sign-in ${pathname}: ${response.status} ${await response.text()}`);
    return response;
  };
  const { success: _success, ...fields } = (await (await post("/api/public/wallet-session/nonce", {})).json()) as {
    success: true;
  } & Omit<SignInFields, "address">;
  const address = wallet.publicKey.toBase58();
  const message = signInMessageText({ ...fields, address });
  const signedIn = await post("/api/public/wallet-session/sign-in", {
    address,
    message,
    signature: signText(wallet, message),
  });
  return signedIn.headers.get("set-cookie")!.split(";")[0]!;
}

/** Prepares and executes one `aurora` NFT per wallet on one instance, unmeasured: its mint path loaded and warm. */
async function warmUp(url: string, origin: string, wallets: readonly Keypair[]): Promise<void> {
  let cookie = "";
  const call = async (pathname: string, body?: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": "127.0.0.1", cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`warm-up ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  };
  const phaseId = (await call("/api/v1/collections/aurora")).phases.active[0].id as string;
  for (const wallet of wallets) {
    cookie = await signIn(url, origin, wallet, "127.0.0.1");
    const prepared = await call("/api/v1/prepare-mint", {
      collectionId: "aurora",
      phaseId,
      walletAddress: wallet.publicKey.toBase58(),
      quantity: 1,
    });
    await call("/api/v1/execute-mint", {
      sessionId: prepared.sessions[0].sessionId,
      signedTransaction: signPrepared(prepared.transactions[0].transaction, wallet),
    });
  }
}

/** Percentiles of a subset of answers (the accepted prepares, the refused ones). */
function describe(answers: readonly LoadAnswer[]): string {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return ms.length === 0
    ? "none"
    : `${ms.length}, p50 ${percentile(ms, 0.5).toFixed(0)} ms, p95 ${percentile(ms, 0.95).toFixed(0)} ms`;
}

async function main(): Promise<void> {
  assertProductionBuild();
  const postgres = databaseTarget("postgres");
  if (!postgres.available) throw new Error(`the rush needs PostgreSQL: ${postgres.reason}`);
  const redis = await redisProblem(REDIS_URL);
  if (redis) throw new Error(`the rush needs Redis at ${REDIS_URL}: ${redis}`);
  printGoals(["rush-prepare-p95", "rush-execute-p95", "rush-shed", "rush-exact-supply"]);

  const root = mkdtempSync(path.join(tmpdir(), "dropmint-rush-"));
  const database = await createEmptyPostgresDatabase(postgres);
  const localnet = await startLocalnet(path.join(root, "localnet"));
  const sites: Site[] = [];
  const load = LoadGenerator.start();
  try {
    const ports = [await freePort(), await freePort()];
    // One public address for both instances (a balancer in front): the site's own origin and its metadata URLs.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL,
      SOLANA_CLUSTER: "localnet",
      SOLANA_RPC_URL: localnet.url,
      // Every instance signs as the same mint authority (unset, each would generate its own into its DATA_DIR).
      MINT_AUTHORITY_SECRET_KEY: JSON.stringify(Array.from(Keypair.generate().secretKey)),
      PUBLIC_URL: publicUrl,
      // The balancer is the one proxy of our own: the buyer's address is the entry before it.
      TRUSTED_PROXY_HOPS: "1",
      LOG_LEVEL: "warn",
    };
    const envOf = (i: number) => ({ ...shared, PORT: String(ports[i]), DATA_DIR: path.join(root, `instance-${i}`) });

    const seeded = await runScript("db-seed.ts", [], { ...envOf(0), LOG_LEVEL: "silent" });
    if (seeded.status !== 0) throw new Error(`db:seed failed: ${seeded.stderr}`);
    const t0 = performance.now();
    const { drop, wallets, warmUpWallets, attacker } = await withSiteRuntime(envOf(0), async (runtime) => {
      const drop = await createBenchDrop(runtime, {
        shortId: "rush",
        price: SOL / 100n,
        supply: SUPPLY,
        maxPerWallet: 1,
      });
      const created = await createApiKey(
        { db: runtime.database.prisma },
        { keyClass: "live", collections: ["rush"], origins: [] },
      );
      return {
        drop,
        wallets: await fundedWallets(runtime, BUYERS, SOL / 10n),
        warmUpWallets: await fundedWallets(runtime, 4, SOL / 10n),
        attacker: { key: created.key, holderKey: `key:${created.summary.id}` },
      };
    });
    console.log(
      `\nSet up: a paid drop of ${SUPPLY} (one per wallet), ${BUYERS} buyers funded on the shared chain in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const profileDir = path.join(root, "profile");
    for (const i of [0, 1])
      sites.push(
        await startSite(envOf(i), {
          nodeArgs: CPU_PROFILE && i === 0 ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
        }),
      );
    const urls = sites.map((site) => site.url);
    // A fresh range of buyer addresses each run: Redis keeps budgets for a minute.
    const net = randomInt(0, 256);
    const buyers: Buyer[] = wallets.map((wallet, i) => ({
      wallet,
      ip: `10.${net}.${i >> 8}.${i & 255}`,
      minted: false,
    }));
    const post = (buyer: Buyer, pathname: string, body: unknown): LoadRequest => ({
      method: "POST",
      path: pathname,
      headers: { origin: publicUrl, "x-forwarded-for": buyer.ip, ...(buyer.cookie ? { cookie: buyer.cookie } : {}) },
      body: JSON.stringify(body),
    });
    const attackerIp = `10.${(net + 1) % 256}.255.254`;
    const attack = (victim: Buyer): LoadRequest => ({
      method: "POST",
      path: "/api/v1/prepare-mint",
      headers: { "x-api-key": attacker.key, "x-forwarded-for": attackerIp },
      body: JSON.stringify({
        collectionId: drop.shortId,
        phaseId: drop.phaseId,
        walletAddress: victim.wallet.publicKey.toBase58(),
        quantity: 1,
      }),
    });
    // Each buyer signs in with its wallet before the race (once per visit, as the page does).
    const signInStarted = performance.now();
    for (let i = 0; i < buyers.length; i += 50)
      await Promise.all(
        buyers.slice(i, i + 50).map(async (buyer, k) => {
          buyer.cookie = await signIn(urls[(i + k) % urls.length]!, publicUrl, buyer.wallet, buyer.ip);
        }),
      );
    console.log(`${BUYERS} buyers signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    /** The attacker's live holds now, and when the first of them ends. */
    const attackerHolds = async () => {
      const { rows } = await db.query<{ held: number; first: Date | null }>(
        `SELECT count(*)::int AS held, min("expiresAt") AS first FROM "MintSession"
         WHERE "holderKey" = $1 AND status = 'prepared' AND "expiresAt" > now()`,
        [attacker.holderKey],
      );
      return rows[0]!;
    };
    let attackerPeak = 0;
    let attackerAccepted = 0;
    let attackerSent = 0;
    // Sites that have sold before: two real mints of the free demo drop on each instance first.
    for (const [i, url] of urls.entries()) await warmUp(url, publicUrl, warmUpWallets.slice(2 * i, 2 * i + 2));

    const floor = await noopBurst(load, urls, buyers);
    console.log(`Rush: ${BUYERS} buyers, ${CONCURRENCY} connections over 2 instances (${urls.join(", ")})`);
    const prepares: LoadOutcome[] = [];
    const executes: LoadOutcome[] = [];
    const accepted: LoadAnswer[] = [];
    const refused: LoadAnswer[] = [];
    /** NFTs the execute answers say were minted, and the ids they name. */
    let minted = 0;
    const mintedNfts: string[] = [];
    let firstPrepareAt = NaN;
    let soldOutAt = NaN;
    /** Answers 503 SERVER_BUSY, the attacker's prepares among them. */
    let shedPrepares = 0;
    let shedExecutes = 0;
    const rushStartedAt = performance.now();
    for (let round = 1; round <= MAX_ROUNDS && minted < SUPPLY; round++) {
      const racing = buyers.filter((buyer) => !buyer.minted);
      // The attacker's prepares, interleaved: ATTACK_SHARE of all, each naming a random buyer's wallet.
      const attacks = Math.round((racing.length * ATTACK_SHARE) / (1 - ATTACK_SHARE));
      const honestRequests = racing.map((buyer) =>
        post(buyer, "/api/v1/prepare-mint", {
          collectionId: drop.shortId,
          phaseId: drop.phaseId,
          walletAddress: buyer.wallet.publicKey.toBase58(),
          quantity: 1,
        }),
      );
      const attackRequests = Array.from({ length: attacks }, () => attack(buyers[randomInt(0, buyers.length)]!));
      const prepared = await load.run({
        urls,
        connections: CONCURRENCY,
        keepBodies: true,
        timeoutSeconds: 60,
        requests: [...honestRequests, ...attackRequests],
      });
      attackerSent += attacks;
      shedPrepares += shedCount(prepared.answers!);
      attackerAccepted += prepared.answers!.slice(racing.length).filter((a) => a?.status === 200).length;
      prepared.answers = prepared.answers!.slice(0, racing.length);
      const holds = await attackerHolds();
      attackerPeak = Math.max(attackerPeak, holds.held);
      if (Number.isNaN(firstPrepareAt)) firstPrepareAt = prepared.startedAt;
      prepares.push(prepared);
      const signed: Array<{ buyer: Buyer; request: LoadRequest }> = [];
      prepared.answers!.forEach((answer, i) => {
        if (!answer) return;
        (answer.status === 200 ? accepted : refused).push(answer);
        if (answer.status !== 200) return;
        const body = JSON.parse(answer.body!) as {
          sessions: Array<{ sessionId: string }>;
          transactions: Array<{ transaction: string }>;
        };
        const buyer = racing[i]!;
        const signedTransaction = signPrepared(body.transactions[0]!.transaction, buyer.wallet);
        signed.push({
          buyer,
          request: post(buyer, "/api/v1/execute-mint", { sessionId: body.sessions[0]!.sessionId, signedTransaction }),
        });
      });
      let landed = 0;
      if (signed.length > 0) {
        const executed = await load.run({
          urls,
          connections: Math.min(CONCURRENCY, signed.length),
          keepBodies: true,
          timeoutSeconds: 60,
          requests: signed.map((s) => s.request),
        });
        executes.push(executed);
        shedExecutes += shedCount(executed.answers!);
        let lastLandedAt = NaN;
        executed.answers!.forEach((answer, i) => {
          if (answer?.status !== 200) return;
          const body = JSON.parse(answer.body!) as { minted: number; nfts?: Array<{ nftId: string }> };
          minted += body.minted;
          for (const nft of body.nfts ?? []) mintedNfts.push(nft.nftId);
          signed[i]!.buyer.minted = true;
          landed += body.minted;
          lastLandedAt = Number.isNaN(lastLandedAt) ? answer.endedAt : Math.max(lastLandedAt, answer.endedAt);
        });
        if (minted >= SUPPLY) soldOutAt = lastLandedAt;
      }
      const statuses = (outcome: LoadOutcome | undefined) => JSON.stringify(outcome?.statuses ?? {});
      console.log(
        `round ${round}: ${racing.length} prepares ${statuses(prepared)}, ${signed.length} executes ${signed.length ? statuses(executes.at(-1)) : "{}"}, ${landed} landed (${minted} of ${SUPPLY})`,
      );
      // Unsold after a refused execute: its NFT is free again once its session is settled. When
      // nothing landed, what is left is the attacker's holds: wait for the first of them to end.
      const holdEnds = landed === 0 && holds.first ? holds.first.getTime() - Date.now() + 1000 : 0;
      if (minted < SUPPLY && round < MAX_ROUNDS)
        await new Promise((resolve) => setTimeout(resolve, Math.max(2000, holdEnds)));
    }
    await db.end();
    console.log(
      `attacker (${Math.round(ATTACK_SHARE * 100)}% of prepares, a partner key naming other buyers' wallets): ${attackerAccepted} of ${attackerSent} prepares accepted, ${attackerPeak} NFTs held at peak (of ${SUPPLY}); honest buyers minted ${minted} of ${SUPPLY}`,
    );

    // Sold-out refusals (409) are the answer most buyers get: they are not errors.
    // The attacker's refusals (429 HOLD_LIMIT_REACHED or HOLD_COOLDOWN) are answers too.
    const prepare = summarise(prepares, [409, 429]);
    const execute = summarise(executes);
    console.log(`\n${"".padEnd(28)} ${"requests".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}   goal`);
    const ok = (r: typeof prepare, goalId: GoalId) => meets(goalId, r.p95) && r.errors === 0;
    const line = (name: string, r: typeof prepare, goalId: GoalId) =>
      `${name.padEnd(28)} ${String(r.requests).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}   ${ok(r, goalId) ? "✓" : "✗"} ${target(goalId)}${r.errors ? `   ${r.errors} errors ${JSON.stringify(r.statuses)}` : ""}`;
    console.log(line("POST prepare-mint", prepare, "rush-prepare-p95"));
    console.log(`  reserved an NFT: ${describe(accepted)}; refused: ${describe(refused)}`);
    console.log(line("POST execute-mint", execute, "rush-execute-p95"));
    console.log(
      `the floor: the no-op route (GET /api/health) in a burst as large, before the rush: ${floor.requests} requests, p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
    );
    const missed: GoalId[] = (
      [
        ["rush-prepare-p95", prepare],
        ["rush-execute-p95", execute],
      ] as const
    )
      .filter(([goalId, r]) => !ok(r, goalId))
      .map(([goalId]) => goalId);
    const shedAll = shedPrepares + shedExecutes;
    console.log(
      `shed (503 SERVER_BUSY): ${shedPrepares} prepares (the attacker's among them), ${shedExecutes} executes  ${verdict("rush-shed", shedAll)}`,
    );
    if (!meets("rush-shed", shedAll)) missed.push("rush-shed");

    // Exactly the supply, each NFT once: by the answers, the database and the chain's own member count.
    const counts = await withSiteRuntime(envOf(0), async (runtime) => {
      const prisma = runtime.database.prisma;
      const collection = await prisma.collection.findUniqueOrThrow({ where: { id: drop.collectionId } });
      const minted = await prisma.nft.findMany({
        where: { collectionId: drop.collectionId, status: "minted" },
        select: { id: true, mintAddress: true, ownerWallet: true },
      });
      const mintRows = await prisma.mint.count({ where: { collectionId: drop.collectionId } });
      const info = await runtime.chain.getAccountInfo(collection.collectionAddress!);
      const groupMint = new PublicKey(collection.collectionAddress!);
      const mint = unpackMint(
        groupMint,
        {
          data: Buffer.from(info!.data),
          executable: info!.executable,
          lamports: Number(info!.lamports),
          owner: new PublicKey(info!.owner),
        },
        TOKEN_2022_PROGRAM_ID,
      );
      return {
        nfts: minted.length,
        distinctMintAddresses: new Set(minted.map((n) => n.mintAddress)).size,
        distinctOwners: new Set(minted.map((n) => n.ownerWallet)).size,
        mintRows,
        onChain: Number(getTokenGroupState(mint)?.size ?? -1),
      };
    });
    const answeredTwice = mintedNfts.length - new Set(mintedNfts).size;
    const off =
      Math.abs(minted - SUPPLY) +
      Math.abs(counts.nfts - SUPPLY) +
      Math.abs(counts.mintRows - SUPPLY) +
      Math.abs(counts.onChain - SUPPLY) +
      answeredTwice +
      (counts.nfts - counts.distinctMintAddresses) +
      // One per wallet: a buyer holding two would be a double mint too.
      (counts.nfts - counts.distinctOwners);
    console.log(
      `\nminted: ${minted} by the execute answers, ${counts.nfts} NFTs minted in the database (${counts.mintRows} mint records, ${counts.distinctMintAddresses} mint addresses, ${counts.distinctOwners} owners), ${counts.onChain} members of the collection on chain; ${answeredTwice} NFTs answered twice`,
    );
    console.log(`exactly ${SUPPLY}, none twice: ${off} off  ${verdict("rush-exact-supply", off)}`);
    // Both ends on the load generator's clock; the buyers' signing between the bursts counts, as a buyer's wallet does.
    const soldOut = Number.isNaN(soldOutAt) ? "not sold out" : `${((soldOutAt - firstPrepareAt) / 1000).toFixed(2)} s`;
    console.log(`first prepare to sold out: ${soldOut} (rounds: ${prepares.length})`);
    console.log(`instances' memory: ${sites.map((site) => `RSS ${rssMb(site.process.pid).toFixed(0)} MB`).join(", ")}`);
    if (CPU_PROFILE) {
      // The profile is written when the instance exits; its end is the rush and what followed it here.
      const rushWindowMs = performance.now() - rushStartedAt;
      await sites[0]!.stop();
      const file = readdirSync(profileDir)
        .filter((name) => name.endsWith(".cpuprofile"))
        .map((name) => path.join(profileDir, name))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0];
      console.log(`\nCPU profile of instance 1 over its whole life (sign-ins, warm-up and the rush):`);
      if (file) {
        printProfileSummary(file, 12);
        console.log(`\nThe same profile, the rush alone (its last ${(rushWindowMs / 1000).toFixed(1)} s):`);
        printProfileSummary(file, 12, { lastMs: rushWindowMs });
      } else console.log(`no .cpuprofile: did the instance exit cleanly?`);
    }
    printBounds(missed);
  } finally {
    load.close();
    for (const site of sites) await site.stop();
    await localnet.stop();
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The framework's own floor under the rush: one GET /api/health per prepare the first round
 * sends (each buyer from its own address, the attacker's share on top), all at once over the
 * same connections. No prepare can be answered sooner than a request that does nothing.
 */
async function noopBurst(load: LoadGenerator, urls: string[], buyers: readonly Buyer[]) {
  const count = Math.round(buyers.length / (1 - ATTACK_SHARE));
  const burst = await load.run({
    urls,
    connections: CONCURRENCY,
    timeoutSeconds: 60,
    requests: Array.from({ length: count }, (_, i) => ({
      path: "/api/health",
      headers: { "x-forwarded-for": buyers[i % buyers.length]!.ip },
    })),
  });
  return summarise([burst]);
}

await main();
// pg, Redis and the chain's RPC may keep handles open a little longer.
process.exit(0);
