// Plain-words sentences for collectors, one per error code: every code the service answers
// with (lib/errors/codes.ts), the client's own, and the wallet's. The service's `error`
// sentence is written for developers and may change; pages show these instead.
import type { ErrorCode, StudioOnlyCode } from "@/lib/errors";
import { isClientError } from "./errors";

/** Codes raised in the browser: by the client (see errors.ts) or around the wallet. */
export type ClientErrorCode =
  | "NETWORK_ERROR"
  | "TIMEOUT"
  | "INVALID_RESPONSE"
  | "OUTCOME_UNKNOWN"
  | "WALLET_REJECTED"
  | "WALLET_NOT_CONNECTED"
  | "WALLET_SIGN_FAILED";

const TRY_AGAIN_SOON = "Please try again in a moment.";

// Typed against ErrorCode (a type-only import: no zod reaches the browser), so a new service
// code without a sentence fails the type check as well as the unit test.
// The studio's own codes are in studio-error-messages.ts, so the public pages do not carry them.
const SENTENCES: Record<Exclude<ErrorCode, StudioOnlyCode> | ClientErrorCode, string> = {
  // Access. Collectors cannot fix these; the sentences say so without blaming them.
  API_KEY_REQUIRED: "This page couldn't connect to the mint service. Please reload the page and try again.",
  API_KEY_INVALID: "This site's access to the mint service isn't working right now. Please try again later.",
  ORIGIN_NOT_ALLOWED:
    "This site isn't allowed to use the mint service from here. Please open the drop from its official page.",
  COLLECTION_NOT_IN_SCOPE: "This site can't show or mint that drop.",
  SANDBOX_KEY_ON_MAINNET: "This site is set up for testing and can't mint on this network.",
  PARTNER_KEY_NOT_ALLOWED: "This request isn't allowed here. Please reload the page and try again.",
  AUTH_UNAVAILABLE: `The mint service is briefly unavailable. ${TRY_AGAIN_SOON}`,
  // The mint flow.
  CLIENT_BROADCAST_NOT_ALLOWED:
    "The mint has to be submitted through this page, not sent from your wallet directly. Please start again.",
  CHAIN_NOT_SUPPORTED_BY_SURFACE: "Minting here works on Solana only.",
  INSUFFICIENT_BALANCE: "Your wallet doesn't have enough SOL for this mint and its network fees.",
  WALLET_BLOCKED: "This wallet can't mint on this drop right now.",
  ASSET_BANNED: "This drop has been taken down and can't be minted.",
  COLLECTION_RATE_LIMITED: "You've started too many mints in a short time. Please wait a minute and try again.",
  ALREADY_PROCESSING: "This mint is already being submitted. Check your wallet before trying again.",
  ALREADY_COMPLETED: "This mint has already gone through — check your wallet for your NFT.",
  SESSION_NOT_FOUND: "We couldn't find this mint any more. Please start again.",
  SESSION_EXPIRED: "The mint took too long and its reservation expired. Please start again.",
  SESSION_SUPERSEDED: "A newer mint for this wallet replaced this one. Please finish the newer one, or start again.",
  BATCH_REQUIRED: "These NFTs have to be submitted together. Please start again.",
  BONUS_WITHOUT_PURCHASE:
    "A bonus NFT comes with the NFTs you buy: it is sent only after they go through. Please start again.",
  MINT_NOT_SUPPORTED_BY_SURFACE: "This drop can't be minted on this page. Use the drop's own mint page instead.",
  PHASE_NOT_ACTIVE: "This phase isn't open for minting right now.",
  NOT_ELIGIBLE: "This wallet isn't eligible for this phase.",
  WALLET_LIMIT_REACHED: "This wallet has minted as many as this phase allows.",
  SOLD_OUT: "Sold out — there's nothing left to mint here.",
  TRANSACTION_MISMATCH:
    "The transaction your wallet signed isn't the one prepared for this mint. Nothing was sent; please start again.",
  INVALID_SIGNATURE: "Your wallet's signature couldn't be verified. Nothing was sent; please start again.",
  TRANSACTION_REJECTED:
    "The network turned the transaction down, so nothing was minted and you weren't charged for an NFT. Please start again.",
  OUTCOME_PENDING: "Your mint was sent but isn't confirmed yet — check your wallet before trying again.",
  CLAIM_CODE_INVALID: "That claim code can't be used for this mint.",
  CLAIM_CODE_EXTERNAL:
    "That code unlocks a perk on the creator's own page, not a mint here — follow the link shown with the code.",
  // Our own.
  RATE_LIMITED: "Too many requests in a short time. Please wait a moment and try again.",
  WALLET_PROOF_REQUIRED: "Sign in with your wallet first: it proves the wallet is yours, once per visit.",
  WALLET_SIGN_IN_INVALID: "The wallet sign-in didn't go through. Please sign in again.",
  HOLD_LIMIT_REACHED:
    "Too many mints are waiting for a signature from your network right now. Sign or cancel them, or wait a minute.",
  HOLD_COOLDOWN:
    "Several of your recent mints were left unsigned, so new ones are paused for a while. Please try later.",
  INVALID_REQUEST: "Something in the request wasn't valid. Please check what you entered and try again.",
  INVALID_JSON: "The request couldn't be read. Please reload the page and try again.",
  UNSUPPORTED_MEDIA_TYPE: "The request couldn't be read. Please reload the page and try again.",
  PAYLOAD_TOO_LARGE: "The request was too large to send.",
  REQUEST_TIMEOUT: "The connection was too slow to send the request, and nothing happened. Please try again.",
  COLLECTION_NOT_FOUND: "We couldn't find that drop.",
  COLLECTION_NOT_LAUNCHED: "This drop has not launched yet.",
  PHASE_NOT_FOUND: "We couldn't find that mint phase.",
  PHASE_NOT_PEGGED: "This phase doesn't have a pegged price.",
  PHASE_NOT_DUTCH: "This phase isn't a dutch auction.",
  PRICE_UNAVAILABLE: `The price can't be worked out right now. ${TRY_AGAIN_SOON}`,
  PRICE_STALE: `The latest price is out of date, so we can't charge it. ${TRY_AGAIN_SOON}`,
  PRICE_MOVED: "The price changed more than allowed since you saw it. Check the new price and try again.",
  NOT_FOUND: "We couldn't find what you were looking for.",
  METHOD_NOT_ALLOWED: "That action isn't available here.",
  INTERNAL_ERROR: `Something went wrong on our side. ${TRY_AGAIN_SOON}`,
  CHAIN_UNAVAILABLE: `The network couldn't be reached just now. ${TRY_AGAIN_SOON}`,
  SERVER_BUSY: `Lots of collectors are minting right now, and nothing happened with this try. ${TRY_AGAIN_SOON}`,
  LAUNCH_REFUSED: "The creator tool could not apply that change to the drop.",
  // Profiles and reactions.
  PROFILE_NAME_INVALID:
    "Use 3 to 24 letters, digits, spaces, dots, dashes or underscores, starting and ending with a letter or digit.",
  PROFILE_NAME_RESERVED: "That name is reserved. Please pick another.",
  PROFILE_NAME_IMPERSONATION: "A name can't look like a wallet address or a drop's name. Please pick another.",
  PROFILE_NAME_TAKEN: "Another collector already uses that name. Please pick another.",
  PROFILE_BLOCKED: "This wallet can't change its profile or react right now.",
  AVATAR_NOT_HELD: "That NFT isn't in your wallet any more, so it can't be your avatar.",
  NFT_NOT_FOUND: "That NFT couldn't be found.",
  // The client's own.
  NETWORK_ERROR: "We couldn't reach the mint service. Check your connection and try again.",
  TIMEOUT: "The mint service took too long to answer. Please try again.",
  INVALID_RESPONSE: "The mint service sent an answer we couldn't read. Please try again.",
  OUTCOME_UNKNOWN: "Your mint may still complete — check your wallet before trying again.",
  // The wallet's.
  WALLET_REJECTED: "You declined the request in your wallet.",
  WALLET_NOT_CONNECTED: "Connect your wallet first.",
  WALLET_SIGN_FAILED: "Your wallet couldn't sign the transaction. Please try again.",
};

export const GENERIC_ERROR_SENTENCE = "Something went wrong. Please try again.";

/** The collector-facing sentence for a code, or null for a code this build does not know. */
export function errorSentence(code: string): string | null {
  return Object.hasOwn(SENTENCES, code) ? SENTENCES[code as keyof typeof SENTENCES] : null;
}

/**
 * A sentence for anything thrown: the code's own sentence; else the service's `error`
 * sentence (a code newer than this build); else a generic one. Never a stack or raw message.
 */
export function describeError(error: unknown): string {
  const code = codeOf(error);
  const known = code === null ? null : errorSentence(code);
  if (known) return known;
  if (isClientError(error)) {
    const serviceSentence = sentenceInBody(error.details.body);
    if (serviceSentence) return serviceSentence;
  }
  return GENERIC_ERROR_SENTENCE;
}

function codeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}

function sentenceInBody(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  return typeof body.error === "string" && body.error.trim() ? body.error : null;
}
