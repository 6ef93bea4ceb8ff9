// The embedded chain: the real Solana VM (litesvm) in-process, persisted in a folder
// beside the embedded database. Localnet only. Signature verification is on; blockhashes
// are checked against a 150-block window modelled in block-clock.ts (litesvm's own
// single-blockhash check is off because it would expire every prepared transaction as
// soon as a newer blockhash is handed out).
//
// Durability: every state change (transaction, airdrop, test hook) is written to one
// state file, atomically, before the call returns, so a crash right after a submit never
// loses a landed transaction. If that write fails the call throws ChainUnavailableError
// (outcome unknown) and every later call first retries the write: nobody ever reads
// state that is not on disk.
import { readdir, mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import bs58 from "bs58";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, lamports as toLamports, type Address, type EncodedAccount, type Signature } from "@solana/kit";
import { BlockClock, DEFAULT_SLOT_MS } from "./block-clock";
import { acquireDirLock, type DirLock } from "./dir-lock";
import { ChainTransactionError, ChainUnavailableError, assertFaucetAvailable } from "./errors";
import { describeTransactionError } from "./litesvm-errors";
import { SignatureLog } from "./signature-log";
import { readStateFile, writeStateFile } from "./state-file";
import { SerialQueue } from "./serial-queue";
import { TOKEN_PROGRAM_IDS, TokenAccountIndex, parseTokenAccount } from "./token-accounts";
import { decodeTransaction, toAddress, writableStaticAccounts, type DecodedMessage } from "./wire-transaction";
import type { Chain, ChainAccountInfo, LatestBlockhash, SendTransactionOptions, SignatureStatus, TokenBalance } from "./types";

const STATE_FILE = "chain.state";

export type EmbeddedChainOptions = {
  /** The chain's own folder (the app passes `<DATA_DIR>/chain`). */
  dir: string;
  cluster: "localnet";
  /** Milliseconds per block for the modelled block height; Solana's 400 by default. */
  slotMs?: number;
};

