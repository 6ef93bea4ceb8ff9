// What the mint panel shows once a mint starts: progress (polite), problems (alerts), the
// price breakdown to confirm before signing, and the result. Loaded by the panel after the page's first JavaScript,
// since nothing here shows before a collector presses Mint.
"use client";

import { useEffect, useRef } from "react";
import { describeError } from "@/lib/client/error-messages";
import { isClientError } from "@/lib/client/errors";
import { useDropmint } from "@/lib/client/query";
import type { PreparedMintResponse } from "@/lib/client/types";
import { formatTokenAmount, plural } from "@/lib/format";
import { MintResult } from "./mint-result";
import { PricingSummary } from "./pricing-summary";
import { SessionCountdown } from "./session-countdown";
import type { MintFlow } from "./use-mint-flow";

export type FlowStatusProps = {
  flow: MintFlow;
  /** The review step's answers: sign and mint, or step back. */
  onConfirm(): void;
  onCancel(): void;
  onCheckAgain?: () => void;
};

export function FlowStatus({ flow, onConfirm, onCancel, onCheckAgain }: FlowStatusProps) {
  const { cluster } = useDropmint();
  const prepared = "prepared" in flow ? flow.prepared : null;
  const transactions = prepared?.transactions.length ?? 0;
  return (
    <div className="space-y-3">
      {flow.step === "failed" && (
        <div role="alert" className="space-y-1 text-sm text-amber-300">
          {flow.error !== null && <p>{describeError(flow.error)}</p>}
          {cluster === "localnet" && isClientError(flow.error) && flow.error.code === "INSUFFICIENT_BALANCE" && (
            <p>
              This is the local test chain: press Get test SOL (or, for a price in DUSD, Get test DUSD) above, then Mint
              again.
            </p>
          )}
          {flow.failures.length > 0 && <p>None of the transactions went through:</p>}
          {flow.failures.map((failure, index) => (
            <p key={failure.sessionId}>
              {index + 1}. {failure.sentence}
            </p>
          ))}
        </div>
      )}
      {flow.step === "expired" && (
        <p role="alert" className="text-sm text-amber-300">
          The session expired before the wallet approved it, so nothing was submitted. Press Mint to start again.
        </p>
      )}
      {flow.step === "uncertain" && (
        <div role="alert" className="space-y-2 text-sm text-amber-200">
          <p className="font-medium">Your mint may still complete — check your wallet.</p>
          {flow.checkFailed && (
            <p>
              We couldn&apos;t read your wallet&apos;s mints just now.{" "}
              {onCheckAgain && (
                <button type="button" onClick={onCheckAgain} className="font-semibold underline underline-offset-4">
                  Check again
                </button>
              )}
            </p>
          )}
        </div>
      )}

      <div role="status" aria-live="polite" className="space-y-1 text-sm">
        {flow.step === "signing-in" && (
          <p className="text-slate-300">Sign in with your wallet: it proves the wallet is yours (once per visit)…</p>
        )}
        {flow.step === "preparing" && <p className="text-slate-300">Preparing your mint…</p>}
        {flow.step === "review" && (
          <p className="text-slate-300">Check the total below, then confirm to sign and mint.</p>
        )}
        {flow.step === "signing" && (
          <p className="text-slate-300">
            Approve {transactions === 1 ? "the transaction" : `the ${transactions} transactions`} in your wallet.
          </p>
        )}
        {flow.step === "submitting" && (
          <p className="text-slate-300">Minting {plural(flow.prepared.totalQuantity, "NFT")}…</p>
        )}
        {flow.step === "uncertain" && flow.checking && <p className="text-slate-300">Checking your wallet…</p>}
        {flow.step === "uncertain" && !flow.checking && !flow.checkFailed && (
          <p className="text-slate-300">Your wallet&apos;s mints have been read again; the counts above are current.</p>
        )}
      </div>

      {/* Outside the live region: a ticking clock must not be read out every second. */}
      {(flow.step === "review" || flow.step === "signing") && (
        <SessionCountdown expiresInMs={flow.prepared.expiresInMs} receivedAt={flow.receivedAt} />
      )}
      {prepared && flow.step !== "failed" && flow.step !== "expired" && <PricingSummary prepared={prepared} />}
      {flow.step === "review" && <ReviewButtons prepared={flow.prepared} onConfirm={onConfirm} onCancel={onCancel} />}
      {flow.step === "done" && <MintResult outcome={flow.outcome} prepared={flow.prepared} />}
      {flow.step === "uncertain" && flow.outcome && flow.outcome.minted > 0 && (
        <MintResult outcome={flow.outcome} prepared={flow.prepared} />
      )}
    </div>
  );
}

/** Confirm names what it pays, from the same breakdown the summary shows; it takes the focus Mint had. */
function ReviewButtons({
  prepared,
  onConfirm,
  onCancel,
}: {
  prepared: PreparedMintResponse;
  onConfirm(): void;
  onCancel(): void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const { pricing } = prepared;
  const pays =
    pricing.totalRaw === 0
      ? "Confirm free mint"
      : `Confirm and pay ${formatTokenAmount(pricing.totalRaw, pricing.currencyDecimals, pricing.currency)}`;
  return (
    <div className="flex flex-wrap gap-3">
      <button
        ref={confirmRef}
        type="button"
        onClick={onConfirm}
        className="h-11 flex-1 rounded-xl bg-mint px-4 font-bold text-ink hover:brightness-110"
      >
        {pays}
      </button>
      <button
        type="button"
        onClick={onCancel}
        className="h-11 rounded-xl border border-white/15 px-4 font-semibold hover:bg-white/10"
      >
        Cancel
      </button>
    </div>
  );
}
