// The panel's part for a connected wallet: its address, balance and faucet, whether it may
// mint in the chosen phase, and how many more. Loaded by the panel once a wallet connects,
// not with the page.
"use client";

import type { Phase } from "@/lib/client/types";
import type { WalletBridge } from "./wallet-bridge";
import { EligibilityNotice, WalletAllowance } from "./wallet-standing";
import { WalletStatus } from "./wallet-status";

export type ConnectedWalletProps = { collectionId: string; phase: Phase; wallet: WalletBridge; address: string };

export function ConnectedWallet({ collectionId, phase, wallet, address }: ConnectedWalletProps) {
  return (
    <>
      <WalletStatus wallet={wallet} address={address} />
      <EligibilityNotice collectionId={collectionId} phase={phase} address={address} />
      <WalletAllowance collectionId={collectionId} phase={phase} address={address} />
    </>
  );
}
