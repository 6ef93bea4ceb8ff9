// The embedded chain: the real Solana VM (litesvm) in-process, persisted in a folder
// beside the embedded database. Localnet only. Signature verification is on; blockhashes
// are checked against a 150-block window modelled in block-clock.ts (litesvm's own
// single-blockhash check is off because it would expire every prepared transaction as
// soon as a newer blockhash is handed out).
//
// Durability, at a cost that does not grow with the chain's history:
// - every state change (a landed transaction's wire bytes, an airdrop, a test hook moving
//   the block height) is appended to a log (change-log.ts) and fsynced before the call
//   returns, so a crash right after a submit never loses a landed transaction. Callers
//   whose changes are pending together share one fsync (group commit);
// - every SNAPSHOT_EVERY_CHANGES changes, or SNAPSHOT_INTERVAL_MS after a change, the
//   whole state is written in the background as a snapshot (state-file.ts), after which
//   the log segments it covers are deleted. close() takes a last one;
// - open loads the snapshot and replays the log after it. Replay is exact: litesvm is
//   deterministic for the same state and input (its blockhash included, which only
//   airdrops move, and they are replayed), and each logged change carries the block
//   clock as it was right after it.
// Reads also wait until everything they could have seen is durable, and if a log write
// fails the call throws ChainUnavailableError (outcome unknown) and every later call first
// writes a full snapshot: nobody ever reads state that is not on disk.
import { readdir, mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import bs58 from "bs58";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { lamports as toLamports, type Address, type EncodedAccount, type Signature } from "@solana/kit";
import { fsyncFolder } from "@/lib/fs/atomic-file";
import { BlockClock, DEFAULT_SLOT_MS } from "./block-clock";
import {
  ChangeLogWriter,
  chainIdOf,
  listSegments,
  readSegment,
  truncateSegment,
  removeSegmentsUpTo,
  type Change,
  type LoggedChange,
} from "./change-log";
import { acquireDirLock, type DirLock } from "./dir-lock";
import { ChainTransactionError, ChainUnavailableError, assertFaucetAvailable } from "./errors";
import { describeTransactionError } from "./litesvm-errors";
import { SignatureLog } from "./signature-log";
import { encodeStateFile, readStateFile, writeStateFile, type ChainState } from "./state-file";
import { SerialQueue } from "./serial-queue";
import { TOKEN_PROGRAM_IDS, TokenAccountIndex, parseTokenAccount, tokenProgramOfOwner } from "./token-accounts";
import { decodeTransaction, readTransaction, toAddress, type ReadTransaction } from "./wire-transaction";
import type {
  Chain,
  ChainAccountInfo,
  LatestBlockhash,
  SendTransactionOptions,
  SignatureStatus,
  TokenBalance,
} from "./types";

/** The snapshot's file name in the chain folder (a backup holds the chain as this file alone). */
export const CHAIN_STATE_FILE = "chain.state";
const STATE_FILE = CHAIN_STATE_FILE;
/**
 * A snapshot after this many changes bounds what an open replays (one to two seconds of
 * litesvm work for a thousand mints) while the full state (megabytes, ~1 KB per NFT) is
 * rewritten only once per thousand changes, and copied in the queue in a few milliseconds.
 */
export const SNAPSHOT_EVERY_CHANGES = 1_000;
/** ...and at least this often while changes come in, so a quiet chain restarts without replaying. */
export const SNAPSHOT_INTERVAL_MS = 60_000;
const U64_MAX = 2n ** 64n - 1n;

export type EmbeddedChainOptions = {
  /** The chain's own folder (the app passes `<DATA_DIR>/chain`). */
  dir: string;
  cluster: "localnet";
  /** Milliseconds per block for the modelled block height; Solana's 400 by default. */
  slotMs?: number;
  /** Changes between background snapshots; SNAPSHOT_EVERY_CHANGES by default. */
  snapshotEveryChanges?: number;
  /** Longest time a change waits for a snapshot; SNAPSHOT_INTERVAL_MS by default. */
  snapshotIntervalMs?: number;
};

export type EmbeddedChainStats = {
  /** Seq of the last change (transactions, airdrops, clock moves) since the chain was created. */
  seq: number;
  /** Changes replayed from the log when this instance opened. */
  replayedOnOpen: number;
  /** fsyncs the log made since open: fewer than changes when concurrent callers share a group commit. */
  logFsyncs: number;
  logCommits: number;
  lastCommitChanges: number;
  lastCommitMs: number;
  logBytes: number;
  /** Snapshots written since open, and the seq the one on disk holds. */
  snapshots: number;
  snapshotSeq: number;
  /** Time the last snapshot held the chain (copying the state in the queue); the write after it runs in the background. */
  lastCaptureMs: number;
  lastSnapshotMs: number;
  lastSnapshotBytes: number;
  /** litesvm's state (accounts and programs) as of the last snapshot, in bytes: roughly the native memory it holds. */
  svmStateBytes: number;
  /** Background snapshots that failed (the log kept every change; the next one retries). */
  snapshotFailures: number;
  snapshotInProgress: boolean;
  signatures: number;
  tokenAccounts: number;
};

/** What a transaction would do, without committing it (the JSON-RPC server's preflight and simulateTransaction). */
export type SimulationResult = {
  /** Why the chain would refuse or fail it (`landed` false: nothing is committed); null when it would succeed. */
  error: ChainTransactionError | null;
  logs: string[];
  unitsConsumed: bigint;
  /** The accounts the transaction touches, as it would leave them (empty when it would fail). */
  postAccounts: Map<string, ChainAccountInfo>;
};

/** One SPL Token or Token-2022 account with its raw account, for the JSON-RPC token queries. */
export type TokenAccountEntry = {
  tokenAccount: string;
  mint: string;
  owner: string;
  amount: bigint;
  account: ChainAccountInfo;
};

export async function openEmbeddedChain(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
  return EmbeddedChain.open(options);
}

/** The mutable state the log's changes are applied to, live and on replay. */
type ChainCore = { svm: LiteSVM; clock: BlockClock; signatures: SignatureLog };

type Snapshot = { seq: number; state: ChainState };

export class EmbeddedChain implements Chain {
  readonly cluster = "localnet" as const;
  readonly kind = "embedded" as const;

  private readonly queue = new SerialQueue();
  private readonly index = new TokenAccountIndex();
  private readonly svm: LiteSVM;
  private readonly clock: BlockClock;
  private readonly signatures: SignatureLog;
  private closed = false;
  /** Seq of the last snapshot taken (being written or written) and of the one on disk. */
  private capturedSeq: number;
  private writtenSeq: number;
  /** The background snapshot write in progress; never rejects. */
  private snapshotting: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly snapshotStats = {
    snapshots: 0,
    lastCaptureMs: 0,
    lastSnapshotMs: 0,
    lastSnapshotBytes: 0,
    svmStateBytes: 0,
    snapshotFailures: 0,
  };

  private constructor(
    private readonly dir: string,
    private readonly lock: DirLock,
    core: ChainCore,
    private readonly log: ChangeLogWriter,
    snapshotSeq: number,
    private readonly replayedOnOpen: number,
    private readonly snapshotEvery: { changes: number; ms: number },
    svmStateBytes: number,
  ) {
    this.snapshotStats.svmStateBytes = svmStateBytes;
    this.svm = core.svm;
    this.clock = core.clock;
    this.signatures = core.signatures;
    this.capturedSeq = snapshotSeq;
    this.writtenSeq = snapshotSeq;
    this.rebuildTokenIndex();
    // Unref'd: a pending snapshot never keeps a script alive (close() takes the last one).
    this.timer = setInterval(
      () => void this.queue.run(() => this.snapshotIfDue({ force: true })).catch(() => undefined),
      snapshotEvery.ms,
    ).unref();
  }

  static async open(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
    if (options.cluster !== "localnet") throw new Error("The embedded chain is localnet only.");
    await mkdir(options.dir, { recursive: true });
    const lock = acquireDirLock(options.dir);
    try {
      await removeLeftoverTempFiles(options.dir);
      const statePath = path.join(options.dir, STATE_FILE);
      const saved = await readStateFile(statePath);
      const slotMs = options.slotMs ?? DEFAULT_SLOT_MS;
      let core: ChainCore;
      let snapshotSeq = 0;
      let svmStateBytes: number;
      if (saved) {
        svmStateBytes = saved.svm.length;
        core = {
          svm: configure(LiteSVM.fromBytes(saved.svm)),
          clock: BlockClock.restore(saved.meta.clock, slotMs),
          signatures: SignatureLog.fromBytes(saved.signatureLog),
        };
        snapshotSeq = saved.meta.seq;
      } else {
        if ((await listSegments(options.dir)).length > 0)
          throw new Error(`The chain folder ${options.dir} has a log but no ${STATE_FILE} to replay it on.`);
        const created = { svm: new LiteSVM(), clock: BlockClock.create(slotMs), signatures: new SignatureLog() };
        // The first snapshot fixes the chain's identity (the clock seed) before any log refers to it.
        const first = snapshotOf(created, 0);
        await writeStateFile(statePath, first);
        // Run on exactly what a replay would start from: the litesvm the snapshot restores.
        core = { ...created, svm: configure(LiteSVM.fromBytes(first.svm)) };
        svmStateBytes = first.svm.length;
      }
      const chainId = chainIdOf(core.clock.toJSON().seed);
      const { lastSeq, replayed } = await replayLog(options.dir, core, snapshotSeq, chainId);
      const snapshotEvery = {
        changes: options.snapshotEveryChanges ?? SNAPSHOT_EVERY_CHANGES,
        ms: options.snapshotIntervalMs ?? SNAPSHOT_INTERVAL_MS,
      };
      return new EmbeddedChain(
        options.dir,
        lock,
        core,
        new ChangeLogWriter(options.dir, chainId, lastSeq, snapshotSeq),
        snapshotSeq,
        replayed,
        snapshotEvery,
        svmStateBytes,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  getBalance(address: string): Promise<bigint> {
    return this.serialized(() => this.svm.getBalance(toAddress(address)) ?? 0n);
  }

  getLatestBlockhash(): Promise<LatestBlockhash> {
    return this.serialized(() => this.clock.latest());
  }

  getBlockHeight(): Promise<bigint> {
    return this.serialized(() => this.clock.height());
  }

  // The options are for the RPC chain: this one lands or refuses before returning.
  sendRawTransaction(wireBytes: Uint8Array, _options?: SendTransactionOptions): Promise<string> {
    return this.serialized(() => {
      const { transaction, signature, signatureBytes, blockhash, writableAccounts } = decodeTransaction(wireBytes);
      if (!this.clock.isValid(blockhash)) {
        throw new ChainTransactionError(
          "BlockhashNotFound",
          `its blockhash is unknown or expired (block height is now ${this.clock.height()})`,
          { signature },
        );
      }
      if (this.signatures.has(signature)) {
        throw new ChainTransactionError("AlreadyProcessed", "this transaction was already processed", { signature });
      }
      const outcome = execute(this.svm, transaction, signature);
      if (outcome.kind === "refused")
        throw new ChainTransactionError(outcome.code, outcome.reason, { signature, logs: outcome.logs, landed: false });
      this.signatures.record(
        signatureBytes,
        outcome.kind === "failed" ? { state: "failed", error: outcome.reason } : { state: "confirmed" },
      );
      this.indexWrittenAccounts(writableAccounts);
      this.append({ kind: "transaction", wire: wireBytes, outcome: outcome.kind });
      // A failed transaction landed (fee charged): the caller hears why once that is durable.
      if (outcome.kind === "failed")
        throw new ChainTransactionError(outcome.code, outcome.reason, { signature, logs: outcome.logs, landed: true });
      return signature;
    });
  }

  getSignatureStatus(signature: string): Promise<SignatureStatus> {
    return this.serialized(() => this.signatures.get(signature) ?? { state: "not_found" });
  }

  getAccountInfo(address: string): Promise<ChainAccountInfo | null> {
    return this.serialized(() => {
      const account = this.svm.getAccount(toAddress(address));
      return account.exists ? chainAccountOf(account) : null;
    });
  }

  getTokenBalances(owner: string): Promise<TokenBalance[]> {
    return this.serialized(() => {
      toAddress(owner);
      const balances: TokenBalance[] = [];
      for (const tokenAccount of this.index.accountsOfOwner(owner)) {
        const parsed = this.readTokenAccount(tokenAccount);
        if (parsed && parsed.owner === owner && parsed.amount > 0n) {
          balances.push({ mint: parsed.mint, amount: parsed.amount, tokenAccount });
        }
      }
      return balances.sort((a, b) => (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
    });
  }

  getMintOwners(mints: string[]): Promise<Map<string, string>> {
    return this.serialized(() => {
      const owners = new Map<string, string>();
      for (const mint of new Set(mints)) {
        toAddress(mint);
        for (const tokenAccount of this.index.accountsOfMint(mint)) {
          const parsed = this.readTokenAccount(tokenAccount);
          // An NFT has exactly one holding account; for other mints the first holder wins.
          if (parsed && parsed.mint === mint && parsed.amount > 0n) {
            owners.set(mint, parsed.owner);
            break;
          }
        }
      }
      return owners;
    });
  }

  async airdrop(address: string, lamports: bigint): Promise<string> {
    assertFaucetAvailable(this.cluster);
    return this.serialized(() => {
      if (lamports <= 0n || lamports > U64_MAX)
        throw new RangeError("An airdrop needs a positive number of lamports (at most 2^64 - 1).");
      const recipient = toAddress(address);
      const result = airdropOn(this.svm, recipient, lamports);
      // Logged even when it failed: it moved litesvm's blockhash, which the next airdrop's signature depends on.
      this.append({
        kind: "airdrop",
        recipient: bs58.decode(recipient),
        lamports,
        outcome: result.signature ? "confirmed" : "failed",
        signature: result.signature ?? new Uint8Array(64),
      });
      if (!result.signature) throw new ChainTransactionError("AirdropFailed", `the airdrop failed: ${result.reason}`);
      this.signatures.record(result.signature, { state: "confirmed" });
      return bs58.encode(result.signature);
    });
  }

  /**
   * Runs a transaction against the current state without committing anything. With
   * `sigVerify: false` missing or wrong signatures pass (wallets simulate before signing);
   * `replaceRecentBlockhash` skips the blockhash check.
   */
  simulateRawTransaction(
    wireBytes: Uint8Array,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): Promise<SimulationResult> {
    return this.serialized(() => {
      const sigVerify = options.sigVerify ?? true;
      const refused = (error: ChainTransactionError): SimulationResult => ({
        error,
        logs: [],
        unitsConsumed: 0n,
        postAccounts: new Map(),
      });
      let decoded: MaybeSignedTransaction;
      try {
        decoded = sigVerify ? decodeTransaction(wireBytes) : decodeUnsigned(wireBytes);
      } catch (error) {
        if (error instanceof ChainTransactionError) return refused(error);
        throw error;
      }
      const { transaction, signature, blockhash } = decoded;
      if (!options.replaceRecentBlockhash && !this.clock.isValid(blockhash)) {
        return refused(
          new ChainTransactionError("BlockhashNotFound", "its blockhash is unknown or expired", { signature }),
        );
      }
      if (signature && this.signatures.has(signature)) {
        return refused(
          new ChainTransactionError("AlreadyProcessed", "this transaction was already processed", { signature }),
        );
      }
      let result;
      try {
        if (!sigVerify) this.svm.withSigverify(false);
        result = this.svm.simulateTransaction(transaction);
      } catch (error) {
        return refused(
          new ChainTransactionError("SanitizeFailure", `litesvm refused it: ${(error as Error).message}`, {
            signature,
          }),
        );
      } finally {
        if (!sigVerify) this.svm.withSigverify(true);
      }
      const logs = result.meta().logs();
      const unitsConsumed = result.meta().computeUnitsConsumed();
      if (result instanceof FailedTransactionMetadata) {
        const { code, reason } = describeTransactionError(result.err());
        return {
          error: new ChainTransactionError(code, reason, { signature, logs, landed: false }),
          logs,
          unitsConsumed,
          postAccounts: new Map(),
        };
      }
      const postAccounts = new Map(
        result.postAccounts().map((account) => [account.address as string, chainAccountOf(account)]),
      );
      return { error: null, logs, unitsConsumed, postAccounts };
    });
  }

  /** Whether a transaction carrying `blockhash` could still land. */
  isBlockhashValid(blockhash: string): Promise<boolean> {
    return this.serialized(() => this.clock.isValid(blockhash));
  }

  /** Token accounts of an owner or of a mint, empty ones included, by address. */
  getTokenAccounts(filter: { owner: string } | { mint: string }): Promise<TokenAccountEntry[]> {
    return this.serialized(() => {
      const candidates =
        "owner" in filter
          ? this.index.accountsOfOwner(toAddress(filter.owner))
          : this.index.accountsOfMint(toAddress(filter.mint));
      const entries: TokenAccountEntry[] = [];
      for (const tokenAccount of candidates) {
        const account = this.svm.getAccount(tokenAccount as Address);
        if (!account.exists) continue;
        const parsed = parseTokenAccount(account.programAddress, account.data);
        if (!parsed || ("owner" in filter ? parsed.owner !== filter.owner : parsed.mint !== filter.mint)) continue;
        entries.push({ tokenAccount, ...parsed, account: chainAccountOf(account) });
      }
      return entries.sort((a, b) => (a.tokenAccount < b.tokenAccount ? -1 : a.tokenAccount > b.tokenAccount ? 1 : 0));
    });
  }

  /** Test hook: moves the block height forward, expiring blockhashes older than 150 blocks. */
  advanceBlocks(blocks: bigint): Promise<void> {
    return this.serialized(() => {
      this.clock.advance(blocks);
      this.append({ kind: "clock" });
    });
  }

  /** Test hook: every blockhash handed out so far expires (the height jumps 151 blocks). */
  expireBlockhash(): Promise<void> {
    return this.advanceBlocks(151n);
  }

  /** Writes a snapshot now and deletes the log it covers (what happens every N changes or T seconds anyway). */
  snapshot(): Promise<void> {
    return this.serialized(async () => {
      await this.snapshotting;
      if (this.log.appendedSeq === this.writtenSeq) return;
      const snapshot = this.capture();
      await this.log.waitDurable(snapshot.seq);
      await this.writeSnapshot(snapshot);
    });
  }

  /**
   * The whole state as one snapshot file (its bytes, in chunks), for a backup: taken in the
   * queue, so it holds every change acknowledged so far and nothing half-done, and returned
   * once all of it is durable. Nothing in the chain folder changes; the folder restored from
   * it opens with this file alone (no log after it to replay).
   */
  backupState(): Promise<{ chunks: Uint8Array[]; seq: number; signatures: number }> {
    return this.serialized(() => {
      const seq = this.log.appendedSeq;
      const state = snapshotOf({ svm: this.svm, clock: this.clock, signatures: this.signatures }, seq);
      // Copied: the chunks are written after the queue moves on.
      const chunks = encodeStateFile({ ...state, signatureLog: Uint8Array.from(state.signatureLog) });
      return { chunks, seq, signatures: this.signatures.size };
    });
  }

  /** Numbers for benchmarks, tests and reports. */
  stats(): EmbeddedChainStats {
    const log = this.log.stats;
    return {
      seq: this.log.appendedSeq,
      replayedOnOpen: this.replayedOnOpen,
      logFsyncs: log.fsyncs,
      logCommits: log.commits,
      lastCommitChanges: log.lastCommitChanges,
      lastCommitMs: log.lastCommitMs,
      logBytes: log.bytes,
      ...this.snapshotStats,
      snapshotSeq: this.writtenSeq,
      snapshotInProgress: this.snapshotting !== null,
      signatures: this.signatures.size,
      tokenAccounts: this.index.size,
    };
  }

  persist(): Promise<void> {
    return this.serialized(() => undefined);
  }

  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return;
      clearInterval(this.timer);
      try {
        await this.log.waitDurable(this.log.appendedSeq).catch(() => undefined);
        if (this.log.failed) await this.recover();
        await this.snapshotting;
        await this.log.close();
        // A last snapshot, so the next open replays nothing. If it fails, the log still holds every change.
        if (this.log.appendedSeq > this.writtenSeq) await this.writeSnapshot(this.capture()).catch(() => undefined);
      } finally {
        this.closed = true;
        await this.log.close();
        this.lock.release();
      }
    });
  }

  /**
   * Every call runs alone, in call order, against the in-memory state; then it waits
   * until every change up to its own is durable before it answers (with its result or
   * its error). Many callers thus share one fsync, and none ever acts on a change a crash
   * could still take back.
   */
  private async serialized<T>(task: () => T | Promise<T>): Promise<T> {
    const done = await this.queue.run(async () => {
      await this.ready();
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await task() };
      } catch (error) {
        outcome = { error };
      }
      this.snapshotIfDue();
      return { outcome, seq: this.log.appendedSeq };
    });
    try {
      await this.log.waitDurable(done.seq);
    } catch (error) {
      throw new ChainUnavailableError(
        `The embedded chain could not make its changes durable (${(error as Error).message}); ` +
          "the outcome of the last change is unknown until a save succeeds.",
        { cause: error },
      );
    }
    if ("error" in done.outcome) throw done.outcome.error;
    return done.outcome.value;
  }

  private async ready(): Promise<void> {
    if (this.closed) throw new ChainUnavailableError("The embedded chain is closed.");
    if (this.log.failed) await this.recover();
  }

  private append(change: Change): void {
    this.log.append({ clock: this.clock.marks(), change });
  }

  /**
   * After a failed log write the tail of the segment is unknown: a full snapshot (all
   * in-memory state, the unacknowledged changes included) replaces it, and the log starts
   * over after it. Until that works, every call fails here.
   */
  private async recover(): Promise<void> {
    await this.snapshotting;
    const snapshot = this.capture();
    try {
      await this.writeSnapshot(snapshot);
    } catch (error) {
      throw new ChainUnavailableError(
        `The embedded chain could not save its state (${(error as Error).message}); ` +
          "the outcome of the last change is unknown until a save succeeds.",
        { cause: error },
      );
    }
    await this.log.restart(snapshot.seq);
  }

  /** Called in the queue after each call: starts a background snapshot when enough changes (or, from the timer, any) piled up. */
  private snapshotIfDue(options: { force?: boolean } = {}): void {
    if (this.closed || this.snapshotting || this.log.failed) return;
    const changes = this.log.appendedSeq - this.capturedSeq;
    if (changes === 0 || (!options.force && changes < this.snapshotEvery.changes)) return;
    let snapshot: Snapshot;
    try {
      snapshot = this.capture();
    } catch {
      this.snapshotStats.snapshotFailures += 1; // the log holds every change: nothing is lost, the next one retries
      return;
    }
    this.snapshotting = (async () => {
      try {
        // Never ahead of the log: a snapshot holds only changes already acknowledged or about to be.
        await this.log.waitDurable(snapshot.seq);
        await this.writeSnapshot(snapshot);
      } catch {
        // The old snapshot and every log segment after it are still in place; the next one retries.
        this.snapshotStats.snapshotFailures += 1;
      } finally {
        this.snapshotting = null;
      }
    })();
  }

  /** The state as of the last appended change; later changes go to a new log segment. In the queue only. */
  private capture(): Snapshot {
    const started = performance.now();
    const seq = this.log.appendedSeq;
    const state = snapshotOf({ svm: this.svm, clock: this.clock, signatures: this.signatures }, seq);
    this.snapshotStats.lastCaptureMs = performance.now() - started;
    this.snapshotStats.svmStateBytes = state.svm.length;
    this.log.rotate(seq);
    this.capturedSeq = seq;
    return { seq, state };
  }

  /** Atomically replaces the snapshot, then deletes the log segments it covers (a crash in between: they are skipped at open). */
  private async writeSnapshot(snapshot: Snapshot): Promise<void> {
    const started = performance.now();
    this.snapshotStats.lastSnapshotBytes = await writeStateFile(path.join(this.dir, STATE_FILE), snapshot.state);
    this.writtenSeq = Math.max(this.writtenSeq, snapshot.seq);
    await removeSegmentsUpTo(this.dir, snapshot.seq);
    this.snapshotStats.snapshots += 1;
    this.snapshotStats.lastSnapshotMs = performance.now() - started;
  }

  private readTokenAccount(tokenAccount: string) {
    const account = nativeOf(this.svm).getAccount(bs58.decode(tokenAccount));
    const program = account && tokenProgramOfOwner(account.owner());
    return program ? parseTokenAccount(program, account.data()) : null;
  }

  /**
   * Keeps the token index current: only writable accounts of a processed transaction can
   * have changed, and every account a transaction touches is in its message (looked-up
   * accounts of v0 transactions excepted: then the whole index is rebuilt).
   */
  private indexWrittenAccounts(writableAccounts: Address[] | null): void {
    if (writableAccounts === null) {
      this.rebuildTokenIndex();
      return;
    }
    for (const account of writableAccounts) this.index.update(account, this.readTokenAccount(account));
  }

  private rebuildTokenIndex(): void {
    for (const programId of TOKEN_PROGRAM_IDS) {
      for (const account of this.svm.getProgramAccounts(programId as Address)) {
        this.index.update(account.address, parseTokenAccount(programId, account.data));
      }
    }
  }
}

function chainAccountOf(account: EncodedAccount): ChainAccountInfo {
  return {
    lamports: BigInt(account.lamports),
    owner: account.programAddress,
    data: Uint8Array.from(account.data),
    executable: account.executable,
  };
}

/**
 * litesvm's own binding, for reading accounts by their key's bytes. Its getAccount takes the
 * address as text and answers the owner as text, both through kit's BigInt base58 codec:
 * 64 µs an account against 8 µs here, and the token index reads every account each
 * transaction may write (about 7 a mint). litesvm is pinned, and the holder queries' tests
 * (tests/chain/embedded-chain.test.ts) fail if the binding moves.
 */
type NativeAccount = { owner(): Uint8Array; data(): Uint8Array };
function nativeOf(svm: LiteSVM): { getAccount(address: Uint8Array): NativeAccount | null } {
  const inner = (svm as unknown as { inner?: { getAccount?: unknown } }).inner;
  if (typeof inner?.getAccount !== "function") throw new Error("litesvm's native binding is not where 1.5 keeps it");
  return inner as { getAccount(address: Uint8Array): NativeAccount | null };
}

type MaybeSignedTransaction = ReadTransaction & { signature?: string };

/** decodeTransaction, but missing signatures pass: a wallet simulates before it signs. */
function decodeUnsigned(wireBytes: Uint8Array): MaybeSignedTransaction {
  const read = readTransaction(wireBytes);
  const [feePayerSignature] = read.signatures;
  return { ...read, signature: feePayerSignature ? bs58.encode(feePayerSignature) : undefined };
}

type Execution = { kind: "confirmed" } | { kind: "failed" | "refused"; code: string; reason: string; logs: string[] };

/** Runs a transaction on litesvm: the one code path for live submits and replay. */
function execute(svm: LiteSVM, transaction: ReadTransaction["transaction"], signature: string): Execution {
  let result;
  try {
    result = svm.sendTransaction(transaction);
  } catch (error) {
    // litesvm throws (instead of returning a failure) for structurally bad transactions.
    return {
      kind: "refused",
      code: "SanitizeFailure",
      reason: `litesvm refused it: ${(error as Error).message}`,
      logs: [],
    };
  }
  if (result instanceof FailedTransactionMetadata) {
    const { code, reason } = describeTransactionError(result.err());
    // Landed = executed and recorded with its fee charged; refusals before execution leave no trace.
    const landed = svm.getTransaction(signature as Signature) !== null;
    return { kind: landed ? "failed" : "refused", code, reason, logs: result.meta().logs() };
  }
  return { kind: "confirmed" };
}

/** An airdrop from litesvm's faucet account; on failure, why. */
function airdropOn(
  svm: LiteSVM,
  recipient: Address,
  lamports: bigint,
): { signature: Uint8Array; reason?: undefined } | { signature?: undefined; reason: string } {
  // litesvm builds the airdrop with its internal blockhash: refresh it, or a second
  // identical airdrop would be a duplicate transaction.
  svm.expireBlockhash();
  let result;
  try {
    result = svm.airdrop(recipient, toLamports(lamports));
  } catch (error) {
    return { reason: (error as Error).message };
  }
  if (!result || result instanceof FailedTransactionMetadata)
    return { reason: result ? describeTransactionError(result.err()).reason : "no result" };
  return { signature: result.signature() };
}

function snapshotOf(core: ChainCore, seq: number): ChainState {
  return {
    meta: { cluster: "localnet", clock: core.clock.toJSON(), savedAt: new Date().toISOString(), seq },
    // A view, but a stable one: the log only ever appends past its end (or into a new buffer).
    signatureLog: core.signatures.bytes(),
    svm: core.svm.toBytes(),
  };
}

/**
 * Applies the log after the snapshot at `snapshotSeq` to `core`. Segments entirely inside
 * the snapshot (a crash between writing it and deleting them) are deleted; a torn tail of
 * the last segment is cut off. A gap, damage or a change that replays differently than it
 * ran throws: the chain must not open on a state that silently lost something.
 */
async function replayLog(
  folder: string,
  core: ChainCore,
  snapshotSeq: number,
  chainId: Uint8Array,
): Promise<{ lastSeq: number; replayed: number }> {
  const segments = await listSegments(folder);
  // A segment is covered when the next one starts no later than the change after the snapshot.
  const covered = segments.filter((_, i) => (segments[i + 1]?.firstSeq ?? Infinity) <= snapshotSeq + 1);
  const live = segments.slice(covered.length);
  let next = snapshotSeq + 1;
  let replayed = 0;
  for (const [i, segment] of live.entries()) {
    if (segment.firstSeq > next)
      throw new Error(
        `The chain log in ${folder} is missing changes ${next} to ${segment.firstSeq - 1} (before ${segment.name}).`,
      );
    if (i > 0 && segment.firstSeq !== next)
      throw new Error(`The chain log segment ${segment.path} overlaps the one before it.`);
    const last = i === live.length - 1;
    const content = await readSegment(segment, { last, chainId });
    let previous = segment.firstSeq - 1;
    for (const entry of content.changes) {
      if (entry.seq !== previous + 1)
        throw new Error(`The chain log segment ${segment.path} is damaged (change ${entry.seq} follows ${previous}).`);
      previous = entry.seq;
      if (entry.seq < next) continue; // already in the snapshot
      applyLogged(core, entry);
      next += 1;
      replayed += 1;
    }
    if (content.intactBytes < content.fileBytes) {
      // Torn by a crash mid-write (last segment only): nothing in it was acknowledged.
      if (content.changes.length === 0) await unlink(segment.path).then(() => fsyncFolder(folder));
      else await truncateSegment(segment.path, content.intactBytes);
    }
  }
  for (const segment of covered) await unlink(segment.path);
  if (covered.length > 0) await fsyncFolder(folder);
  return { lastSeq: next - 1, replayed };
}

function applyLogged(core: ChainCore, entry: LoggedChange): void {
  const { change } = entry;
  const diverged = (what: string) =>
    new Error(
      `Replaying change ${entry.seq} of the chain log ${what}. The log does not match the snapshot it follows; the chain will not open on a state that differs from the one it acknowledged.`,
    );
  if (change.kind === "transaction") {
    let decoded;
    try {
      decoded = decodeTransaction(change.wire);
    } catch (error) {
      throw diverged(`failed: ${(error as Error).message}`);
    }
    const outcome = execute(core.svm, decoded.transaction, decoded.signature);
    if (outcome.kind !== change.outcome) {
      throw diverged(
        `(transaction ${decoded.signature}) gave ${outcome.kind}${outcome.kind === "confirmed" ? "" : ` (${outcome.reason})`} where it had ${change.outcome}`,
      );
    }
    core.signatures.record(
      decoded.signatureBytes,
      outcome.kind === "failed" ? { state: "failed", error: outcome.reason } : { state: "confirmed" },
    );
  } else if (change.kind === "airdrop") {
    const result = airdropOn(core.svm, bs58.encode(change.recipient) as Address, change.lamports);
    const landed = result.signature ? "confirmed" : "failed";
    if (
      landed !== change.outcome ||
      (result.signature && bs58.encode(result.signature) !== bs58.encode(change.signature))
    ) {
      throw diverged(
        `(an airdrop) gave ${result.signature ? `signature ${bs58.encode(result.signature)}` : `a failure (${result.reason})`} where it had ${change.outcome}`,
      );
    }
    if (result.signature) core.signatures.record(result.signature, { state: "confirmed" });
  }
  core.clock.restoreMarks(entry.clock);
}

function configure(svm: LiteSVM): LiteSVM {
  // Re-applied after every load: a snapshot does not promise to carry these settings.
  return svm.withSigverify(true).withBlockhashCheck(false);
}

async function removeLeftoverTempFiles(folder: string): Promise<void> {
  // A crash in the middle of a save leaves its temp file behind; we hold the lock, so
  // no other writer can own one.
  for (const name of await readdir(folder)) {
    if (name.startsWith(`${STATE_FILE}.`) && name.endsWith(".tmp"))
      await unlink(path.join(folder, name)).catch(() => undefined);
  }
}
