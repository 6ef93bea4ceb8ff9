// Which signed-in wallet the studio acts for: the one chosen in this tab, else the first
// wallet this browser signed in with (its HttpOnly cookies decide; the page never sees them).
"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { createProfileClient } from "@/lib/client/profile-client";
import { studioClient, type StudioFetch } from "@/lib/client/studio-client";

const CHOSEN = "dm_studio_wallet";

export type StudioWallet = {
  /** null while loading; [] when no wallet is signed in. */
  wallets: string[] | null;
  wallet: string | null;
  choose(address: string): void;
  refresh(): void;
  call: StudioFetch | null;
};

export function useStudioWallet(): StudioWallet {
  const [wallets, setWallets] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void createProfileClient()
      .getWalletSessions()
      .then(({ wallets: signedIn }) => {
        if (!live) return;
        setChosen(sessionStorage.getItem(CHOSEN));
        setWallets(signedIn.map((w) => w.address));
      })
      .catch(() => live && setWallets([]));
    return () => void (live = false);
  }, [round]);
  const wallet = wallets?.includes(chosen ?? "") ? chosen : (wallets?.[0] ?? null);
  const choose = useCallback((address: string) => {
    sessionStorage.setItem(CHOSEN, address);
    setChosen(address);
  }, []);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const call = useMemo(() => (wallet ? studioClient(wallet) : null), [wallet]);
  return { wallets, wallet, choose, refresh, call };
}
