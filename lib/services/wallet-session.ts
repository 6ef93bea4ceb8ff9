// Which wallet is this, proven? Sign In With Solana (lib/domain/wallet-sign-in.ts) once per
// visit: the site asks for a nonce, the wallet signs the SIWS text, and a verified signature
// opens a wallet session. The browser keeps the session's random id in an HttpOnly cookie
// (lib/api/wallet-session.ts); the database keeps only its SHA-256, so a leaked table opens
// no session. Prepare, and anything else acting for a wallet, asks `provenWallets`.
import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import bs58 from "bs58";
import { AppError } from "@/lib/errors";
import {
  SIGN_IN_NONCE_TTL_MS,
  SIGN_IN_STATEMENT,
  WALLET_SESSION_MAX_MS,
  checkSignIn,
  parseSignInMessage,
  type SignInFields,
} from "@/lib/domain/wallet-sign-in";
import type { ServiceContext } from "./context";

type Ctx = Pick<ServiceContext, "db" | "clock" | "config">;

/** The SIWS fields the wallet is asked to sign (its `solana:signIn` input, or the text for `signMessage`). */
export async function issueSignInNonce(ctx: Ctx): Promise<Required<Omit<SignInFields, "address">>> {
  const now = ctx.clock.now();
  const nonce = bs58.encode(randomBytes(16));
  await ctx.db.walletSignInNonce.create({
    data: { nonce, expiresAt: new Date(now.getTime() + SIGN_IN_NONCE_TTL_MS) },
  });
  // Old nonces go as new ones come: the table stays the size of the last few minutes.
  await ctx.db.walletSignInNonce.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 60_000) } } });
  const site = new URL(ctx.config.publicUrl);
  return {
    domain: site.host,
    statement: SIGN_IN_STATEMENT,
    uri: site.origin,
    version: "1",
    chainId: ctx.config.cluster,
    nonce,
    issuedAt: now.toISOString(),
    expirationTime: new Date(now.getTime() + WALLET_SESSION_MAX_MS).toISOString(),
  };
}

export type SignInInput = { address: string; message: string; signature: string };
export type WalletSessionOpened = { address: string; sessionId: string; expiresAt: Date };

/** Verifies a signed SIWS message and opens a session for its wallet; every failure is WALLET_SIGN_IN_INVALID. */
export async function signInWallet(ctx: Ctx, input: SignInInput): Promise<WalletSessionOpened> {
  const now = ctx.clock.now();
  const fields = parseSignInMessage(input.message);
  if (!fields) throw invalid("The message is not a Sign In With Solana message.");
  const checked = checkSignIn(fields, { address: input.address, domains: siteDomains(ctx), now });
  if ("problem" in checked) throw invalid(PROBLEMS[checked.problem]);
  if (!signatureVerifies(input.address, input.message, input.signature))
    throw invalid("The signature does not verify for this wallet and message.");
  // Single use: the nonce is spent by the one sign-in that claims it first.
  const spent = await ctx.db.walletSignInNonce.updateMany({
    where: { nonce: fields.nonce, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (spent.count !== 1) throw invalid("The nonce is unknown, already used or expired; ask for a new one.");
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = checked.sessionEndsAt;
  await ctx.db.walletSession.create({
    data: { idHash: hashSessionId(sessionId), walletAddress: input.address, expiresAt },
  });
  // Ended sessions go as new ones come, like the nonces.
  await ctx.db.walletSession.deleteMany({ where: { expiresAt: { lt: now } } });
  return { address: input.address, sessionId, expiresAt };
}

/** The wallets whose presented session ids (address → id, from the cookies) are live sessions of that wallet. */
export async function provenWallets(
  ctx: Ctx,
  presented: ReadonlyMap<string, string>,
): Promise<Map<string, { expiresAt: Date }>> {
  const proven = new Map<string, { expiresAt: Date }>();
  if (presented.size === 0) return proven;
  const rows = await ctx.db.walletSession.findMany({
    where: { idHash: { in: [...presented.values()].map(hashSessionId) }, expiresAt: { gt: ctx.clock.now() } },
  });
  for (const [address, id] of presented) {
    const row = rows.find((r) => r.idHash === hashSessionId(id) && r.walletAddress === address);
    if (row) proven.set(address, { expiresAt: row.expiresAt });
  }
  return proven;
}

/** Whether this one wallet is proven by the presented sessions. */
export async function isWalletProven(ctx: Ctx, presented: ReadonlyMap<string, string>, address: string) {
  const id = presented.get(address);
  return id !== undefined && (await provenWallets(ctx, new Map([[address, id]]))).has(address);
}

export async function signOutWallet(ctx: Ctx, sessionId: string | undefined): Promise<void> {
  if (sessionId) await ctx.db.walletSession.deleteMany({ where: { idHash: hashSessionId(sessionId) } });
}

const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

/** The hosts a sign-in message may name: the site's own origins. */
function siteDomains(ctx: Ctx): string[] {
  return [ctx.config.publicUrl, ...ctx.config.siteOrigins].flatMap((origin) => {
    try {
      return [new URL(origin).host];
    } catch {
      return [];
    }
  });
}

/** ed25519 over the message's UTF-8 bytes; the signature in base58 (wallets) or base64. */
function signatureVerifies(address: string, message: string, signature: string): boolean {
  try {
    const publicKey = bs58.decode(address);
    const sig = /^[1-9A-HJ-NP-Za-km-z]+$/.test(signature) ? bs58.decode(signature) : Buffer.from(signature, "base64");
    if (publicKey.length !== 32 || sig.length !== 64) return false;
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk",
    });
    return verify(null, Buffer.from(message, "utf8"), key, sig);
  } catch {
    return false;
  }
}

const invalid = (sentence: string) => new AppError("WALLET_SIGN_IN_INVALID", sentence);

const PROBLEMS = {
  MALFORMED: "The message's Issued At or Expiration Time is not a date.",
  WRONG_DOMAIN: "The message names another site.",
  WRONG_ADDRESS: "The message names another wallet.",
  ISSUED_IN_FUTURE: "The message's Issued At is in the future.",
  TOO_OLD: "The message was issued too long ago; ask for a new nonce.",
  EXPIRED: "The message has expired.",
} as const;
