// The collector's own controls on their page: shown only when this browser has signed in with
// the page's wallet (its HttpOnly session cookie decides, asked after load), so the
// server-rendered page carries nothing wallet-specific. Otherwise a Sign in button proves the
// wallet without a mint. Edits go through the small profile client; the page is re-rendered
// after each so every list shows the change.
"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { createProfileClient } from "@/lib/client/profile-client";
import { describeError } from "@/lib/client/error-messages";
import type { Cluster } from "@/lib/config";
import { SignInButton } from "@/app/_components/wallet-sign-in/sign-in-button";

type Props = {
  address: string;
  cluster: Cluster;
  displayName: string | null;
  heldMints: Array<{ mintAddress: string; name: string }>;
};

export function ProfileEditor({ address, cluster, displayName, heldMints }: Props) {
  const client = useMemo(() => createProfileClient(), []);
  const router = useRouter();
  // null until the browser's sessions are known: nothing shows before.
  const [own, setOwn] = useState<boolean | null>(null);
  const [name, setName] = useState(displayName ?? "");
  const [status, setStatus] = useState<string | null>(null);
  const checkSessions = useCallback(
    () =>
      client
        .getWalletSessions()
        .then((s) => setOwn(s.wallets.some((w) => w.address === address)))
        .catch(() => setOwn(false)),
    [client, address],
  );
  useEffect(() => void checkSessions(), [checkSessions]);
  if (own === null) return null;
  if (!own) return <OwnerSignIn cluster={cluster} onSignedIn={() => void checkSessions()} />;

  const run = async (edit: () => Promise<unknown>, done: string) => {
    setStatus("Saving…");
    try {
      await edit();
      setStatus(done);
      router.refresh();
    } catch (error) {
      setStatus(describeError(error));
    }
  };
  return (
    <section aria-labelledby="edit-profile-heading" className="space-y-3 rounded-xl border border-white/10 p-4">
      <h2 id="edit-profile-heading" className="text-lg font-semibold">
        Your profile
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => client.setDisplayName({ address, displayName: name.trim() || null }), "Name saved.");
        }}
      >
        <label className="flex flex-col text-sm">
          Display name
          <input
            name="displayName"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={24}
            className="mt-1 w-56 rounded border border-white/20 bg-black/30 px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded bg-mint px-3 py-1 font-semibold text-black">
          Save name
        </button>
      </form>
      {heldMints.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label="Choose an avatar">
          {heldMints.map((nft) => (
            <button
              key={nft.mintAddress}
              type="button"
              onClick={() => void run(() => client.setAvatar({ address, mintAddress: nft.mintAddress }), "Avatar set.")}
              className="rounded border border-white/20 px-2 py-1 text-sm"
            >
              Use {nft.name} as avatar
            </button>
          ))}
        </div>
      )}
      <p role="status" className="text-sm text-slate-300">
        {status}
      </p>
    </section>
  );
}

/** For the wallet's owner on a visit without its session: sign in here, no mint needed. */
function OwnerSignIn({ cluster, onSignedIn }: { cluster: Cluster; onSignedIn(): void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300" data-testid="owner-sign-in">
      Your wallet? Sign in with it to set your name and avatar.
      <SignInButton cluster={cluster} onSignedIn={onSignedIn} />
    </p>
  );
}
