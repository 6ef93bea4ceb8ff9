// Reactions under a minted NFT: the counts every visitor sees (from the feed's own poll), and,
// once this browser has signed in with a wallet (while minting, or with the Sign in button
// here, which loads the wallet code only when pressed), buttons to give or take back each of
// the fixed kinds. Small on purpose: it reuses the page's client and query cache.
"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys, useDropmint } from "@/lib/client/query";
import type { ReactionState } from "@/lib/client/site-client";
import { REACTION_KINDS } from "@/lib/domain/reactions";
import { SignInButton } from "@/app/_components/wallet-sign-in/sign-in-button";

type Props = { collectionId: string; nftId: string; reactions: Record<string, number> };

export function ReactionBar({ collectionId, nftId, reactions }: Props) {
  const { client, cluster } = useDropmint();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: [cluster, "wallet-sessions"],
    queryFn: () => client.getWalletSessions(),
    staleTime: 30_000,
  });
  const wallet = sessions.data?.wallets[0]?.address;
  // The answer to this visitor's last reaction, shown until the feed's next poll brings newer counts.
  const polled = JSON.stringify(reactions);
  const [own, setOwn] = useState<{ state: ReactionState; sincePoll: string } | null>(null);
  const counts = own && own.sincePoll === polled ? own.state.reactions : reactions;
  const mine = own?.state.mine ?? [];
  const kinds = REACTION_KINDS.filter((kind) => wallet || (counts[kind] ?? 0) > 0);
  const signedOut = sessions.isSuccess && !wallet;
  if (kinds.length === 0 && !signedOut) return null;

  const toggle = async (kind: string) => {
    if (!wallet) return;
    const active = !mine.includes(kind);
    try {
      setOwn({
        state: await client.setReaction({ address: wallet, nftId, reaction: kind, active }),
        sincePoll: polled,
      });
      // Other cards and the explorer read the counts from the feeds: read them again now.
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.drop(cluster, collectionId), "recently-minted"] });
    } catch {
      // A refusal (rate limit, block) leaves the counts as they were.
    }
  };
  return (
    <div className="flex flex-wrap gap-1" data-testid="reactions" aria-label="Reactions">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          disabled={!wallet}
          aria-pressed={mine.includes(kind)}
          onClick={() => void toggle(kind)}
          className="rounded-full border border-white/10 px-1.5 text-xs aria-pressed:border-mint disabled:cursor-default"
        >
          {kind} <span data-testid={`reaction-count-${kind}`}>{counts[kind] ?? 0}</span>
        </button>
      ))}
      {signedOut && (
        <SignInButton
          cluster={cluster}
          label="Sign in to react"
          className="rounded-full border border-white/10 px-1.5 text-xs text-mint"
          onSignedIn={() => void queryClient.invalidateQueries({ queryKey: [cluster, "wallet-sessions"] })}
        />
      )}
    </div>
  );
}
