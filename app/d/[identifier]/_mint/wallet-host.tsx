// The wallet, loaded only when the collector goes to connect or mint (or on idle, to restore
// a wallet connected on an earlier visit). Everything from @solana/wallet-adapter-* and
// @solana/web3.js stays behind this module's dynamic import.
//
// No ConnectionProvider: the service broadcasts, the wallet only signs.
"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { WalletProvider, useWallet } from "@solana/wallet-adapter-react";
import { WalletReadyState, type Adapter, type WalletError, type WalletName } from "@solana/wallet-adapter-base";
import { Transaction } from "@solana/web3.js";
import { DropmintClientError } from "@/lib/client/errors";
import type { Cluster } from "@/lib/config";
import { WalletPickerDialog, type WalletChoice } from "./wallet-picker-dialog";
import bs58 from "bs58";
import { signInMessageText } from "@/lib/domain/wallet-sign-in";
import type { SignInFields } from "@/lib/client/site-client";
import { LocalBurnerWalletAdapter } from "./local-burner";
import { WALLET_NAME_STORAGE_KEY, type SignedSignIn, type WalletBridge } from "./wallet-bridge";

export type WalletHostProps = {
  cluster: Cluster;
  pickerOpen: boolean;
  onPickerClose(): void;
  onChange(bridge: WalletBridge | null): void;
  /** A plain sentence when connecting fails. */
  onConnectError(sentence: string): void;
};

export default function WalletHost({ cluster, ...rest }: WalletHostProps) {
  // Wallet Standard wallets are discovered by the adapter itself (wallets=[]); the burner,
  // whose throwaway key this browser keeps, exists on the local chain only.
  const wallets = useMemo<Adapter[]>(
    () => (cluster === "localnet" ? [new LocalBurnerWalletAdapter(cluster)] : []),
    [cluster],
  );
  const signingRef = useRef(false);
  const { onConnectError } = rest;
  const onError = useCallback(
    (error: WalletError) => {
      // Signing errors are answered where the signature was asked for.
      if (signingRef.current) return;
      onConnectError(connectSentence(error));
    },
    [onConnectError],
  );
  return (
    <WalletProvider wallets={wallets} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY} onError={onError}>
      <Bridge {...rest} signingRef={signingRef} />
    </WalletProvider>
  );
}