export type EmbeddedChainStats = {
  saves: number;
  lastSaveMs: number;
  lastSaveBytes: number;
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
export type TokenAccountEntry = { tokenAccount: string; mint: string; owner: string; amount: bigint; account: ChainAccountInfo };

export async function openEmbeddedChain(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
  return EmbeddedChain.open(options);
}

export class EmbeddedChain implements Chain {
  readonly cluster = "localnet" as const;
  readonly kind = "embedded" as const;

  private readonly queue = new SerialQueue();
  private readonly index = new TokenAccountIndex();
  private closed = false;
  /** True while the in-memory state has changes the state file does not have yet. */
  private unsaved = false;
  private readonly saveStats = { saves: 0, lastSaveMs: 0, lastSaveBytes: 0 };

  private constructor(
    private readonly statePath: string,
    private readonly lock: DirLock,
    private readonly svm: LiteSVM,
    private readonly clock: BlockClock,
    private readonly signatures: SignatureLog,
  ) {
    this.rebuildTokenIndex();
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
      const chain = saved
        ? new EmbeddedChain(statePath, lock, configure(LiteSVM.fromBytes(saved.svm)), BlockClock.restore(saved.meta.clock, slotMs), SignatureLog.fromBytes(saved.signatureLog))
        : new EmbeddedChain(statePath, lock, configure(new LiteSVM()), BlockClock.create(slotMs), new SignatureLog());
      if (!saved) await chain.save();
      return chain;
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
    return this.serialized(async () => {
      const { transaction, signature, signatureBytes, message } = decodeTransaction(wireBytes);
      if (!this.clock.isValid(message.lifetimeToken)) {
        throw new ChainTransactionError("BlockhashNotFound", `its blockhash is unknown or expired (block height is now ${this.clock.height()})`, { signature });
      }
      if (this.signatures.has(signature)) {
        throw new ChainTransactionError("AlreadyProcessed", "this transaction was already processed", { signature });
      }

      let result;
      try {
        result = this.svm.sendTransaction(transaction);
      } catch (error) {
        // litesvm throws (instead of returning a failure) for structurally bad transactions.
        throw new ChainTransactionError("SanitizeFailure", `litesvm refused it: ${(error as Error).message}`, { signature });
      }

      if (result instanceof FailedTransactionMetadata) {
        const { code, reason } = describeTransactionError(result.err());
        const logs = result.meta().logs();
        // Landed = executed and recorded with its fee charged; refusals before execution leave no trace.
        const landed = this.svm.getTransaction(signature as Signature) !== null;
        if (landed) {
          this.signatures.record(signatureBytes, { state: "failed", error: reason });
          this.indexWrittenAccounts(message);
          await this.save();
        }
        throw new ChainTransactionError(code, reason, { signature, logs, landed });
      }

      this.signatures.record(signatureBytes, { state: "confirmed" });
      this.indexWrittenAccounts(message);
      await this.save();
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
    return this.serialized(async () => {
      if (lamports <= 0n) throw new RangeError("An airdrop needs a positive number of lamports.");
      const recipient = toAddress(address);
      // litesvm builds the airdrop with its internal blockhash: refresh it, or a second
      // identical airdrop would be a duplicate transaction.
      this.svm.expireBlockhash();
      const result = this.svm.airdrop(recipient, toLamports(lamports));
      if (!result || result instanceof FailedTransactionMetadata) {
        const reason = result ? describeTransactionError(result.err()).reason : "no result";
        throw new ChainTransactionError("AirdropFailed", `the airdrop failed: ${reason}`);
      }
      const signatureBytes = result.signature();
      this.signatures.record(signatureBytes, { state: "confirmed" });
      await this.save();
      return bs58.encode(signatureBytes);
    });
  }

  /**
   * Runs a transaction against the current state without committing anything. With
   * `sigVerify: false` missing or wrong signatures pass (wallets simulate before signing);
   * `replaceRecentBlockhash` skips the blockhash check.
   */
  simulateRawTransaction(wireBytes: Uint8Array, options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {}): Promise<SimulationResult> {
    return this.serialized(() => {
      const sigVerify = options.sigVerify ?? true;
      const refused = (error: ChainTransactionError): SimulationResult => ({ error, logs: [], unitsConsumed: 0n, postAccounts: new Map() });
      let decoded: MaybeSignedTransaction;
      try {
        decoded = sigVerify ? decodeTransaction(wireBytes) : decodeUnsigned(wireBytes);
      } catch (error) {
        if (error instanceof ChainTransactionError) return refused(error);
        throw error;
      }
      const { transaction, signature, message } = decoded;
      if (!options.replaceRecentBlockhash && !this.clock.isValid(message.lifetimeToken)) {
        return refused(new ChainTransactionError("BlockhashNotFound", "its blockhash is unknown or expired", { signature }));
      }
      if (signature && this.signatures.has(signature)) {
        return refused(new ChainTransactionError("AlreadyProcessed", "this transaction was already processed", { signature }));
      }
      let result;
      try {
        if (!sigVerify) this.svm.withSigverify(false);
        result = this.svm.simulateTransaction(transaction);
      } catch (error) {
        return refused(new ChainTransactionError("SanitizeFailure", `litesvm refused it: ${(error as Error).message}`, { signature }));
      } finally {
        if (!sigVerify) this.svm.withSigverify(true);
      }
      const logs = result.meta().logs();
      const unitsConsumed = result.meta().computeUnitsConsumed();
      if (result instanceof FailedTransactionMetadata) {
        const { code, reason } = describeTransactionError(result.err());
        return { error: new ChainTransactionError(code, reason, { signature, logs, landed: false }), logs, unitsConsumed, postAccounts: new Map() };
      }
      const postAccounts = new Map(result.postAccounts().map((account) => [account.address as string, chainAccountOf(account)]));
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
      const candidates = "owner" in filter ? this.index.accountsOfOwner(toAddress(filter.owner)) : this.index.accountsOfMint(toAddress(filter.mint));
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
    return this.serialized(async () => {
      this.clock.advance(blocks);
      await this.save();
    });
  }

  /** Test hook: every blockhash handed out so far expires (the height jumps 151 blocks). */
  expireBlockhash(): Promise<void> {
    return this.advanceBlocks(151n);
  }

  /** Numbers for benchmarks and reports. */
  stats(): EmbeddedChainStats {
    return { ...this.saveStats, signatures: this.signatures.size, tokenAccounts: this.index.size };
  }

  persist(): Promise<void> {
    return this.serialized(() => this.save());
  }

  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed) return;
      try {
        await this.save();
      } finally {
        this.closed = true;
        this.lock.release();
      }
    });
  }

  /**
   * Every call runs alone, in call order: a read waits for earlier writes and never sees
   * unsaved state, and two saves never interleave.
   */
  private serialized<T>(task: () => T | Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      await this.ready();
      return task();
    });
  }

  private async ready(): Promise<void> {
    if (this.closed) throw new ChainUnavailableError("The embedded chain is closed.");
    if (this.unsaved) await this.save();
  }

  private async save(): Promise<void> {
    this.unsaved = true;
    const started = performance.now();
    try {
      this.saveStats.lastSaveBytes = await writeStateFile(this.statePath, {
        meta: { cluster: "localnet", clock: this.clock.toJSON(), savedAt: new Date().toISOString() },
        signatureLog: this.signatures.bytes(),
        svm: this.svm.toBytes(),
      });
    } catch (error) {
      throw new ChainUnavailableError(
        `The embedded chain could not save its state (${(error as Error).message}); ` + "the outcome of the last change is unknown until a save succeeds.",
        { cause: error },
      );
    }
    this.unsaved = false;
    this.saveStats.saves += 1;
    this.saveStats.lastSaveMs = performance.now() - started;
  }

  private readTokenAccount(tokenAccount: string) {
    const account = this.svm.getAccount(tokenAccount as Address);
    return account.exists ? parseTokenAccount(account.programAddress, account.data) : null;
  }

  /**
   * Keeps the token index current: only writable accounts of a processed transaction can
   * have changed, and every account a transaction touches is in its message (looked-up
   * accounts of v0 transactions excepted: then the whole index is rebuilt).
   */
  private indexWrittenAccounts(message: DecodedMessage): void {
    if ("addressTableLookups" in message && message.addressTableLookups && message.addressTableLookups.length > 0) {
      this.rebuildTokenIndex();
      return;
    }
    for (const account of writableStaticAccounts(message)) {
      const info = this.svm.getAccount(account);
      this.index.update(account, info.exists ? parseTokenAccount(info.programAddress, info.data) : null);
    }
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
  return { lamports: BigInt(account.lamports), owner: account.programAddress, data: Uint8Array.from(account.data), executable: account.executable };
}

