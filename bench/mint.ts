// The mint path under load, against the running site: N wallets funded from the faucet
// each prepare one NFT of the free, ungated `aurora` drop (maxPerWallet 2, 46 left in the
// demo data, so up to 40 wallets fit), then every prepared transaction is signed by its
// wallet and executed. Both bursts run with `concurrency` clients pulling from the queue,
// like the read scenarios; every request is counted once, so these are throughput and
// latency of real prepares and real landed mints, not of a repeated request.
//
// The bench site must run with RATE_LIMIT_MINTS_PER_MINUTE raised and TRUSTED_PROXY_HOPS=1:
// the faucet allows 20 airdrops per client IP per minute, so each wallet is funded under an
// X-Forwarded-For address of its own (bench/run.ts sets both).
import { Keypair } from "@solana/web3.js";
import { signPrepared } from "../tests/api/mint/fixtures";
import type { LoadResult } from "./load";

export type MintBenchResult = { prepare: LoadResult; execute: LoadResult; minted: number };

type Timed<T> = { ms: number; status: number; body: T };

async function postJson<T = Record<string, any>>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Timed<T>> {
  const t0 = performance.now();
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const parsed = (await response.json().catch(() => null)) as T;
  return { ms: performance.now() - t0, status: response.status, body: parsed };
}

/** Runs `jobs` with `concurrency` workers; the result in the read scenarios' shape. */
async function measure<T>(jobs: Array<() => Promise<Timed<T>>>, concurrency: number): Promise<{ result: LoadResult; answers: Array<Timed<T>> }> {
  const answers: Array<Timed<T>> = new Array(jobs.length);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      answers[i] = await jobs[i]!().catch(() => ({ ms: NaN, status: 0, body: null as T }));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, worker));
  const elapsed = performance.now() - started;
  const latencies = answers
    .map((a) => a.ms)
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const errors = answers.filter((a) => a.status === 0 || a.status >= 400).length;
  return { result: { requests: answers.length, errors, rps: (answers.length / elapsed) * 1000, p50: at(0.5), p95: at(0.95), p99: at(0.99), statuses }, answers };
}

export async function benchMint(siteUrl: string, key: string, options: { wallets: number; concurrency: number }): Promise<MintBenchResult> {
  const headers = { "x-api-key": key };
  const drop = (await (await fetch(`${siteUrl}/api/v1/collections/aurora`, { headers })).json()) as { phases?: { active?: Array<{ id: string }> } };
  const phaseId = drop.phases?.active?.[0]?.id;
  if (!phaseId) throw new Error("the aurora drop has no active phase");

  const wallets = Array.from({ length: options.wallets }, () => Keypair.generate());
  await Promise.all(
    wallets.map(async (wallet, i) => {
      const funded = await postJson(`${siteUrl}/api/localnet/faucet`, { address: wallet.publicKey.toBase58(), sol: 1 }, { "x-forwarded-for": `10.77.${i >> 8}.${i & 255}` });
      if (funded.status !== 200) throw new Error(`faucet answered ${funded.status}: ${JSON.stringify(funded.body)}`);
    }),
  );
  // Warm-up: both routes compiled and loaded (refused bodies touch no supply).
  await postJson(`${siteUrl}/api/v1/prepare-mint`, {}, headers);
  await postJson(`${siteUrl}/api/v1/execute-mint`, {}, headers);

  type Prepared = { sessions: Array<{ sessionId: string }>; transactions: Array<{ transaction: string }> };
  const prepare = await measure<Prepared>(
    wallets.map(
      (wallet) => () => postJson<Prepared>(`${siteUrl}/api/v1/prepare-mint`, { collectionId: "aurora", phaseId, walletAddress: wallet.publicKey.toBase58(), quantity: 1 }, headers),
    ),
    options.concurrency,
  );
  const signed = prepare.answers.flatMap((answer, i) =>
    answer.status === 200 ? [{ sessionId: answer.body.sessions[0]!.sessionId, signedTransaction: signPrepared(answer.body.transactions[0]!.transaction, wallets[i]!) }] : [],
  );
  const execute = await measure(
    signed.map((body) => () => postJson(`${siteUrl}/api/v1/execute-mint`, body, headers)),
    options.concurrency,
  );
  return { prepare: prepare.result, execute: execute.result, minted: execute.answers.filter((a) => a.status === 200).length };
}
