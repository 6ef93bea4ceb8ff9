// The studio's isolation matrix (issue 26, item 6), table-driven: every studio endpoint is a
// row, and every row is called as each actor of the matrix. Add a row for each new endpoint
// (tests/api/studio-isolation.test.ts runs them all, on PGlite and on PostgreSQL).
//
//   actor        what it sends                                       expected
//   owner        creator A's cookie, X-Studio-Wallet: A, site Origin row.ok
//   admin        an ADMIN_WALLETS wallet's cookie                    row.ok
//   other        creator B's cookie (B has drops of its own)         404 COLLECTION_NOT_FOUND, or row.other
//   stranger     a signed-in wallet the operator did not let in      403 STUDIO_NOT_ALLOWED
//   signedOut    no cookie (X-Studio-Wallet: A)                      401 WALLET_PROOF_REQUIRED
//   partnerKey   A's cookie and a valid partner key for A's drop     403 PARTNER_KEY_NOT_ALLOWED
//   bearer       A's cookie and an Authorization header              403 PARTNER_KEY_NOT_ALLOWED
//   crossSite    A's cookie, Origin of another site                  403 ORIGIN_NOT_ALLOWED
//   crossFetch   A's cookie, no Origin, Sec-Fetch-Site: cross-site   403 ORIGIN_NOT_ALLOWED
//   wrongWallet  A's cookie naming B in X-Studio-Wallet              401 WALLET_PROOF_REQUIRED
import { Keypair } from "@solana/web3.js";
import { callJson } from "../helpers/route-caller";
import type { TestApp } from "../helpers/test-app";
import { TEST_SITE_ORIGIN } from "../helpers/test-app";
import { signInCookie } from "../helpers/wallet-sign-in";

/** What the rows may name: creator A's and B's drops (short IDs and UUIDs) and A's things. */
export type MatrixFixtures = {
  dropA: { id: string; shortId: string };
  dropB: { id: string; shortId: string };
  /** Per-row state a row's `prepare` made (e.g. a key or batch id), by row name. */
  made: Record<string, string>;
};

export type ActorName =
  | "owner"
  | "admin"
  | "other"
  | "stranger"
  | "signedOut"
  | "partnerKey"
  | "bearer"
  | "crossSite"
  | "crossFetch"
  | "wrongWallet";

export type Answer = { status: number; body: Record<string, any> | null; text: string };

export type StudioEndpointRow = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (f: MatrixFixtures) => string;
  body?: (f: MatrixFixtures) => unknown;
  /** What the owner and an admin get. */
  ok: number;
  /**
   * Creator B's answer when it is not the 404 of another creator's drop (lists: B's own
   * answer, checked here to hold nothing of A's).
   */
  other?: (answer: Answer, f: MatrixFixtures) => void;
  /** Made before the row runs (e.g. creates the key a revoke row names); its result is `f.made[row.name]`. */
  prepare?: (app: TestApp, f: MatrixFixtures, as: StudioActors) => Promise<string>;
  /** Run `prepare` again before the owner's and the admin's call (the call uses up what it made). */
  fresh?: boolean;
};

export type StudioActors = Record<ActorName, Record<string, string>> & {
  wallets: { a: Keypair; b: Keypair; admin: Keypair; stranger: Keypair };
};

const EVIL_ORIGIN = "https://evil.example";

/** The environment the matrix runs in: an allowlist of A and B, and one admin. */
export function matrixEnv(wallets: StudioActors["wallets"]): Record<string, string> {
  return {
    STUDIO_CREATORS: "allowlist",
    CREATOR_WALLETS: `${wallets.a.publicKey.toBase58()},${wallets.b.publicKey.toBase58()}`,
    ADMIN_WALLETS: wallets.admin.publicKey.toBase58(),
  };
}

export function matrixWallets(): StudioActors["wallets"] {
  return { a: Keypair.generate(), b: Keypair.generate(), admin: Keypair.generate(), stranger: Keypair.generate() };
}

/** Every actor's headers (signs A, B, the admin and the stranger in for real). */
export async function matrixActors(wallets: StudioActors["wallets"], partnerKey: string): Promise<StudioActors> {
  const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.77" };
  const as = async (wallet: Keypair) => ({
    ...site,
    cookie: await signInCookie(wallet, site),
    "x-studio-wallet": wallet.publicKey.toBase58(),
  });
  const owner = await as(wallets.a);
  const other = await as(wallets.b);
  const { origin: _origin, ...ownerWithoutOrigin } = owner;
  return {
    wallets,
    owner,
    other,
    admin: await as(wallets.admin),
    stranger: await as(wallets.stranger),
    signedOut: { ...site, "x-studio-wallet": wallets.a.publicKey.toBase58() },
    partnerKey: { ...owner, "x-api-key": partnerKey },
    bearer: { ...owner, authorization: `Bearer ${partnerKey}` },
    crossSite: { ...owner, origin: EVIL_ORIGIN },
    crossFetch: { ...ownerWithoutOrigin, "sec-fetch-site": "cross-site" },
    wrongWallet: { ...owner, "x-studio-wallet": wallets.b.publicKey.toBase58() },
  };
}

