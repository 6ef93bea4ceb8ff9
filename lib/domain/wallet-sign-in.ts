// Sign In With Solana: the text a wallet signs to prove it controls an address, and the rules
// the server checks it by. Pure (no clock, no crypto): the service passes `now` and verifies
// the ed25519 signature itself.
//
// The text follows the SIWS message format (the one Wallet Standard `solana:signIn` wallets
// build from its input, and the one `signMessage` is given where a wallet lacks that feature):
//
//   <domain> wants you to sign in with your Solana account:
//   <address>
//
//   <statement>
//
//   URI: <uri>
//   Version: 1
//   Chain ID: <chain>
//   Nonce: <nonce>
//   Issued At: <ISO 8601>
//   Expiration Time: <ISO 8601>
//
// The server insists on its own domain, the named address, a nonce it handed out (single
// use), an issue time no older than the nonce and an expiry still ahead.

/** How long a nonce may wait for its signature. */
export const SIGN_IN_NONCE_TTL_MS = 5 * 60_000;
/** The longest a proven wallet session lives (one visit); the message's expiry may shorten it. */
export const WALLET_SESSION_MAX_MS = 12 * 60 * 60_000;
/** Clocks of the wallet's device and the server may differ this much. */
export const SIGN_IN_CLOCK_SKEW_MS = 60_000;
export const SIGN_IN_STATEMENT = "Sign in to Dropmint to reserve and mint with this wallet.";

export type SignInFields = {
  domain: string;
  address: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
};

const HEADER = " wants you to sign in with your Solana account:";

const FIELD_LABELS = [
  ["uri", "URI"],
  ["version", "Version"],
  ["chainId", "Chain ID"],
  ["nonce", "Nonce"],
  ["issuedAt", "Issued At"],
  ["expirationTime", "Expiration Time"],
] as const;

/** The message text for these fields, in the SIWS order. */
export function signInMessageText(fields: SignInFields): string {
  const head = `${fields.domain}${HEADER}\n${fields.address}`;
  const statement = fields.statement ? `\n\n${fields.statement}` : "";
  const lines = FIELD_LABELS.filter(([key]) => fields[key] !== undefined).map(
    ([key, label]) => `${label}: ${fields[key]}`,
  );
  return `${head}${statement}\n\n${lines.join("\n")}`;
}

/** The fields of a SIWS text, or null when it is not one (wallets may add fields; unknown ones are ignored). */
export function parseSignInMessage(text: string): SignInFields | null {
  const lines = text.split("\n");
  const domain = lines[0]?.endsWith(HEADER) ? lines[0].slice(0, -HEADER.length) : null;
  const address = lines[1]?.trim();
  if (!domain || !address) return null;
  const values = new Map<string, string>();
  let statement: string | undefined;
  for (const line of lines.slice(2)) {
    const label = FIELD_LABELS.find(([, name]) => line.startsWith(`${name}: `));
    if (label) values.set(label[0], line.slice(label[1].length + 2));
    else if (line.trim() && values.size === 0 && statement === undefined) statement = line;
  }
  const nonce = values.get("nonce");
  const issuedAt = values.get("issuedAt");
  const expirationTime = values.get("expirationTime");
  if (!nonce || !issuedAt || !expirationTime) return null;
  return {
    domain,
    address,
    statement,
    uri: values.get("uri"),
    version: values.get("version"),
    chainId: values.get("chainId"),
    nonce,
    issuedAt,
    expirationTime,
  };
}

export type SignInProblem = "MALFORMED" | "WRONG_DOMAIN" | "WRONG_ADDRESS" | "ISSUED_IN_FUTURE" | "TOO_OLD" | "EXPIRED";

/**
 * Whether a parsed message proves `address` for `domains` at `now`; the nonce's own checks
 * (issued by us, unused) and the signature are the service's. Returns the problem, or the
 * session's end: the message's expiry, no later than WALLET_SESSION_MAX_MS from now.
 */
export function checkSignIn(
  fields: SignInFields,
  expect: { address: string; domains: readonly string[]; now: Date },
): { problem: SignInProblem } | { sessionEndsAt: Date } {
  const issued = Date.parse(fields.issuedAt);
  const expires = Date.parse(fields.expirationTime);
  const now = expect.now.getTime();
  if (Number.isNaN(issued) || Number.isNaN(expires)) return { problem: "MALFORMED" };
  if (!expect.domains.includes(fields.domain)) return { problem: "WRONG_DOMAIN" };
  if (fields.address !== expect.address) return { problem: "WRONG_ADDRESS" };
  if (issued > now + SIGN_IN_CLOCK_SKEW_MS) return { problem: "ISSUED_IN_FUTURE" };
  if (issued < now - SIGN_IN_NONCE_TTL_MS - SIGN_IN_CLOCK_SKEW_MS) return { problem: "TOO_OLD" };
  if (expires <= now) return { problem: "EXPIRED" };
  return { sessionEndsAt: new Date(Math.min(expires, now + WALLET_SESSION_MAX_MS)) };
}
