// What the panel knows about the wallet, handed up by the lazily loaded wallet host. This file
// imports nothing from the wallet adapter or web3.js: the initial panel depends on it alone,
// so a first visit does not download the wallet code.

import type { SignInFields } from "@/lib/client/site-client";

export type WalletBridge = {
  connected: boolean;
  connecting: boolean;
  /** Base58 address of the connected account. */
  address: string | null;
  /** The wallet's display name ("Burner Wallet", "Phantom"); prepare-mint's walletProvider. */
  walletName: string | null;
  /** The local chain's burner only: forgets its stored key and connects a new one. */
  renewBurner: (() => void) | null;
  disconnect(): Promise<void>;
  /**
   * Has the wallet sign every base64 legacy transaction in one prompt when it can, and
   * returns them carrying the wallet's signature, base64, in order. The wallet signs first;
   * the service adds its own signatures at execute.
   * Throws DropmintClientError WALLET_REJECTED, WALLET_SIGN_FAILED or WALLET_NOT_CONNECTED.
   */
  signTransactions(transactions: readonly string[]): Promise<string[]>;
  /**
   * Signs the site's Sign In With Solana message for the connected account: the wallet's
   * `solana:signIn` feature when it has one, else `signMessage` of the same text.
   * Throws DropmintClientError WALLET_REJECTED, WALLET_SIGN_FAILED or WALLET_NOT_CONNECTED.
   */
  signIn(fields: SignInFields): Promise<SignedSignIn>;
};

/** The signed text (what the wallet signed, exactly) and its ed25519 signature, base58. */
export type SignedSignIn = { message: string; signature: string };

/** The wallet adapter's own localStorage key for the chosen wallet (its default). */
export const WALLET_NAME_STORAGE_KEY = "walletName";

/** True when the collector connected a wallet on an earlier visit (the adapter remembers it). */
export function hasRememberedWallet(): boolean {
  try {
    const value = window.localStorage.getItem(WALLET_NAME_STORAGE_KEY);
    return value !== null && value !== "null";
  } catch {
    return false; // storage blocked: nothing to restore
  }
}

/** Starts downloading the wallet host; React.lazy reuses the same promise. */
export const loadWalletHost = () => import("./wallet-host");
