// The collector's own calls (not in the @dropmint/client package): signing in with a wallet,
// which wallets this browser signed in with, and, for such a wallet, its display name, avatar
// and reactions. Small on purpose: the collector's page and the drop page's reaction buttons
// ship only this.
import { sendJsonOnce } from "./policies.ts";
import { connect, type ClientConnection, type DropmintClientOptions } from "./read-client.ts";

export type SignedInWallet = { address: string; expiresAt: string };

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

/** A wallet's profile as the profile calls answer it. */
export type ProfileView = {
  address: string;
  displayName: string | null;
  avatarUrl: string | null;
  avatarMint: string | null;
  platformRank: string;
  effects: Array<{ effect_type: string | null; effect_category: string | null; config: unknown }>;
};

export type ReactionState = { nftId: string; reactions: Record<string, number>; mine: string[] };

export type ProfileCalls = {
  /** A single-use nonce and the fields to sign. Never repeated. */
  issueSignInNonce(): Promise<SignInFields & { success: true }>;
  /** The signed SIWS text (base58 signature); a valid one sets the wallet's session cookie. Never repeated. */
  signInWallet(body: { address: string; message: string; signature: string }): Promise<SignedInWallet>;
  /** The wallets this browser has signed in with (its HttpOnly cookies decide). */
  getWalletSessions(): Promise<{ success: true; wallets: SignedInWallet[] }>;
  /** The signed-in wallet's display name (null removes it). */
  setDisplayName(body: { address: string; displayName: string | null }): Promise<ProfileView>;
  /** The signed-in wallet's avatar: a Dropmint NFT it holds, by mint address (null removes it). */
  setAvatar(body: { address: string; mintAddress: string | null }): Promise<ProfileView>;
  /** Gives (active) or takes back one reaction of the signed-in wallet. */
  setReaction(body: { address: string; nftId: string; reaction: string; active: boolean }): Promise<ReactionState>;
};

// Edits are sent once: a refusal (a name taken meanwhile) is for the collector to read, not to
// retry; and each sign-in nonce is single use, so neither sign-in call is repeated.
export const profileCalls = ({ transport, get, post }: ClientConnection): ProfileCalls => ({
  issueSignInNonce: () => sendJsonOnce(transport, post("/api/public/wallet-session/nonce", {})),
  signInWallet: (body) => sendJsonOnce(transport, post("/api/public/wallet-session/sign-in", body)),
  getWalletSessions: () => get("/api/public/wallet-session"),
  setDisplayName: (body) => sendJsonOnce(transport, post("/api/public/profile/display-name", body)),
  setAvatar: (body) => sendJsonOnce(transport, post("/api/public/profile/avatar", body)),
  setReaction: (body) => sendJsonOnce(transport, post("/api/public/reactions", body)),
});

export function createProfileClient(options: DropmintClientOptions = {}): ProfileCalls {
  return profileCalls(connect(options));
}