function Bridge({
  pickerOpen,
  onPickerClose,
  onChange,
  signingRef,
}: Omit<WalletHostProps, "cluster" | "onConnectError"> & { signingRef: { current: boolean } }) {
  const {
    wallets,
    wallet,
    publicKey,
    connected,
    connecting,
    select,
    connect,
    disconnect,
    signTransaction,
    signAllTransactions,
    signIn: walletSignIn,
    signMessage,
  } = useWallet();
  const address = publicKey?.toBase58() ?? null;
  const walletName = wallet?.adapter.name ?? null;
  const burner = wallet?.adapter instanceof LocalBurnerWalletAdapter ? wallet.adapter : null;
  const renewBurner = useMemo(() => (burner ? () => burner.renew() : null), [burner]);

  const signTransactions = useCallback(
    async (encoded: readonly string[]): Promise<string[]> => {
      if (!connected || (!signAllTransactions && !signTransaction)) {
        throw new DropmintClientError("WALLET_NOT_CONNECTED", "No wallet is connected.");
      }
      const transactions = encoded.map((base64) => Transaction.from(fromBase64(base64)));
      let signed: Transaction[];
      signingRef.current = true;
      try {
        // One prompt for all of them when the wallet can; otherwise one after the other.
        if (signAllTransactions) signed = await signAllTransactions(transactions);
        else {
          signed = [];
          for (const transaction of transactions) signed.push(await signTransaction!(transaction));
        }
      } catch (error) {
        throw signingError(error);
      } finally {
        signingRef.current = false;
      }
      // The wallet signs first: the service's own slots stay empty until execute fills them.
      if (
        !publicKey ||
        !signed.every((transaction) =>
          transaction.signatures.some((s) => s.signature !== null && s.publicKey.equals(publicKey)),
        )
      ) {
        throw new DropmintClientError("WALLET_SIGN_FAILED", "The wallet returned an unsigned transaction.");
      }
      try {
        return signed.map((transaction) =>
          toBase64(transaction.serialize({ requireAllSignatures: false, verifySignatures: true })),
        );
      } catch {
        // A wallet that answered with a signature that does not verify.
        throw new DropmintClientError("WALLET_SIGN_FAILED", "The wallet's signature does not verify.");
      }
    },
    [connected, publicKey, signAllTransactions, signTransaction, signingRef],
  );

  // Sign In With Solana: the wallet's own `solana:signIn` when it has one, else `signMessage` of the same text.
  const signIn = useCallback(
    async (fields: SignInFields): Promise<SignedSignIn> => {
      if (!connected || !address || (!walletSignIn && !signMessage))
        throw new DropmintClientError("WALLET_NOT_CONNECTED", "No wallet is connected.");
      signingRef.current = true;
      try {
        if (walletSignIn) {
          const output = await walletSignIn({ ...fields, address });
          return { message: new TextDecoder().decode(output.signedMessage), signature: bs58.encode(output.signature) };
        }
        const message = signInMessageText({ ...fields, address });
        return { message, signature: bs58.encode(await signMessage!(new TextEncoder().encode(message))) };
      } catch (error) {
        throw signingError(error);
      } finally {
        signingRef.current = false;
      }
    },
    [connected, address, walletSignIn, signMessage, signingRef],
  );

  useEffect(() => {
    onChange({ connected, connecting, address, walletName, renewBurner, disconnect, signTransactions, signIn });
  }, [onChange, connected, connecting, address, walletName, renewBurner, disconnect, signTransactions, signIn]);
  useEffect(() => () => onChange(null), [onChange]);

  // Close the picker once the chosen wallet has connected.
  useEffect(() => {
    if (connected && pickerOpen) onPickerClose();
  }, [connected, pickerOpen, onPickerClose]);

  const choices: WalletChoice[] = wallets
    .filter(({ readyState }) => readyState === WalletReadyState.Installed || readyState === WalletReadyState.Loadable)
    .map(({ adapter }) => ({ name: adapter.name, icon: adapter.icon }));

  return (
    <WalletPickerDialog
      open={pickerOpen}
      wallets={choices}
      connectingName={connecting ? walletName : null}
      onSelect={(name) => {
        // Selecting a wallet connects it (autoConnect); choosing the selected one again retries.
        if (name === walletName)
          void connect().catch(() => undefined); // reported through onError
        else select(name as WalletName);
      }}
      onClose={onPickerClose}
    />
  );
}

function signingError(error: unknown): DropmintClientError {
  if (error instanceof DropmintClientError) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "WalletNotConnectedError")
    return new DropmintClientError("WALLET_NOT_CONNECTED", "No wallet is connected.");
  if (isRejection(error)) return new DropmintClientError("WALLET_REJECTED", "The wallet declined to sign.");
  return new DropmintClientError(
    "WALLET_SIGN_FAILED",
    error instanceof Error ? error.message : "The wallet could not sign.",
  );
}

/** Wallets report a declined request as EIP-1193's 4001 or in words; the adapter wraps it. */
function isRejection(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current);) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === 4001) return true;
    if (typeof message === "string" && /reject|declin|denied|cancel/i.test(message)) return true;
    current = (current as { error?: unknown; cause?: unknown }).error ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

function connectSentence(error: WalletError): string {
  if (error.name === "WalletNotReadyError")
    return "That wallet is not available in this browser. Install it or choose another wallet.";
  if (isRejection(error)) return "The wallet declined to connect. Try again or choose another wallet.";
  return "The wallet did not connect. Try again or choose another wallet.";
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}
