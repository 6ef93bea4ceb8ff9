// TEMP (mint panel testing): a minimal stand-in; the real module lands with lib/client work.
import { isClientError } from "./errors";

const SENTENCES: Record<string, string> = {
  OUTCOME_UNKNOWN: "We could not confirm the outcome. Your mint may still complete — check your wallet.",
  NETWORK_ERROR: "The connection failed. Check your internet connection and try again.",
  TIMEOUT: "The request took too long. Try again.",
  WALLET_REJECTED: "You declined the request in your wallet. Nothing was minted.",
  WALLET_NOT_CONNECTED: "Connect a wallet first.",
  WALLET_SIGN_FAILED: "Your wallet could not sign the transaction. Nothing was minted.",
  INSUFFICIENT_BALANCE: "Your wallet does not have enough SOL for this mint.",
  NOT_ELIGIBLE: "This wallet is not eligible for this phase.",
  WALLET_LIMIT_REACHED: "This wallet has reached its limit for this phase.",
  SOLD_OUT: "This drop is sold out.",
  SESSION_EXPIRED: "The mint session expired. Start again.",
  PHASE_NOT_ACTIVE: "This phase is not open right now.",
  CLAIM_CODE_INVALID: "That claim code cannot be used.",
};

export function errorSentence(code: string): string {
  return SENTENCES[code] ?? "Something went wrong. Try again.";
}

export function describeError(error: unknown): string {
  if (isClientError(error)) return SENTENCES[error.code] ?? error.message;
  return "Something went wrong. Try again.";
}
