// Typed failures of the chain layer. Callers branch on the class (and on `code`), never
// on message text. Messages never contain secret keys.
import type { ChainCluster } from "./types";

export class ChainError extends Error {
  override name = "ChainError";
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
}

/** Another process (or another open in this process) holds the chain folder. */
export class ChainLockedError extends ChainError {
  override name = "ChainLockedError";
}

/** An address string is not a valid base58 Solana address. */
export class InvalidAddressError extends ChainError {
  override name = "InvalidAddressError";
}

/** A built transaction would not fit Solana's 1232-byte packet. */
export class TransactionTooLargeError extends ChainError {
  override name = "TransactionTooLargeError";
}

export class FaucetUnavailableError extends ChainError {
  override name = "FaucetUnavailableError";
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
