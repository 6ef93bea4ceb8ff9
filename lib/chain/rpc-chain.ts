// The chain over Solana JSON-RPC (`@solana/web3.js` `Connection`): devnet, mainnet, or a
// localnet shared through `npm run localnet`. Reads at `confirmed`.
//
// Sending: one preflighted send with `maxRetries: 0` (the node's own retry queue gives up
// silently), then we rebroadcast the same bytes ourselves and poll the signature until it
// is confirmed or failed, or until its blockhash expires (then it can never land: a
// definitive refusal). Whatever cannot be decided ends in ChainUnavailableError: the
// outcome is unknown and the caller reconciles with getSignatureStatus.
import bs58 from "bs58";
import { Connection, PublicKey, SolanaJSONRPCError, type SignatureStatus as RpcSignatureStatus } from "@solana/web3.js";
import { metrics } from "@/lib/metrics";
import { ChainError, ChainTransactionError, ChainUnavailableError, assertFaucetAvailable } from "./errors";
import { TOKEN_PROGRAM_IDS, parseTokenAccount } from "./token-accounts";
import { toAddress } from "./wire-transaction";
import type {
  Chain,
  ChainAccountInfo,
  ChainCluster,
  LatestBlockhash,
  SendTransactionOptions,
  SignatureStatus,
  TokenBalance,
} from "./types";

export type RpcChainOptions = {
  cluster: ChainCluster;
  rpcUrl: string;
  /** Each HTTP request gives up after this long (default 30 s). */
  requestTimeoutMs?: number;
  /** First wait between status polls; it grows to 2 s (default 500 ms). */
  pollIntervalMs?: number;
  /** The same bytes are sent again this often until the outcome is known (default 2 s). */
  rebroadcastIntervalMs?: number;
  /**
   * Longest wait for a sent transaction (default 90 s, under the API client's 130 s
   * execute timeout). Reached before the blockhash is known to be expired: outcome unknown.
   */
  confirmTimeoutMs?: number;
};

/** A signature's state as a confirmed-commitment reader sees it. */
type Observed =
  | { kind: "confirmed" }
  | { kind: "failed"; code: string; reason: string }
  /** Seen only at `processed`: may still be confirmed, or dropped with its fork. */
  | { kind: "pending" }
  | { kind: "unknown" };

type RpcReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

const MAX_POLL_INTERVAL_MS = 2_000;
const LARGEST_ACCOUNTS_BATCH = 50;
const READ_RETRY_DELAY_MS = 100;
const MULTIPLE_ACCOUNTS_BATCH = 100;

/** How long a blockhash or block height read is shared between callers: half a block. */
export const SHARED_CLOCK_READ_MS = 200;

export class RpcChain implements Chain {
  readonly kind = "rpc" as const;
  readonly cluster: ChainCluster;

  private readonly connection: Connection;
  private readonly rpcUrl: string;
  /** The endpoint without path or query, for messages: provider URLs often carry an API key. */
  private readonly endpointLabel: string;
  private readonly requestTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly rebroadcastIntervalMs: number;
  private readonly confirmTimeoutMs: number;
  private closed = false;
  /** The clock reads shared between callers (sharedRead), by what they read. */
  private readonly sharedReads = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(options: RpcChainOptions) {
    this.cluster = options.cluster;
    this.rpcUrl = options.rpcUrl;
    this.endpointLabel = new URL(options.rpcUrl).host;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.rebroadcastIntervalMs = options.rebroadcastIntervalMs ?? 2_000;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 90_000;
    const timeoutMs = this.requestTimeoutMs;
    // web3.js has no request timeout of its own: a hung endpoint would hang every caller.
    const timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    this.connection = new Connection(options.rpcUrl, { commitment: "confirmed", fetch: timedFetch });
  }

  async getBalance(address: string): Promise<bigint> {
    const key = publicKey(address);
    return this.read("read a balance", async () => BigInt(await this.connection.getBalance(key, "confirmed")));
  }

  /** The node's genesis hash: which chain it is (lib/domain/cluster-identity.ts). */
  getGenesisHash(): Promise<string> {
    return this.read("fetch the genesis hash", () => this.connection.getGenesisHash());
  }

