// Every error code the service answers with, and its HTTP status. Clients branch on the
// code (stable); the sentence beside it is for people. To add a code: add one line here
// and one description below (the type checker insists), then throw `new AppError(code, …)` (lib/errors/app-error.ts).
import { z } from "zod";

export const ERROR_CODES = {
  // Authentication and scope (spec: Authentication, Errors).
  API_KEY_REQUIRED: 401,
  API_KEY_INVALID: 401,
  ORIGIN_NOT_ALLOWED: 403,
  COLLECTION_NOT_IN_SCOPE: 403,
  SANDBOX_KEY_ON_MAINNET: 403,
  PARTNER_KEY_NOT_ALLOWED: 403,
  AUTH_UNAVAILABLE: 503,
  // Mint flow (spec: Errors). Statuses the spec leaves "not shown" are our decisions.
  CLIENT_BROADCAST_NOT_ALLOWED: 400,
  CHAIN_NOT_SUPPORTED_BY_SURFACE: 400,
  INSUFFICIENT_BALANCE: 402,
  WALLET_BLOCKED: 403,
  ASSET_BANNED: 403,
  COLLECTION_RATE_LIMITED: 429,
  ALREADY_PROCESSING: 409,
  ALREADY_COMPLETED: 409,
  SESSION_NOT_FOUND: 404,
  SESSION_EXPIRED: 410,
  SESSION_SUPERSEDED: 410,
  BATCH_REQUIRED: 400,
  BONUS_WITHOUT_PURCHASE: 409,
  MINT_NOT_SUPPORTED_BY_SURFACE: 409,
  PHASE_NOT_ACTIVE: 409,
  NOT_ELIGIBLE: 403,
  WALLET_LIMIT_REACHED: 409,
  SOLD_OUT: 409,
  TRANSACTION_MISMATCH: 400,
  INVALID_SIGNATURE: 400,
  TRANSACTION_REJECTED: 400,
  OUTCOME_PENDING: 503,
  CLAIM_CODE_INVALID: 400,
  CLAIM_CODE_EXTERNAL: 409,
  // Our own.
  WALLET_PROOF_REQUIRED: 401,
  WALLET_SIGN_IN_INVALID: 400,
  HOLD_LIMIT_REACHED: 429,
  HOLD_COOLDOWN: 429,
  RATE_LIMITED: 429,
  INVALID_REQUEST: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  COLLECTION_NOT_FOUND: 404,
  COLLECTION_NOT_LAUNCHED: 403,
  PHASE_NOT_FOUND: 404,
  PHASE_NOT_PEGGED: 409,
  PHASE_NOT_DUTCH: 409,
  PRICE_UNAVAILABLE: 503,
  PRICE_STALE: 503,
  PRICE_MOVED: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL_ERROR: 500,
  CHAIN_UNAVAILABLE: 503,
  SERVER_BUSY: 503,
  LAUNCH_REFUSED: 409,
  UPLOAD_NOT_FOUND: 404,
  UPLOAD_PATH_REFUSED: 400,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_RANGE_INVALID: 400,
  UPLOAD_OFFSET_MISMATCH: 409,
  UPLOAD_BUSY: 409,
  UPLOAD_LIMIT_REACHED: 429,
  UPLOAD_HAS_PROBLEMS: 422,
  PROFILE_NAME_INVALID: 400,
  PROFILE_NAME_RESERVED: 400,
  PROFILE_NAME_IMPERSONATION: 400,
  PROFILE_NAME_TAKEN: 409,
  PROFILE_BLOCKED: 403,
  AVATAR_NOT_HELD: 409,
  NFT_NOT_FOUND: 404,
  STUDIO_NOT_ALLOWED: 403,
  ALLOWLIST_INVALID: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes only the creator studio answers: their sentences ship with the studio's pages, never the public ones. */
/** The studio's upload codes (app/api/studio/uploads). */
export type StudioUploadErrorCode = Extract<ErrorCode, `UPLOAD_${string}`>;
export type StudioOnlyCode = "STUDIO_NOT_ALLOWED" | "ALLOWLIST_INVALID" | StudioUploadErrorCode;

export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** When each code is answered; rendered in the partner docs next to the status. */
export const ERROR_CODE_DESCRIPTIONS = {
  API_KEY_REQUIRED: "No X-API-Key header and the request does not come from the site itself.",
  API_KEY_INVALID: "The key is malformed, unknown or revoked.",
  ORIGIN_NOT_ALLOWED: "The key has an origin list and the request's Origin is not on it, or no Origin was sent.",
  COLLECTION_NOT_IN_SCOPE: "The key was not issued for that drop (answered the same whether or not the drop exists).",
  SANDBOX_KEY_ON_MAINNET: "A sandbox (test) key was used on a production chain.",
  PARTNER_KEY_NOT_ALLOWED:
    "The first-party router (/api/public) answers the site's own pages only: any X-API-Key, valid or not, is refused. Partners use /api/v1.",
  AUTH_UNAVAILABLE: "The key could not be checked right now. Retry; this is not a denial.",
  CLIENT_BROADCAST_NOT_ALLOWED: "A transaction hash was sent to execute-mint; send the signed transaction instead.",
  CHAIN_NOT_SUPPORTED_BY_SURFACE: "v1 mints on Solana only.",
  INSUFFICIENT_BALANCE:
    "The wallet cannot pay for the mint (its SOL, or for a price in a token its balance of that token less its other live sessions' share); nothing was reserved.",
  WALLET_BLOCKED: "The wallet is held or blocked (body: reason, blockedUntil, permanent).",
  ASSET_BANNED:
    "The operator has banned this drop (a takedown): prepare and execute refuse it until it is unbanned; reads still answer (body: reason).",
  COLLECTION_RATE_LIMITED:
    "Too many prepares by one caller for one wallet on this drop (past its prepare budget, x-rate-limits.prepares in the OpenAPI document; body: retryAfter in seconds).",
  ALREADY_PROCESSING: "This session is being submitted by another call; check the wallet, do not resubmit.",
  ALREADY_COMPLETED: "This session has already minted.",
  SESSION_NOT_FOUND: "No such mint session.",
  SESSION_EXPIRED:
    "The mint session expired (its lifetime passed, or the service's signing secret changed since prepare); prepare a new mint.",
  SESSION_SUPERSEDED:
    "A newer prepare for the same wallet and drop replaced this unsigned session; execute the newer one, or prepare again.",
  BATCH_REQUIRED:
    "The session belongs to a prepare of several NFTs: hand its transactions back together through POST /execute-mint/batch.",
  BONUS_WITHOUT_PURCHASE:
    "A bonus (buy N get M) NFT is signed only after the purchases it rewards have landed: send it in the same batch as its paid transactions (they are executed first).",
  MINT_NOT_SUPPORTED_BY_SURFACE:
    "The core mint flow does not support this drop or phase (body: mintUrl, the hosted mint page, or null).",
  PHASE_NOT_ACTIVE: "The phase is not active on the server clock (upcoming or ended).",
  NOT_ELIGIBLE: "The wallet meets none of the gated phase's requirements.",
  WALLET_LIMIT_REACHED:
    "The wallet has no mints left in this phase (its limit counts bonus mints and live reservations).",
  SOLD_OUT: "Nothing is left to mint in this phase or drop (live reservations count until they expire).",
  TRANSACTION_MISMATCH:
    "The signed transaction is not the one prepared for this session (changed, reordered or from another session); nothing was sent.",
  INVALID_SIGNATURE: "A required signature of the transaction is missing or does not verify; nothing was sent.",
  TRANSACTION_REJECTED:
    "The chain refused or failed the transaction; the session is closed and its NFT released. Prepare a new mint.",
  OUTCOME_PENDING:
    "The transaction was sent but its outcome is not known yet. Check the wallet; never resubmit. The service settles it.",
  CLAIM_CODE_INVALID:
    "The claimCode sent to prepare-mint cannot be used for this mint: unknown to this drop, disabled, expired, used up (by every wallet or by this one), for another phase, or of a kind prepare-mint does not apply.",
  CLAIM_CODE_EXTERNAL:
    "The claimCode sent to prepare-mint is an external code: it is redeemed on the creator's own page (body: externalUrl, or null), not by a mint here. Nothing was reserved.",
  WALLET_PROOF_REQUIRED:
    "A prepare without a key names a wallet this browser has not signed in with (Sign In With Solana, POST /api/public/wallet-session/sign-in). Sign in with that wallet, then prepare again.",
  WALLET_SIGN_IN_INVALID:
    "The sign-in message or its signature does not prove the wallet: not the SIWS format, another domain or address, an unknown, used or expired nonce, an expired message, or a signature that does not verify. The sentence names which; ask for a new nonce.",
  HOLD_LIMIT_REACHED:
    "The caller (its key, or its network without a key) already holds its share of this phase in live reservations, whatever wallets they are for (see Reservations on /docs). Sign or let some expire first. Body: retryAfter in seconds.",
  HOLD_COOLDOWN:
    "Too many of this wallet's or caller's reservations ended unsigned lately: no new hold until the cooldown ends (see Reservations on /docs). Body: retryAfter in seconds.",
  RATE_LIMITED: "Too many requests. Wait Retry-After seconds (also retryAfter in the body).",
  INVALID_REQUEST: "A path parameter, query parameter or body field is missing or invalid.",
  INVALID_JSON: "The request body is not valid JSON.",
  UNSUPPORTED_MEDIA_TYPE: "POST bodies must be sent as Content-Type: application/json.",
  PAYLOAD_TOO_LARGE: "The request body exceeds the size limit (see Limits on /docs); the connection is closed.",
  REQUEST_TIMEOUT:
    "The request body did not arrive in full within the body deadline (see Limits on /docs); nothing was done and the connection is closed.",
  COLLECTION_NOT_FOUND: "No drop has that identifier (only for callers who may see every drop).",
  COLLECTION_NOT_LAUNCHED:
    "A request without a key (the site itself) asked about a drop that has not launched yet: only its teaser is public, on the site's own router (GET /api/public/collection/{identifier}). Answered by every v1 route naming the drop, the collection route included. A key issued for the drop reads it in full.",
  PHASE_NOT_FOUND: "No phase has that id (only for callers who may see every drop).",
  PHASE_NOT_PEGGED: "The phase is not priced by a peg (or its peg settings are incomplete); there is no pegged quote.",
  PHASE_NOT_DUTCH:
    "The phase is not a dutch auction (or its auction settings are incomplete); there is no dutch price.",
  PRICE_UNAVAILABLE: "No token price is available to quote with right now. Retry; never treat it as a price of 0.",
  PRICE_STALE:
    "A pegged phase's only price is older than the token-price cache lifetime (the provider failed): prepare-mint never charges a stale quote. Nothing was reserved; retry once prices are fresh.",
  PRICE_MOVED:
    "A pegged phase's live price is above the quote the buyer sent (quotedTokenAmount) plus its slippageTolerance. Body: tokenAmount (the live quote), quotedTokenAmount, slippageTolerance. Nothing was reserved; get a new quote.",
  NOT_FOUND: "No such endpoint or resource.",
  METHOD_NOT_ALLOWED: "The endpoint does not accept this HTTP method.",
  INTERNAL_ERROR: "Something failed on our side. Retry later.",
  CHAIN_UNAVAILABLE:
    "The chain could not be read right now (holdings for a gate, for example). Retry; this is not a verdict.",
  LAUNCH_REFUSED:
    "`npm run drop` (the admin endpoint behind it) refused a create or update: the short ID belongs to another drop, a mint is in progress, or the change would break NFTs already sold. The sentence names which.",
  UPLOAD_NOT_FOUND:
    "No studio upload has that id for the signed-in creator (it never existed, belongs to another wallet, was launched, or was removed after a day untouched).",
  UPLOAD_PATH_REFUSED:
    "A file's path is not a plain path inside the folder: absolute, with `..` or `.`, a backslash, a control character or a hidden segment, or not in the upload's manifest. Body: problems (each file and why).",
  UPLOAD_TOO_LARGE:
    "The upload breaks a size limit (files, bytes per file, bytes in all, or bytes per request); the limits are in the upload's status and on /docs.",
  UPLOAD_RANGE_INVALID:
    "The Content-Range header is malformed, or does not match the body's length or the file's size in the manifest.",
  UPLOAD_OFFSET_MISMATCH:
    "The byte range does not start where the file's received bytes end; nothing was written. Body: received (resume from there).",
  UPLOAD_BUSY: "This upload is being launched right now, by this instance or another; retry when it has finished.",
  UPLOAD_LIMIT_REACHED:
    "The wallet has as many open uploads as it may; launch one, or wait a day for an abandoned one to be removed.",
  UPLOAD_HAS_PROBLEMS:
    "The folder has problems that `npm run drop -- validate` would refuse, or files not yet uploaded; nothing was launched. Body: problems (file, JSON path, message) and missingFiles.",
  SERVER_BUSY:
    "The service is at capacity right now and did nothing with this request. Retry after Retry-After seconds (also retryAfter in the body).",
  PROFILE_NAME_INVALID:
    "The display name breaks the length or character rules (see Profiles on /docs): 3 to 24 letters A-Z, digits, spaces, '.', '_' or '-', starting and ending with a letter or digit, no two spaces in a row.",
  PROFILE_NAME_RESERVED:
    "The display name is or contains a reserved word (the site's name, staff titles; see Profiles on /docs).",
  PROFILE_NAME_IMPERSONATION:
    "The display name looks like a wallet address (whole or shortened) or is the name or short ID of a drop.",
  PROFILE_NAME_TAKEN: "Another wallet already shows this display name (compared ignoring case).",
  PROFILE_BLOCKED:
    "The operator has blocked this wallet from profiles and reactions (body: reason); reads still show it without a name or avatar.",
  AVATAR_NOT_HELD:
    "The avatar NFT is not in the signed-in wallet on this deployment's chain right now (it was never there, or it has left).",
  NFT_NOT_FOUND: "No NFT minted on Dropmint has that mint address or id.",
  STUDIO_NOT_ALLOWED:
    "The signed-in wallet may not create drops here: the operator lists creators (STUDIO_CREATORS=allowlist, CREATOR_WALLETS).",
  ALLOWLIST_INVALID:
    "An allowlist upload has bad lines; body: problems, each { line, reason } (line null for the whole file). Nothing was changed.",
} as const satisfies Record<ErrorCode, string>;
