// The wallet part of SignInButton, loaded when it is pressed: the mint panel's wallet host
// (picker, burner on the local chain, Wallet Standard wallets), and once a wallet connects,
// one Sign In With Solana round: a single-use nonce, the wallet's signature, the session.
"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import WalletHost from "@/app/d/[identifier]/_mint/wallet-host";
import type { WalletBridge } from "@/app/d/[identifier]/_mint/wallet-bridge";
import { describeError } from "@/lib/client/error-messages";
import { createProfileClient } from "@/lib/client/profile-client";
import type { Cluster } from "@/lib/config";

export type SignInFlowProps = {
  cluster: Cluster;
  onSignedIn(address: string): void;
  /** A plain sentence about where the sign-in is (or why it stopped); null clears it. */
  onStatus(sentence: string | null): void;
};

export default function SignInFlow({ cluster, onSignedIn, onStatus }: SignInFlowProps) {
  const client = useMemo(() => createProfileClient(), []);
  const [pickerOpen, setPickerOpen] = useState(true);
  const closePicker = useCallback(() => setPickerOpen(false), []);
  const [wallet, setWallet] = useState<WalletBridge | null>(null);
  // The address this flow signed in (or is signing in) with: one round per connected wallet.
  const signing = useRef<string | null>(null);

  useEffect(() => {
    const address = wallet?.connected ? wallet.address : null;
    if (!wallet || !address || signing.current === address) return;
    signing.current = address;
    void signIn(client, wallet, address, onStatus).then((done) => (done ? onSignedIn(address) : undefined));
  }, [client, wallet, onSignedIn, onStatus]);

  return (
    <WalletHost
      cluster={cluster}
      pickerOpen={pickerOpen}
      onPickerClose={closePicker}
      onChange={setWallet}
      onConnectError={onStatus}
    />
  );
}

/** Signs in unless this browser already has the wallet's session; false when it stopped. */
async function signIn(
  client: ReturnType<typeof createProfileClient>,
  wallet: WalletBridge,
  address: string,
  onStatus: (sentence: string | null) => void,
): Promise<boolean> {
  try {
    const { wallets } = await client.getWalletSessions();
    if (!wallets.some((w) => w.address === address)) {
      onStatus("Approve the sign-in message in your wallet…");
      const { success: _success, ...fields } = await client.issueSignInNonce();
      await client.signInWallet({ address, ...(await wallet.signIn(fields)) });
    }
    onStatus(null);
    return true;
  } catch (error) {
    onStatus(describeError(error));
    return false;
  }
}
