// The site's own client (not in the @dropmint/client package): the partner client plus the
// first-party router's calls, which answer the site's pages only (any partner key is refused
// with PARTNER_KEY_NOT_ALLOWED), and, on the local chain, the faucet and balance.
import { createDropmintClient, type DropmintClient } from "./api-client.ts";
import { localnetCalls, type LocalnetClient } from "./local.ts";
import { sendJsonOnce } from "./policies.ts";
import { connect, type DropmintClientOptions } from "./read-client.ts";
import { firstPartyReads, type FirstPartyReads } from "./site-read-client.ts";
import { profileCalls, type ProfileCalls, type SignedInWallet } from "./profile-client.ts";

export { createSiteReadClient, type FirstPartyReads, type SiteReadClient } from "./site-read-client.ts";

/** The Sign In With Solana fields the server asks the wallet to sign (a `solana:signIn` input). */
export type SignInFields = {
  domain: string;
  statement: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
};
export type { ProfileView, ReactionState, SignedInWallet } from "./profile-client.ts";

export type SiteClient = DropmintClient &
  FirstPartyReads &
  LocalnetClient &
  ProfileCalls & {
    /** A single-use nonce and the fields to sign. Never repeated. */
    issueSignInNonce(): Promise<SignInFields & { success: true }>;
    /** The signed SIWS text (base58 signature); a valid one sets the wallet's session cookie. Never repeated. */
    signInWallet(body: { address: string; message: string; signature: string }): Promise<SignedInWallet>;
  };

/** The whole client, for the drop page. One connection: one pacing bucket for every call. */
export function createSiteClient(options: DropmintClientOptions = {}): SiteClient {
  const connection = connect(options);
  const { transport, post } = connection;
  return {
    ...createDropmintClient(options, connection),
    ...firstPartyReads(connection),
    ...localnetCalls(connection),
    ...profileCalls(connection),
    // The site's wallet sign-in: each nonce is single use, so neither call is repeated.
    issueSignInNonce: () => sendJsonOnce(transport, post("/api/public/wallet-session/nonce", {})),
    signInWallet: (body) => sendJsonOnce(transport, post("/api/public/wallet-session/sign-in", body)),
  };
}