/** The refusals every row gets, whatever it is: actor → [status, code]. */
export const REFUSALS: ReadonlyArray<[ActorName, number, string]> = [
  ["stranger", 403, "STUDIO_NOT_ALLOWED"],
  ["signedOut", 401, "WALLET_PROOF_REQUIRED"],
  ["partnerKey", 403, "PARTNER_KEY_NOT_ALLOWED"],
  ["bearer", 403, "PARTNER_KEY_NOT_ALLOWED"],
  ["crossSite", 403, "ORIGIN_NOT_ALLOWED"],
  ["crossFetch", 403, "ORIGIN_NOT_ALLOWED"],
  ["wrongWallet", 401, "WALLET_PROOF_REQUIRED"],
];

const asA = (_f: MatrixFixtures, as: StudioActors) => ({ ...as.owner });
const made = (f: MatrixFixtures, row: string) => f.made[row] ?? "missing";
const sampleWallet = "B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d";

async function studioCall(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const answer = await callJson(method, url, { headers, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
  return answer.body!;
}

/** A fresh batch of A's drop (made as A through the studio itself). */
async function newBatch(_app: TestApp, f: MatrixFixtures, as: StudioActors): Promise<string> {
  const body = { name: "Matrix", grantType: "free_mint", count: 2 };
  const answer = await studioCall("POST", `/api/studio/drops/${f.dropA.shortId}/claim-codes`, asA(f, as), body);
  return answer.batch.id as string;
}

/** The rows: every studio endpoint. Keep it complete; the isolation test checks it against app/api/studio. */
export const STUDIO_ENDPOINTS: StudioEndpointRow[] = [
  {
    name: "list drops",
    method: "GET",
    path: () => "/api/studio/drops",
    ok: 200,
    other: (answer, f) => {
      const ids = (answer.body?.drops as Array<{ id: string }>).map((drop) => drop.id);
      if (answer.status !== 200 || ids.includes(f.dropA.id) || !ids.includes(f.dropB.id))
        throw new Error(`B's list must hold B's drop and not A's: ${answer.text}`);
    },
  },
  { name: "get drop by short ID", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.shortId}`, ok: 200 },
  { name: "get drop by UUID", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.id}`, ok: 200 },
  {
    name: "edit page and socials",
    method: "PATCH",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}`,
    body: () => ({ twitter: "@moths_matrix", discord: "https://discord.gg/moths" }),
    ok: 200,
  },
  { name: "list phases", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.shortId}/phases`, ok: 200 },
  {
    name: "replace phases",
    method: "PUT",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/phases`,
    body: (f) => JSON.parse(made(f, "replace phases")),
    ok: 200,
    prepare: async (app, f, as) => {
      const { phases } = await studioCall("GET", `/api/studio/drops/${f.dropA.shortId}/phases`, asA(f, as));
      const edited = (phases as Array<Record<string, unknown>>).map(
        ({ id: _id, allowlistSize, priceSol: _sol, ...phase }) => ({
          ...phase,
          allowlist: allowlistSize === null ? null : "keep",
          maxPerWallet: 3,
        }),
      );
      return JSON.stringify({ phases: edited });
    },
  },
  {
    name: "upload allowlist",
    method: "PUT",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/phases/${made(f, "upload allowlist")}/allowlist`,
    body: () => ({ format: "csv", text: `wallet\n${sampleWallet}\n` }),
    ok: 200,
    prepare: async (app, f, as) => {
      const { phases } = await studioCall("GET", `/api/studio/drops/${f.dropA.shortId}/phases`, asA(f, as));
      return (phases as Array<{ id: string }>)[0]!.id;
    },
  },
  {
    name: "list claim-code batches",
    method: "GET",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/claim-codes`,
    ok: 200,
  },
  {
    name: "generate claim codes",
    method: "POST",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/claim-codes`,
    body: () => ({ name: "Matrix generated", grantType: "discount", discountPercent: 50, count: 3 }),
    ok: 200,
  },
  {
    name: "export claim codes",
    method: "GET",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/claim-codes/${made(f, "export claim codes")}/export`,
    ok: 200,
    prepare: newBatch,
    fresh: true,
  },
  {
    name: "revoke claim codes",
    method: "DELETE",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/claim-codes/${made(f, "revoke claim codes")}`,
    ok: 200,
    prepare: newBatch,
    fresh: true,
  },
  { name: "list bounties", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.shortId}/bounties`, ok: 200 },
  { name: "get reveal settings", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.shortId}/reveal`, ok: 200 },
  {
    name: "replace bounties",
    method: "PUT",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/bounties`,
    body: () => ({ bounties: [{ name: "Fifth moth", triggerMintCount: 5, prize: { kind: "free_mint" } }] }),
    ok: 200,
  },
  {
    // examples/sugar-drop has no hidden settings: the owner's answer is the 400 that says so.
    name: "reveal settings",
    method: "PUT",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/reveal`,
    body: () => ({ revealAt: "2030-01-01T00:00:00.000Z" }),
    ok: 400,
  },
  { name: "audit log", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.shortId}/audit`, ok: 200 },
  {
    name: "list keys",
    method: "GET",
    path: () => "/api/studio/keys",
    ok: 200,
    prepare: async (app, f, as) => {
      const body = { keyClass: "live", drops: [f.dropA.shortId], label: "A's key" };
      return (await studioCall("POST", "/api/studio/keys", asA(f, as), body)).summary.id as string;
    },
    other: (answer, f) => {
      const ids = (answer.body?.keys as Array<{ id: string }>).map((key) => key.id);
      if (answer.status !== 200 || ids.includes(made(f, "list keys")))
        throw new Error(`B's keys must not hold A's: ${answer.text}`);
    },
  },
  {
    name: "create key",
    method: "POST",
    path: () => "/api/studio/keys",
    body: (f) => ({ keyClass: "live", drops: [f.dropA.shortId] }),
    ok: 200,
  },
  {
    name: "revoke key",
    method: "DELETE",
    path: (f) => `/api/studio/keys/${made(f, "revoke key")}`,
    ok: 200,
    prepare: async (app, f, as) => {
      const body = { keyClass: "live", drops: [f.dropA.shortId] };
      return (await studioCall("POST", "/api/studio/keys", asA(f, as), body)).summary.id as string;
    },
    fresh: true,
    other: (answer) => {
      if (answer.status !== 404 || answer.body?.code !== "NOT_FOUND")
        throw new Error(`B must not revoke A's key: ${answer.text}`);
    },
  },
  { name: "dashboard", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.id}/dashboard`, ok: 200 },
  {
    name: "dashboard by short ID",
    method: "GET",
    path: (f) => `/api/studio/drops/${f.dropA.shortId}/dashboard`,
    ok: 200,
  },
  { name: "mints CSV", method: "GET", path: (f) => `/api/studio/drops/${f.dropA.id}/mints.csv`, ok: 200 },
];

// ---------------------------------------------------------------------------------------
// The studio's uploads (app/api/studio/uploads): rows name A's upload, made once per app.
// Another creator gets the 404 of an upload that does not exist; an admin acts on any.

const uploadsOf = new WeakMap<TestApp, Promise<string>>();
/** A one-file upload (config.json, 3 bytes: the JSON text "x" the rows send), as `headers`' wallet. */
async function oneFileUpload(headers: Record<string, string>): Promise<string> {
  const made = await callJson("POST", "/api/studio/uploads", { headers, body: { files: [UPLOAD_FILE] } });
  if (made.status !== 200) throw new Error(`upload: ${made.text}`);
  return made.body!.uploadId as string;
}
const UPLOAD_FILE = { path: "config.json", size: 3 };
const sharedUpload = (app: TestApp, as: StudioActors) => {
  if (!uploadsOf.has(app)) uploadsOf.set(app, oneFileUpload(as.owner));
  return uploadsOf.get(app)!;
};

/** B's answer for A's upload: 404 UPLOAD_NOT_FOUND, the same body as for no upload at all. */
const notBsUpload = (answer: Answer) => {
  if (answer.status !== 404 || answer.body?.code !== "UPLOAD_NOT_FOUND" || answer.body?.error !== "No such upload.")
    throw new Error(`B must get the 404 of a missing upload: ${answer.status} ${answer.text}`);
};

const uploadRow = (
  name: string,
  method: StudioEndpointRow["method"],
  tail: string,
  ok: number,
  body?: unknown,
): StudioEndpointRow => ({
  name,
  method,
  path: (f) => `/api/studio/uploads/${f.made[name]}${tail}`,
  ...(body !== undefined ? { body: () => body } : {}),
  ok,
  other: notBsUpload,
  prepare: (app, _f, as) => sharedUpload(app, as),
});

STUDIO_ENDPOINTS.push(
  {
    name: "start an upload",
    method: "POST",
    path: () => "/api/studio/uploads",
    body: () => ({ files: [UPLOAD_FILE] }),
    ok: 200,
    other: (answer) => {
      if (answer.status !== 200) throw new Error(`B starts uploads of its own: ${answer.text}`);
    },
  },
  uploadRow("upload status", "GET", "", 200),
  // The whole 3-byte file ("x" as JSON); the owner's PUT completes it, the admin's finds it done.
  uploadRow("put a file", "PUT", "/files/config.json", 200, "x"),
  uploadRow("read an uploaded file", "GET", "/files/config.json", 200),
  // A JSON body is not a batch: reaching the 415 proves the caller got through.
  uploadRow("put a batch of files", "POST", "/files", 415, { files: [] }),
  uploadRow("validate an upload", "POST", "/validate", 200),
  // config.json is not a Sugar config: the launch is refused with every problem listed.
  uploadRow("launch an upload", "POST", "/launch", 422),
  {
    name: "discard an upload",
    method: "DELETE",
    path: (f) => `/api/studio/uploads/${f.made["discard an upload"]}`,
    ok: 200,
    other: (answer) => {
      if (answer.status !== 200 || answer.body?.removed !== false)
        throw new Error(`B's discard of A's upload removes nothing and says so like for none: ${answer.text}`);
    },
    prepare: (_app, _f, as) => oneFileUpload(as.owner),
  },
);
