// The mint path under load: BENCH_MINT_WALLETS distinct funded wallets (64) buy one NFT each
// of a paid, ungated drop far larger than the run, BENCH_MINT_ROUNDS times (5). A round is
// one exactly-once burst of prepares (one per wallet, BENCH_MINT_CONCURRENCY connections,
// 64), each wallet signing its transaction, then one burst of the signed executes. Every
// request changes state, so this is a fixed number of real prepares and real landed mints,
// never a repeated request; req/s is requests over the time spent in the bursts.
//
// Rounds, not one long burst per wallet: a new prepare supersedes the wallet's unsigned
// session, so each wallet executes before it prepares again; and a wallet may prepare 10
// times a minute on a drop (PREPARES_PER_WALLET_PER_MINUTE), which bounds the rounds. One
// more round runs first, unmeasured: the site's mint path warm, as it is once a sale runs.
import type { Keypair } from "@solana/web3.js";
import { PREPARES_PER_WALLET_PER_MINUTE } from "../lib/api/budgets";
import type { Runtime } from "../lib/server/runtime";
import { signPrepared, type FixtureDrop } from "../tests/api/mint/fixtures";
import { summarise, type LoadGenerator, type LoadOutcome, type LoadResult } from "./load";
import { createBenchDrop, fundedWallets } from "./site";
import { ThreadTimes } from "./thread-time";

export const MINT_WALLETS = Number(process.env.BENCH_MINT_WALLETS ?? 64);
export const MINT_ROUNDS = Number(process.env.BENCH_MINT_ROUNDS ?? 5);
export const MINT_CONCURRENCY = Number(process.env.BENCH_MINT_CONCURRENCY ?? 64);
if (MINT_ROUNDS + 1 > PREPARES_PER_WALLET_PER_MINUTE)
  throw new Error(
    `BENCH_MINT_ROUNDS is at most ${PREPARES_PER_WALLET_PER_MINUTE - 1} (prepares per wallet per minute, one round warms up).`,
  );

const SOL = 1_000_000_000n;

export type MintFixture = { drop: FixtureDrop; wallets: Keypair[] };
export type MintBenchResult = {
  prepare: LoadResult;
  execute: LoadResult;
  minted: number;
  /** The site's main thread over the measured bursts (bench/thread-time.ts), when its pid is given. */
  threads: { prepare: ThreadTimes; execute: ThreadTimes };
};

/** Before the site starts: the drop (twice what the run can buy, so it never sells out) and the funded wallets. */
export async function createMintFixture(runtime: Runtime): Promise<MintFixture> {
  const drop = await createBenchDrop(runtime, {
    shortId: "bench-mint",
    price: SOL / 100n,
    supply: MINT_WALLETS * (MINT_ROUNDS + 1) * 2,
  });
  return { drop, wallets: await fundedWallets(runtime, MINT_WALLETS, SOL) };
}

export async function benchMint(
  load: LoadGenerator,
  siteUrl: string,
  key: string,
  { drop, wallets }: MintFixture,
  sitePid?: number,
): Promise<MintBenchResult> {
  const headers = { "x-api-key": key };
  const post = (path: string, body: unknown) => ({
    method: "POST" as const,
    path,
    headers,
    body: JSON.stringify(body),
  });

  const prepares: LoadOutcome[] = [];
  const executes: LoadOutcome[] = [];
  const threads = { prepare: new ThreadTimes(), execute: new ThreadTimes() };
  let minted = 0;
  for (let round = 0; round <= MINT_ROUNDS; round++) {
    const measured = round > 0;
    // The warm-up round's thread times are not kept: a pid only for the measured rounds.
    const pid = measured ? sitePid : undefined;
    const prepared = await threads.prepare.measure(pid, wallets.length, () =>
      load.run({
        urls: [siteUrl],
        connections: MINT_CONCURRENCY,
        keepBodies: true,
        timeoutSeconds: 60,
        requests: wallets.map((wallet) =>
          post("/api/v1/prepare-mint", {
            collectionId: drop.shortId,
            phaseId: drop.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity: 1,
          }),
        ),
      }),
    );
    if (measured) prepares.push(prepared);
    // The wallets' part, between the bursts: each signs its own transaction.
    const signed = prepared.answers!.flatMap((answer, i) => {
      if (answer?.status !== 200) return [];
      const body = JSON.parse(answer.body!) as {
        sessions: Array<{ sessionId: string }>;
        transactions: Array<{ transaction: string }>;
      };
      return [
        post("/api/v1/execute-mint", {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallets[i]!),
        }),
      ];
    });
    if (signed.length === 0) continue;
    const executed = await threads.execute.measure(pid, signed.length, () =>
      load.run({ urls: [siteUrl], connections: MINT_CONCURRENCY, requests: signed, timeoutSeconds: 60 }),
    );
    if (!measured) continue;
    executes.push(executed);
    minted += executed.statuses["200"] ?? 0;
  }
  return { prepare: summarise(prepares), execute: summarise(executes), minted, threads };
}
