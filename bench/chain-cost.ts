// What one NFT mint costs the embedded chain, early and late in its history: the latency of
// `sendRawTransaction` (decode, blockhash and duplicate checks, litesvm, and the wait until
// the change is durable) for a real collection mint built by lib/chain's builder, after 100
// and after 10,000 prior mints. A chain whose durability cost grows with its history shows
// it here as a ratio well above 1; the goal is the two within 20% of each other.
//
// Standalone: `node --import tsx bench/chain-cost.ts` (BENCH_CHAIN_PRIOR, BENCH_CHAIN_SAMPLES
// change the history length and the samples per point). bench/run.ts can call benchChainCost.
// Two chains, one with each history, are measured side by side, in alternating blocks.
// Building and signing happen before the clock starts: only the chain's share is timed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from "@solana/web3.js";
import {
  buildCollectionGroupMintTransaction,
  buildNftMintTransaction,
  openEmbeddedChain,
  signAndSerialize,
  type EmbeddedChain,
} from "../lib/chain";

export type LatencyPoint = { p50Ms: number; p95Ms: number };
export type ChainCostResult = { at100: LatencyPoint; at10000: LatencyPoint; stats: Record<string, unknown> };

const SOL = BigInt(LAMPORTS_PER_SOL);
/** Prior mints of the late measuring point. */
export const PRIOR_MINTS = Number(process.env.BENCH_CHAIN_PRIOR ?? 10_000);
/** Timed mints per point, one at a time. */
const SAMPLES = Number(process.env.BENCH_CHAIN_SAMPLES ?? 400);
/** Filling the history: built per batch (fresh blockhash), submitted concurrently, like a busy drop. */
const FILL_BATCH = 100;
/** Timed mints in a row on one chain before switching to the other. */
const BLOCK = 25;
const BUYERS = 20;

type Drop = {
  chain: EmbeddedChain;
  mintAuthority: Keypair;
  group: PublicKey;
  buyers: Keypair[];
  treasury: PublicKey;
  feeAccount: PublicKey;
  minted: number;
};

async function openDrop(dir: string): Promise<Drop> {
  const chain = await openEmbeddedChain({ dir, cluster: "localnet" });
  const mintAuthority = Keypair.generate();
  await chain.airdrop(mintAuthority.publicKey.toBase58(), 100n * SOL);
  const { transaction, groupMint } = buildCollectionGroupMintTransaction({
    mintAuthority,
    name: "Bench Collection",
    symbol: "BNCH",
    uri: "https://example.com/bench/collection.json",
    maxSize: BigInt(PRIOR_MINTS + SAMPLES + 1_000),
    recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
  });
  await chain.sendRawTransaction(transaction.serialize());
  const buyers = Array.from({ length: BUYERS }, () => Keypair.generate());
  for (const buyer of buyers) await chain.airdrop(buyer.publicKey.toBase58(), 10_000n * SOL);
  return {
    chain,
    mintAuthority,
    group: groupMint.publicKey,
    buyers,
    treasury: Keypair.generate().publicKey,
    feeAccount: Keypair.generate().publicKey,
    minted: 0,
  };
}

/** A signed mint of the next NFT, as execute submits it (wallet, mint key and mint authority signatures). */
function signedMint(drop: Drop, recentBlockhash: string): Uint8Array {
  const number = ++drop.minted;
  const buyer = drop.buyers[number % drop.buyers.length]!;
  const mint = Keypair.generate();
  const transaction = buildNftMintTransaction({
    payer: buyer.publicKey,
    mint: mint.publicKey,
    mintAuthority: drop.mintAuthority.publicKey,
    groupMint: drop.group,
    name: `Bench #${number}`,
    symbol: "BNCH",
    uri: `https://example.com/bench/${number}.json`,
    payments: [
      { to: drop.treasury, lamports: 10_000_000n },
      { to: drop.feeAccount, lamports: 5_000_000n },
    ],
    recentBlockhash,
  });
  return signAndSerialize(transaction, buyer, mint, drop.mintAuthority);
}

async function fillTo(drop: Drop, total: number, progress: (minted: number) => void): Promise<void> {
  while (drop.minted < total) {
    const { blockhash } = await drop.chain.getLatestBlockhash();
    const batch = Array.from({ length: Math.min(FILL_BATCH, total - drop.minted) }, () => signedMint(drop, blockhash));
    await Promise.all(batch.map((wire) => drop.chain.sendRawTransaction(wire)));
    progress(drop.minted);
  }
}

/**
 * Timed mints, one at a time, in short alternating blocks per chain: both points see the
 * same stretches of a shared machine (other processes, disk flushes), so what differs
 * between them is the chains' history, not when each was measured. Blocks rather than
 * single mints: one chain's big write then slows at most the first mint of the other's
 * block instead of every other sample.
 */
async function measureInterleaved(drops: Drop[]): Promise<LatencyPoint[]> {
  const latencies = drops.map((): number[] => []);
  for (let round = 0, done = 0; done < SAMPLES; round += 1) {
    const block = Math.min(BLOCK, SAMPLES - done);
    const order = round % 2 === 0 ? drops.entries() : [...drops.entries()].reverse();
    for (const [d, drop] of order) {
      // Signed with a fresh blockhash before the clock starts.
      const { blockhash } = await drop.chain.getLatestBlockhash();
      const wires = Array.from({ length: block }, () => signedMint(drop, blockhash));
      for (const wire of wires) {
        const started = performance.now();
        await drop.chain.sendRawTransaction(wire);
        latencies[d]!.push(performance.now() - started);
      }
    }
    done += block;
  }
  return latencies.map((samples) => {
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    return { p50Ms: at(0.5), p95Ms: at(0.95) };
  });
}

export async function benchChainCost(options: { log?: (line: string) => void } = {}): Promise<ChainCostResult> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(path.join(tmpdir(), "dropmint-chain-cost-"));
  const drops: Drop[] = [];
  try {
    // The long history first (it also warms the JIT up), then the short one.
    const late = await openDrop(path.join(dir, "late"));
    drops.push(late);
    let reported = 0;
    await fillTo(late, PRIOR_MINTS, (minted) => {
      if (minted - reported >= 1_000) {
        reported = minted;
        log(`  ${minted} mints on the long-history chain`);
      }
    });
    const early = await openDrop(path.join(dir, "early"));
    drops.push(early);
    await fillTo(early, 100, () => undefined);
    const [at10000, at100] = await measureInterleaved([late, early]);
    return { at100: at100!, at10000: at10000!, stats: { ...late.chain.stats() } as Record<string, unknown> };
  } finally {
    for (const drop of drops) await drop.chain.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, "chain-cost.ts")) {
  const started = performance.now();
  const result = await benchChainCost({ log: (line) => console.log(line) });
  const row = (label: string, point: LatencyPoint) =>
    `${label.padEnd(28)} p50 ${point.p50Ms.toFixed(2).padStart(8)} ms   p95 ${point.p95Ms.toFixed(2).padStart(8)} ms`;
  console.log(`\nNFT mint submitted to the embedded chain (${SAMPLES} timed mints per point)`);
  console.log(row("after 100 prior mints", result.at100));
  console.log(row(`after ${PRIOR_MINTS} prior mints`, result.at10000));
  console.log(
    `ratio late/early: p50 ${(result.at10000.p50Ms / result.at100.p50Ms).toFixed(2)}x, p95 ${(result.at10000.p95Ms / result.at100.p95Ms).toFixed(2)}x`,
  );
  console.log(`long-history chain stats: ${JSON.stringify(result.stats)}`);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}
