// While the wallet is open: how long the prepared session still holds the NFTs.
"use client";

import { useCountdown } from "@/lib/client/countdown";
import { formatCountdown } from "@/lib/format";

export function SessionCountdown({ expiresInMs, receivedAt }: { expiresInMs: number; receivedAt: number }) {
  const left = useCountdown(expiresInMs, receivedAt);
  return (
    <p data-testid="session-countdown" className="text-sm tabular-nums text-slate-300">
      {left !== null && left > 0 ? (
        <>
          Your NFTs are held for <span className="font-semibold text-white">{formatCountdown(left)}</span>.
        </>
      ) : (
        "The session has expired. Anything you approve now will not be submitted."
      )}
    </p>
  );
}
