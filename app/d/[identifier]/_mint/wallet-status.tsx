// The connected wallet: its address (shortened), Disconnect, and on the local chain a faucet.
"use client";

import { useState } from "react";
import { describeError } from "@/lib/client/error-messages";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys, useDropmint, useLocalBalance, useLocalStablecoin } from "@/lib/client/query";
import type { WalletBridge } from "./wallet-bridge";
import { formatSol, formatTokenAmount, shortWallet } from "@/lib/format";

const TEST_SOL = 2;
/** Whole test stablecoins per press: enough for a few mints of the stablecoin demo drop. */
const TEST_STABLECOIN = 20;

export type WalletStatusProps = { wallet: WalletBridge; address: string };

export function WalletStatus({ wallet, address }: WalletStatusProps) {
  const { cluster } = useDropmint();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        {/* One line at any width: the wallet's name gives way (ellipsis) before the address wraps. */}
        <p className="flex min-w-0 items-baseline gap-1 whitespace-nowrap text-sm">
          <span className="min-w-0 truncate text-slate-400">{wallet.walletName ?? "Wallet"} ·</span>
          <span
            data-testid="wallet-address"
            data-address={address}
            title={address}
            className="shrink-0 font-mono font-medium"
          >
            {shortWallet(address)}
          </span>
        </p>
        <button
          type="button"
          onClick={() => void wallet.disconnect()}
          className="shrink-0 rounded-lg px-2 py-1 text-sm text-slate-300 hover:bg-white/10 hover:text-white"
        >
          Disconnect
        </button>
      </div>
      {wallet.renewBurner && <BurnerNote renew={wallet.renewBurner} />}
      {cluster === "localnet" && <Faucet key={address} address={address} />}
      {cluster === "localnet" && <StablecoinFaucet key={`${address}-stablecoin`} address={address} />}
    </div>
  );
}

/** The burner's key is a throwaway kept in this browser: say so, and offer a fresh one. */
function BurnerNote({ renew }: { renew(): void }) {
  return (
    <p className="text-xs text-slate-400" data-testid="burner-note">
      A throwaway test key for the local chain, kept in this browser only: never send it real funds.{" "}
      <button type="button" onClick={renew} className="font-semibold text-slate-200 underline underline-offset-4">
        Start a new burner
      </button>
    </p>
  );
}

type FaucetState = { kind: "idle" } | { kind: "busy" } | { kind: "failed"; error: unknown };

/** Local chain only: test SOL for this wallet, and its balance as the chain reports it (re-read after mints). */
function Faucet({ address }: { address: string }) {
  const { client, cluster } = useDropmint();
  const queryClient = useQueryClient();
  const balance = useLocalBalance(address);
  const [state, setState] = useState<FaucetState>({ kind: "idle" });
  async function request() {
    setState({ kind: "busy" });
    try {
      const result = await client.requestAirdrop(address, TEST_SOL);
      queryClient.setQueryData(queryKeys.localBalance(cluster, address), result.balance);
      setState({ kind: "idle" });
    } catch (error) {
      setState({ kind: "failed", error });
    }
  }
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => void request()}
        disabled={state.kind === "busy"}
        className="rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium hover:bg-white/10 disabled:opacity-60"
      >
        Get test SOL
      </button>
      <p className="text-sm tabular-nums" aria-live="polite">
        {state.kind === "busy" && <span className="text-slate-300">Sending {TEST_SOL} test SOL…</span>}
        {state.kind !== "busy" && balance.data !== undefined && <span>Balance: {formatSol(BigInt(balance.data))}</span>}
      </p>
      {state.kind === "failed" && (
        <p role="alert" className="w-full text-sm text-amber-300">
          {describeError(state.error)}
        </p>
      )}
    </div>
  );
}

/** Local chain only: the test stablecoin (DUSD) drops priced in a token are paid in, and this wallet's balance of it. */
function StablecoinFaucet({ address }: { address: string }) {
  const { client, cluster } = useDropmint();
  const queryClient = useQueryClient();
  const balance = useLocalStablecoin(address);
  const [state, setState] = useState<FaucetState>({ kind: "idle" });
  const symbol = balance.data?.symbol ?? "DUSD";
  async function request() {
    setState({ kind: "busy" });
    try {
      const result = await client.requestTestStablecoin(address, TEST_STABLECOIN);
      queryClient.setQueryData(queryKeys.localStablecoin(cluster, address), { success: true as const, ...result });
      setState({ kind: "idle" });
    } catch (error) {
      setState({ kind: "failed", error });
    }
  }
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => void request()}
        disabled={state.kind === "busy"}
        className="rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium hover:bg-white/10 disabled:opacity-60"
      >
        Get test {symbol}
      </button>
      <p className="text-sm tabular-nums" aria-live="polite" data-testid="stablecoin-balance">
        {state.kind === "busy" && (
          <span className="text-slate-300">
            Sending {TEST_STABLECOIN} test {symbol}…
          </span>
        )}
        {state.kind !== "busy" && balance.data && (
          <span>{formatTokenAmount(balance.data.amountRaw, balance.data.decimals, symbol)}</span>
        )}
      </p>
      {state.kind === "failed" && (
        <p role="alert" className="w-full text-sm text-amber-300">
          {describeError(state.error)}
        </p>
      )}
    </div>
  );
}
