// Block height and blockhashes for the embedded chain.
//
// litesvm has no blocks and accepts exactly one blockhash at a time (its latest), so a
// new blockhash would instantly invalidate every transaction prepared with the previous
// one. Real Solana instead accepts any of the last 150 blockhashes. We model that:
// - the height advances with wall-clock time, one block per `slotMs` (400 ms, as on
//   Solana), also while the app is stopped; never backwards;
// - the blockhash of height h is derived from a per-chain seed (so nothing has to be
//   saved when one is handed out) and stays valid while height <= h + 150;
// - the embedded chain checks a transaction's blockhash against this window itself and
//   runs litesvm with its own single-blockhash check off.
// Under load, heights do not advance per transaction: a burst of mints does not expire
// the blockhash of the sessions prepared just before it (on Solana, 150 blocks hold
// far more than 150 transactions).
import { createHash, randomBytes } from "node:crypto";
import bs58 from "bs58";
import type { LatestBlockhash } from "./types";

/** Blocks a blockhash stays usable after the block it belongs to (Solana's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALID_BLOCKS = 150n;
export const DEFAULT_SLOT_MS = 400;

export type BlockClockState = {
  /** Hex seed the blockhashes are derived from. */
  seed: string;
  /** Height at `anchorTimeMs`; test hooks move it forward. */
  anchorHeight: string;
  anchorTimeMs: number;
  /** Highest height ever reported, so a clock set back never revives an expired blockhash. */
  maxHeight: string;
};

/**
 * What changes in a clock after it is created (the seed and the anchor time never do):
 * logged with every change, so a replay restores the height exactly as it was.
 */
export type BlockClockMarks = { anchorHeight: bigint; maxHeight: bigint };

export class BlockClock {
  private readonly hashByHeight = new Map<bigint, string>();
  private readonly heightByHash = new Map<string, bigint>();

  private constructor(
    private state: { seed: Buffer; anchorHeight: bigint; anchorTimeMs: number; maxHeight: bigint },
    private readonly slotMs: number,
  ) {}

  static create(slotMs = DEFAULT_SLOT_MS): BlockClock {
    return new BlockClock({ seed: randomBytes(32), anchorHeight: 1n, anchorTimeMs: Date.now(), maxHeight: 1n }, slotMs);
  }

  static restore(saved: BlockClockState, slotMs = DEFAULT_SLOT_MS): BlockClock {
    return new BlockClock(
      {
        seed: Buffer.from(saved.seed, "hex"),
        anchorHeight: BigInt(saved.anchorHeight),
        anchorTimeMs: saved.anchorTimeMs,
        maxHeight: BigInt(saved.maxHeight),
      },
      slotMs,
    );
  }

  toJSON(): BlockClockState {
    return {
      seed: this.state.seed.toString("hex"),
      anchorHeight: this.state.anchorHeight.toString(),
      anchorTimeMs: this.state.anchorTimeMs,
      maxHeight: this.state.maxHeight.toString(),
    };
  }

  height(): bigint {
    const elapsedBlocks = BigInt(Math.max(0, Math.floor((Date.now() - this.state.anchorTimeMs) / this.slotMs)));
    const height = this.state.anchorHeight + elapsedBlocks;
    if (height > this.state.maxHeight) this.state.maxHeight = height;
    return this.state.maxHeight;
  }

  latest(): LatestBlockhash {
    const height = this.height();
    return { blockhash: this.hashAt(height), lastValidBlockHeight: height + BLOCKHASH_VALID_BLOCKS };
  }

  /** True while `blockhash` is one of the last 151 blockhashes (its block + 150). */
  isValid(blockhash: string): boolean {
    const height = this.height();
    const oldest = height > BLOCKHASH_VALID_BLOCKS ? height - BLOCKHASH_VALID_BLOCKS : 0n;
    this.forgetBelow(oldest);
    // Walk the whole window (memoized hashes: cheap), so validity never depends on which
    // blockhashes this process happened to hand out since it started.
    for (let h = height; h >= oldest; h -= 1n) {
      if (this.hashAt(h) === blockhash) return true;
    }
    return false;
  }

  marks(): BlockClockMarks {
    return { anchorHeight: this.state.anchorHeight, maxHeight: this.state.maxHeight };
  }

  /** Replay: the clock as it was right after a logged change (the highest height ever reported is never lowered). */
  restoreMarks(marks: BlockClockMarks): void {
    this.state.anchorHeight = marks.anchorHeight;
    if (marks.maxHeight > this.state.maxHeight) this.state.maxHeight = marks.maxHeight;
  }

  /** Test hook: moves the height forward by `blocks`. */
  advance(blocks: bigint): void {
    if (blocks < 0n) throw new RangeError("blocks must be >= 0");
    this.state.anchorHeight += blocks;
    this.height();
  }

  private hashAt(height: bigint): string {
    let hash = this.hashByHeight.get(height);
    if (hash === undefined) {
      const heightBytes = Buffer.alloc(8);
      heightBytes.writeBigUInt64LE(height);
      hash = bs58.encode(createHash("sha256").update(this.state.seed).update(heightBytes).digest());
      this.hashByHeight.set(height, hash);
      this.heightByHash.set(hash, height);
    }
    return hash;
  }

  private forgetBelow(height: bigint): void {
    if (this.hashByHeight.size <= 2 * Number(BLOCKHASH_VALID_BLOCKS)) return;
    for (const [h, hash] of this.hashByHeight) {
      if (h < height) {
        this.hashByHeight.delete(h);
        this.heightByHash.delete(hash);
      }
    }
  }
}
