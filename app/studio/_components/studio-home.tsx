// The studio's first page: sign in, pick the wallet to act as, and the drops it may manage.
"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { SignInButton } from "@/app/_components/wallet-sign-in/sign-in-button";
import { describeStudioError as describeError } from "@/lib/client/studio-error-messages";
import type { Cluster } from "@/lib/config";
import { useStudioWallet } from "./use-studio-wallet";

type DropRow = {
  id: string;
  shortId: string | null;
  name: string | null;
  launchStatus: string;
  minted: number;
  totalSupply: number | null;
};

export function StudioHome({ cluster }: { cluster: Cluster }) {
  const { wallets, wallet, choose, refresh, call } = useStudioWallet();
  const [drops, setDrops] = useState<DropRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!call) return;
    call<{ drops: DropRow[] }>("GET", "/drops")
      .then((answer) => {
        setProblem(null);
        setDrops(answer.drops);
      })
      .catch((error: unknown) => setProblem(describeError(error)));
  }, [call]);

  if (wallets === null) return <p className="text-slate-400">Loading…</p>;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Your drops</h1>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {wallets.length > 1 && (
          <label>
            Acting as{" "}
            <select value={wallet ?? ""} onChange={(e) => choose(e.target.value)} className="rounded bg-white/10 p-1">
              {wallets.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
        )}
        {wallets.length === 1 && <span className="text-slate-300">Signed in as {wallet}</span>}
        <SignInButton
          cluster={cluster}
          onSignedIn={refresh}
          label={wallets.length ? "Sign in another wallet" : "Sign in to create"}
        />
      </div>
      {wallets.length > 0 && (
        <p className="text-sm">
          <Link href="/studio/keys" className="text-mint underline">
            Partner keys
          </Link>{" "}
          for your drops
        </p>
      )}
      {wallets.length === 0 && <p>Sign in with your wallet to create and manage drops.</p>}
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
      {drops && drops.length === 0 && (
        <p>
          No drops yet.{" "}
          <Link href="/studio/new" className="text-mint underline">
            Launch your first drop
          </Link>
          .
        </p>
      )}
      {drops && drops.length > 0 && (
        <ul className="divide-y divide-white/10 rounded border border-white/10" data-testid="studio-drops">
          {drops.map((drop) => (
            <li key={drop.id} className="flex items-center justify-between p-3">
              <Link href={`/studio/drops/${drop.id}`} className="font-semibold hover:underline">
                {drop.name ?? drop.shortId}
              </Link>
              <span className="text-sm text-slate-400">
                {drop.launchStatus} · {drop.minted}/{drop.totalSupply ?? "∞"} minted ·{" "}
                <Link href={`/studio/drops/${drop.id}/manage`} className="text-mint underline">
                  Manage
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
