// Typed failures of the chain layer. Callers branch on the class (and on `code`), never
// on message text. Messages never contain secret keys.
import type { ChainCluster } from "./types";

/** The chain error classes an instance belongs to, by kind (see ChainError). */
const KINDS = Symbol.for("dropmint.chain-error-kinds");

export class ChainError extends Error {
  override name = "ChainError";
  static readonly kind: string = "ChainError";

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    const kinds: string[] = [];
    for (let c: unknown = new.target; typeof c === "function" && c !== Error; c = Object.getPrototypeOf(c))
      if (Object.hasOwn(c, "kind")) kinds.push((c as typeof ChainError).kind);
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
  }

  // The runtime, and so the chain that throws these, is built in Next's instrumentation
  // bundle; each route bundle has its own copy of these classes. `instanceof` asks the
  // instance's kinds, not the class's identity, so a route still recognises a chain refusal
  // (else a refused airdrop, say, surfaced as a 500).
  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = typeof value === "object" && value !== null ? (value as { [KINDS]?: unknown })[KINDS] : undefined;
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}

/**
 * The chain refused or failed a transaction. `landed` tells the two cases apart:
 * - false: refused before execution (bad signature, unknown or expired blockhash,
 *   duplicate, malformed, fee payer cannot pay). Nothing changed on chain; the
 *   signature's status stays whatever it was (`not_found` unless it is a duplicate).
 * - true: it executed and an instruction failed. The fee was charged and
 *   getSignatureStatus reports `failed` with the same reason.
 */
export class ChainTransactionError extends ChainError {
  override name = "ChainTransactionError";
  static override readonly kind = "ChainTransactionError";
  constructor(
    /** Stable short code, e.g. SignatureFailure, BlockhashNotFound, AlreadyProcessed, InstructionError. */
    readonly code: string,
    /** A short sentence for logs and people. */
    readonly reason: string,
    readonly options: { signature?: string; logs?: readonly string[]; landed?: boolean } = {},
  ) {
    super(`Transaction ${options.landed ? "failed" : "refused"}: ${reason}`);
  }
  get signature(): string | undefined {
    return this.options.signature;
  }
  get logs(): readonly string[] {
    return this.options.logs ?? [];
  }
  get landed(): boolean {
    return this.options.landed ?? false;
  }
}

/** The chain cannot be reached or cannot make a change durable; the outcome of a submit is unknown. */
export class ChainUnavailableError extends ChainError {
  override name = "ChainUnavailableError";
  static override readonly kind = "ChainUnavailableError";
}

/** Another process (or another open in this process) holds the chain folder. */
export class ChainLockedError extends ChainError {
  override name = "ChainLockedError";
  static override readonly kind = "ChainLockedError";
}

/** An address string is not a valid base58 Solana address. */
export class InvalidAddressError extends ChainError {
  override name = "InvalidAddressError";
  static override readonly kind = "InvalidAddressError";
}

/** A built transaction would not fit Solana's 1232-byte packet. */
export class TransactionTooLargeError extends ChainError {
  override name = "TransactionTooLargeError";
  static override readonly kind = "TransactionTooLargeError";
}

export class FaucetUnavailableError extends ChainError {
  override name = "FaucetUnavailableError";
  static override readonly kind = "FaucetUnavailableError";
}

/**
 * The one faucet rule, shared by every Chain implementation: free SOL exists on the
 * local chain only. (Devnet has a rate-limited public faucet, but the app must never
 * depend on it.)
 */
export function assertFaucetAvailable(cluster: ChainCluster): void {
  if (cluster !== "localnet") {
    throw new FaucetUnavailableError(`Airdrops are only available on localnet, not on ${cluster}.`);
  }
}