  getLatestBlockhash(): Promise<LatestBlockhash> {
    return this.sharedRead("blockhash", () =>
      this.read("fetch a blockhash", async () => {
        const latest = await this.connection.getLatestBlockhash("confirmed");
        return { blockhash: latest.blockhash, lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) };
      }),
    );
  }

  getBlockHeight(): Promise<bigint> {
    return this.sharedRead("height", () =>
      this.read("read the block height", async () => BigInt(await this.connection.getBlockHeight("confirmed"))),
    );
  }

  /**
   * One read for every caller within SHARED_CLOCK_READ_MS (a failed one is not shared): in a
   * rush every prepare reads the blockhash and the height, and the node answered each of them
   * apart. Both only grow, so a shared read is at most that much behind: a session's lifetime
   * keeps SESSION_SAFETY_MARGIN_MS (15 s) from its blockhash's end, and a sweep or the
   * reconciler that sees a lower height frees or decides nothing early.
   */
  private sharedRead<T>(what: string, read: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const shared = this.sharedReads.get(what);
    if (shared && now - shared.at < SHARED_CLOCK_READ_MS) return shared.value as Promise<T>;
    const value = read();
    this.sharedReads.set(what, { at: now, value });
    value.catch(() => {
      if (this.sharedReads.get(what)?.value === value) this.sharedReads.delete(what);
    });
    return value;
  }

  async sendRawTransaction(wireBytes: Uint8Array, options: SendTransactionOptions = {}): Promise<string> {
    this.assertOpen();
    const started = Date.now();
    const encoded = Buffer.from(wireBytes).toString("base64");
    const ownSignature = feePayerSignature(wireBytes);
    const reply = await this.rpc("sendTransaction", [
      encoded,
      { encoding: "base64", skipPreflight: false, preflightCommitment: "confirmed", maxRetries: 0 },
    ]);
    let signature: string;
    if ("error" in reply) {
      const refusal = sendRefusalOf(reply.error, ownSignature);
      if (!refusal) {
        throw new ChainUnavailableError(
          `The Solana RPC at ${this.endpointLabel} did not accept the transaction (${reply.error.code}: ${reply.error.message}); its outcome is unknown.`,
        );
      }
      // Landed earlier (a retry of the same bytes): its status tells how it ended.
      if (refusal.code !== "AlreadyProcessed" || !ownSignature) throw refusal;
      signature = ownSignature;
    } else if (typeof reply.result === "string") {
      signature = reply.result;
    } else {
      throw new ChainUnavailableError(
        `The Solana RPC at ${this.endpointLabel} answered sendTransaction without a signature; the outcome is unknown.`,
      );
    }
    // The node accepted it: what follows is confirmation (lib/metrics.ts, call="confirm").
    const stop = metrics().chainSeconds.startTimer({ call: "confirm" });
    try {
      return await this.awaitOutcome(signature, encoded, options.lastValidBlockHeight, started);
    } finally {
      stop();
    }
  }

  getSignatureStatus(signature: string): Promise<SignatureStatus> {
    return this.read("read a signature status", async () => {
      if (!isSignature(signature)) return { state: "not_found" };
      const observed = await this.observe(signature);
      if (observed.kind === "confirmed") return { state: "confirmed" };
      if (observed.kind === "failed") return { state: "failed", error: observed.reason };
      return { state: "not_found" };
    });
  }

  async getAccountInfo(address: string): Promise<ChainAccountInfo | null> {
    const key = publicKey(address);
    return this.read("read an account", async () => {
      const account = await this.connection.getAccountInfo(key, "confirmed");
      return account ? toChainAccount(account) : null;
    });
  }

  async getTokenBalances(owner: string): Promise<TokenBalance[]> {
    const key = publicKey(owner);
    return this.read("read token accounts", async () => {
      const byProgram = await Promise.all(
        TOKEN_PROGRAM_IDS.map((programId) =>
          this.connection.getTokenAccountsByOwner(key, { programId: new PublicKey(programId) }, "confirmed"),
        ),
      );
      const balances: TokenBalance[] = [];
      for (const { pubkey, account } of byProgram.flatMap((response) => response.value)) {
        const parsed = parseTokenAccount(account.owner.toBase58(), account.data);
        if (parsed && parsed.owner === owner && parsed.amount > 0n) {
          balances.push({ mint: parsed.mint, amount: parsed.amount, tokenAccount: pubkey.toBase58() });
        }
      }
      return balances.sort((a, b) => (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
    });
  }

  async getMintOwners(mints: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(mints)];
    unique.forEach((mint) => toAddress(mint));
    return this.read("look up NFT holders", async () => {
      // The largest holding account of each mint, in JSON-RPC batches...
      const holdingAccount = new Map<string, string>();
      for (const chunk of chunks(unique, LARGEST_ACCOUNTS_BATCH)) {
        const replies = await this.rpcBatch(
          chunk.map((mint) => ({ method: "getTokenLargestAccounts", params: [mint, { commitment: "confirmed" }] })),
        );
        replies.forEach((reply, i) => {
          if ("error" in reply) {
            // Unknown account or not a token mint: nobody holds it.
            if (reply.error.code === -32602) return;
            throw new Error(`getTokenLargestAccounts: ${reply.error.code} ${reply.error.message}`);
          }
          const largest = (reply.result as { value?: Array<{ address: string; amount: string }> }).value ?? [];
          const holder = largest.find((entry) => BigInt(entry.amount) > 0n);
          if (holder) holdingAccount.set(chunk[i]!, holder.address);
        });
      }
      // ...then who owns each of those accounts, 100 per call.
      const owners = new Map<string, string>();
      const held = [...holdingAccount];
      for (const chunk of chunks(held, MULTIPLE_ACCOUNTS_BATCH)) {
        const accounts = await this.connection.getMultipleAccountsInfo(
          chunk.map(([, account]) => new PublicKey(account)),
          "confirmed",
        );
        chunk.forEach(([mint], i) => {
          const account = accounts[i];
          const parsed = account ? parseTokenAccount(account.owner.toBase58(), account.data) : null;
          if (parsed && parsed.mint === mint && parsed.amount > 0n) owners.set(mint, parsed.owner);
        });
      }
      return owners;
    });
  }

  async airdrop(address: string, lamports: bigint): Promise<string> {
    assertFaucetAvailable(this.cluster);
    const key = publicKey(address);
    if (lamports <= 0n) throw new RangeError("An airdrop needs a positive number of lamports.");
    if (lamports > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError("An airdrop of that many lamports cannot be requested over JSON-RPC.");
    const started = Date.now();
    const signature = await this.read(
      "request an airdrop",
      async () => {
        try {
          return await this.connection.requestAirdrop(key, Number(lamports));
        } catch (error) {
          if (error instanceof SolanaJSONRPCError)
            throw new ChainTransactionError("AirdropFailed", `the airdrop failed: ${error.message}`);
          throw error;
        }
      },
      { once: true },
    );
    return this.awaitOutcome(signature, null, undefined, started);
  }

  async persist(): Promise<void> {
    // The validator keeps its own state.
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  // -------------------------------------------------------------------------------------

  /**
   * Polls until the signature is confirmed (returns it) or failed (throws, landed); keeps
   * rebroadcasting `encoded` meanwhile. Ends in a refusal once the block height passes
   * `lastValidBlockHeight` with the signature nowhere, or in ChainUnavailableError at the
   * timeout.
   */
  private async awaitOutcome(
    signature: string,
    encoded: string | null,
    lastValidBlockHeight: bigint | undefined,
    started: number,
  ): Promise<string> {
    const deadline = started + this.confirmTimeoutMs;
    let nextBroadcast = Date.now() + this.rebroadcastIntervalMs;
    let pollDelay = this.pollIntervalMs;
    for (;;) {
      if (this.closed)
        throw new ChainUnavailableError(
          `The RPC chain was closed while waiting for ${signature}; its outcome is unknown.`,
        );
      // Read failures while waiting are tolerated: the next poll may get through.
      const observed = await this.observe(signature, false).catch(() => ({ kind: "unknown" }) as const);
      if (observed.kind === "confirmed") return signature;
      if (observed.kind === "failed")
        throw new ChainTransactionError(observed.code, observed.reason, { signature, landed: true });

      if (lastValidBlockHeight !== undefined) {
        const height = await this.connection.getBlockHeight("confirmed").then(BigInt, () => undefined);
        if (height !== undefined && height > lastValidBlockHeight)
          return this.settleExpired(signature, height, lastValidBlockHeight);
      }
      if (Date.now() >= deadline) {
        throw new ChainUnavailableError(
          `Transaction ${signature} was sent but not confirmed within ${Math.round(this.confirmTimeoutMs / 1000)} s; its outcome is unknown.`,
        );
      }
      if (encoded !== null && Date.now() >= nextBroadcast) {
        nextBroadcast = Date.now() + this.rebroadcastIntervalMs;
        // Skip preflight: it would only report the duplicate once the first copy landed.
        await this.rpc("sendTransaction", [encoded, { encoding: "base64", skipPreflight: true, maxRetries: 0 }]).catch(
          () => undefined,
        );
      }
      await sleep(Math.min(pollDelay, Math.max(0, deadline - Date.now())));
      pollDelay = Math.min(pollDelay * 1.5, MAX_POLL_INTERVAL_MS);
    }
  }

  /** The blockhash has expired: one last look (history included) decides. */
  private async settleExpired(signature: string, height: bigint, lastValidBlockHeight: bigint): Promise<string> {
    const observed = await this.read("confirm a transaction", () => this.observe(signature));
    if (observed.kind === "confirmed") return signature;
    if (observed.kind === "failed")
      throw new ChainTransactionError(observed.code, observed.reason, { signature, landed: true });
    if (observed.kind === "pending") {
      throw new ChainUnavailableError(
        `Transaction ${signature} is processed but not confirmed after its blockhash expired; its outcome is unknown.`,
      );
    }
    throw new ChainTransactionError(
      "BlockhashNotFound",
      `it did not land before its blockhash expired (block height ${height} passed ${lastValidBlockHeight})`,
      {
        signature,
        landed: false,
      },
    );
  }

  /** getSignatureStatuses, falling back to the full history when the recent cache misses. */
  private async observe(signature: string, searchHistory = true): Promise<Observed> {
    let [status] = (await this.connection.getSignatureStatuses([signature], { searchTransactionHistory: false })).value;
    if (!status && searchHistory) {
      [status] = (await this.connection.getSignatureStatuses([signature], { searchTransactionHistory: true })).value;
    }
    return observedOf(status ?? null);
  }

  /**
   * Runs a read; anything but a typed chain error means the chain could not answer. A read
   * whose connection failed before any answer (a kept-alive socket the node closed as it was
   * reused, a reset) is tried once more: reads change nothing, and on a busy machine or a
   * node behind a load balancer that race is routine. `once` marks a call that must not be
   * repeated (an airdrop).
   */
  private async read<T>(what: string, task: () => Promise<T>, options: { once?: boolean } = {}): Promise<T> {
    this.assertOpen();
    try {
      return await task().catch(async (error: unknown) => {
        if (options.once || error instanceof ChainError || !isConnectionFailure(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
        this.assertOpen();
        return task();
      });
    } catch (error) {
      if (error instanceof ChainError) throw error;
      throw new ChainUnavailableError(
        `The Solana RPC at ${this.endpointLabel} could not ${what}: ${messageOf(error)}`,
        { cause: error },
      );
    }
  }

  /** One raw JSON-RPC call: web3.js drops the error code and `data.err` of a refused send. */
  private async rpc(method: string, params: unknown[]): Promise<RpcReply> {
    const [reply] = await this.post([{ jsonrpc: "2.0", id: 1, method, params }]);
    return reply!;
  }

  private rpcBatch(calls: Array<{ method: string; params: unknown[] }>): Promise<RpcReply[]> {
    return this.post(calls.map((call, id) => ({ jsonrpc: "2.0" as const, id, ...call })));
  }

  private async post(
    calls: Array<{ jsonrpc: "2.0"; id: number; method: string; params: unknown[] }>,
  ): Promise<RpcReply[]> {
    this.assertOpen();
    const single = calls.length === 1;
    let body: unknown;
    try {
      const response = await fetch(this.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(single ? calls[0] : calls),
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
      body = await response.json();
    } catch (error) {
      throw new ChainUnavailableError(
        `The Solana RPC at ${this.endpointLabel} could not be reached (${calls[0]?.method}): ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
    const replies = (single ? [body] : body) as Array<RpcReply & { id?: unknown }>;
    if (
      !Array.isArray(replies) ||
      replies.length !== calls.length ||
      replies.some((reply) => !reply || typeof reply !== "object")
    ) {
      throw new ChainUnavailableError(
        `The Solana RPC at ${this.endpointLabel} sent an unreadable answer to ${calls[0]?.method}.`,
      );
    }
    // Batch replies may come in any order.
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    return calls.map((call) => byId.get(call.id) ?? replies[0]!);
  }

  private assertOpen(): void {
    if (this.closed) throw new ChainUnavailableError("The RPC chain is closed.");
  }
}

// ---------------------------------------------------------------------------------------

/** A refused send as a typed refusal (landed false); null when the answer says nothing definite. */
function sendRefusalOf(
  error: { code: number; message: string; data?: unknown },
  signature: string | undefined,
): ChainTransactionError | null {
  if (error.code === -32002) {
    const data = (error.data ?? {}) as { err?: unknown; logs?: unknown };
    const logs = Array.isArray(data.logs) ? data.logs.filter((line): line is string => typeof line === "string") : [];
    const { code, reason } =
      data.err != null ? describeRpcTransactionError(data.err) : { code: "PreflightFailure", reason: error.message };
    return new ChainTransactionError(code, reason, { signature, logs, landed: false });
  }
  if (error.code === -32003) {
    return new ChainTransactionError("SignatureFailure", "a signature does not verify", { signature, landed: false });
  }
  if (error.code === -32602) {
    const code = /too large/i.test(error.message) ? "TransactionTooLarge" : "SanitizeFailure";
    return new ChainTransactionError(code, error.message, { signature, landed: false });
  }
  return null;
}

/**
 * The validator's TransactionError JSON as a code and the same sentence the embedded
 * chain writes (lib/chain/litesvm-errors.ts), so statuses read alike on both chains.
 */
export function describeRpcTransactionError(err: unknown): { code: string; reason: string } {
  if (typeof err === "string") return { code: err, reason: err };
  if (err && typeof err === "object") {
    const [code, detail] = Object.entries(err)[0] ?? ["TransactionError", undefined];
    if (code === "InstructionError" && Array.isArray(detail)) {
      const [index, inner] = detail as [unknown, unknown];
      return { code, reason: `instruction ${index} failed: ${describeInstructionError(inner)}` };
    }
    if (code === "InsufficientFundsForRent") {
      return {
        code,
        reason: `account ${(detail as { account_index?: number })?.account_index} would not be rent-exempt (InsufficientFundsForRent)`,
      };
    }
    if (code === "DuplicateInstruction") return { code, reason: `duplicate instruction ${detail}` };
    return { code, reason: JSON.stringify(err) };
  }
  return { code: "TransactionError", reason: String(err) };
}

function describeInstructionError(inner: unknown): string {
  if (typeof inner === "string") return inner;
  const fields = (inner ?? {}) as { Custom?: unknown; BorshIoError?: unknown };
  if (typeof fields.Custom === "number") return `custom program error 0x${fields.Custom.toString(16)}`;
  if (fields.BorshIoError !== undefined) return `BorshIoError: ${String(fields.BorshIoError)}`;
  return JSON.stringify(inner);
}

function observedOf(status: RpcSignatureStatus | null): Observed {
  if (!status) return { kind: "unknown" };
  if (status.confirmationStatus === "processed") return { kind: "pending" };
  if (status.err) return { kind: "failed", ...describeRpcTransactionError(status.err) };
  return { kind: "confirmed" };
}

/** The fee payer's signature: the transaction's id (compact-u16 count, then 64-byte signatures). */
function feePayerSignature(wireBytes: Uint8Array): string | undefined {
  let count = 0;
  let offset = 0;
  for (let shift = 0; offset < 3; shift += 7) {
    const byte = wireBytes[offset++];
    if (byte === undefined) return undefined;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  if (count < 1 || wireBytes.length < offset + 64) return undefined;
  return bs58.encode(wireBytes.subarray(offset, offset + 64));
}

function publicKey(address: string): PublicKey {
  return new PublicKey(toAddress(address));
}

function toChainAccount(account: {
  lamports: number;
  owner: PublicKey;
  data: Buffer;
  executable: boolean;
}): ChainAccountInfo {
  return {
    lamports: BigInt(account.lamports),
    owner: account.owner.toBase58(),
    data: Uint8Array.from(account.data),
    executable: account.executable,
  };
}

function isSignature(value: string): boolean {
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The request never got an answer because the connection failed (undici's "fetch failed",
 * a reset, a socket closed under it), as opposed to an answer that was an error. web3.js
 * rewraps fetch errors into plain Errors, keeping only the message.
 */
function isConnectionFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${messageOf(error.cause)}` : "";
  return /fetch failed|ECONNRESET|ECONNREFUSED|socket hang up|other side closed|UND_ERR_SOCKET/i.test(text);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${message}${cause}`.slice(0, 300);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