type MaybeSignedTransaction = { transaction: ReturnType<typeof decodeTransaction>["transaction"]; signature?: string; message: DecodedMessage };

/** decodeTransaction, but missing signatures pass: a wallet simulates before it signs. */
function decodeUnsigned(wireBytes: Uint8Array): MaybeSignedTransaction {
  try {
    return decodeTransaction(wireBytes);
  } catch (error) {
    if (!(error instanceof ChainTransactionError && error.code === "SignatureFailure")) throw error;
  }
  const transaction = getTransactionDecoder().decode(wireBytes);
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const feePayerSignature = Object.values(transaction.signatures)[0];
  return { transaction, signature: feePayerSignature ? bs58.encode(feePayerSignature) : undefined, message };
}

function configure(svm: LiteSVM): LiteSVM {
  // Re-applied after every load: a snapshot does not promise to carry these settings.
  return svm.withSigverify(true).withBlockhashCheck(false);
}

async function removeLeftoverTempFiles(folder: string): Promise<void> {
  // A crash in the middle of a save leaves its temp file behind; we hold the lock, so
  // no other writer can own one.
  for (const name of await readdir(folder)) {
    if (name.startsWith(`${STATE_FILE}.`) && name.endsWith(".tmp")) await unlink(path.join(folder, name)).catch(() => undefined);
  }
}
