// For the connected wallet: may it mint in the chosen phase (and if not, why), and how many
// more it may mint there. Both come from the service; the panel never guesses them. Loaded
// with the connected wallet's part of the panel (connected-wallet.tsx), not with the page.
"use client";

import Link from "next/link";
import { describeError } from "@/lib/client/error-messages";
import { useEligibility, useWalletMints } from "@/lib/client/query";
import type { Phase } from "@/lib/client/types";
import { formatCount, plural } from "@/lib/format";

const phaseName = (phase: Phase) => phase.name ?? "this phase";

export function EligibilityNotice({
  collectionId,
  phase,
  address,
}: {
  collectionId: string;
  phase: Phase;
  address: string;
}) {
  const eligibility = useEligibility(collectionId, phase.id, address);
  const box = "min-h-6 text-sm";
  if (eligibility.isPending) {
    return (
      <div data-testid="eligibility" className={`${box} text-slate-400`} aria-busy="true">
        Checking this wallet for {phaseName(phase)}…
      </div>
    );
  }
  if (eligibility.isError) {
    return (
      <div data-testid="eligibility" role="alert" className={`${box} text-amber-300`}>
        We couldn&apos;t check this wallet: {describeError(eligibility.error)}
      </div>
    );
  }
  const data = eligibility.data;
  if (!data.gated) {
    return (
      <div data-testid="eligibility" className={`${box} text-slate-300`}>
        {phaseName(phase)} is open to every wallet.
      </div>
    );
  }
  return (
    <div
      data-testid="eligibility"
      className={`${box} rounded-xl border px-3 py-2 [overflow-wrap:anywhere] ${data.meetsRequirements ? "border-mint/30 bg-mint/5" : "border-amber-400/30 bg-amber-400/5"}`}
    >
      <p className="font-medium">
        {data.meetsRequirements
          ? `This wallet is eligible for ${phaseName(phase)}.`
          : `This wallet can't mint in ${phaseName(phase)}: it meets none of the requirements below. Any one of them is enough.`}
      </p>
      {data.requirements.length > 0 && (
        <ul className="mt-2 space-y-1">
          {data.requirements.map((requirement) => (
            <li key={`${requirement.type}:${requirement.description}`} className="flex gap-2">
              <span aria-hidden="true" className={requirement.met ? "text-mint" : "text-amber-300"}>
                {requirement.met ? "✓" : "✗"}
              </span>
              <span>
                <span className="sr-only">{requirement.met ? "Met: " : "Not met: "}</span>
                {requirement.description}
                {!requirement.met && requirement.drops && requirement.drops.length > 0 && (
                  <span className="block">
                    Get one from{" "}
                    {requirement.drops.map((drop, i) => (
                      <span key={drop.path}>
                        {i > 0 && ", "}
                        <Link href={drop.path} className="text-mint underline-offset-2 hover:underline">
                          {drop.name ?? drop.path}
                        </Link>
                      </span>
                    ))}
                    .
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Remaining allowance in the phase, and everything this wallet minted from the drop. */
export function WalletAllowance({
  collectionId,
  phase,
  address,
}: {
  collectionId: string;
  phase: Phase;
  address: string;
}) {
  const mints = useWalletMints(collectionId, address);
  const counts = mints.data?.phaseMints[phase.id] ?? null;
  let line: string;
  const failed = mints.isError && !mints.data;
  if (mints.isPending) line = "Reading this wallet's mints…";
  else if (failed) line = `We couldn't read this wallet's mints: ${describeError(mints.error)}`;
  else if (!counts || counts.remaining === null) line = "No per-wallet limit";
  // Nothing minted and nothing left: the wallet had no allowance here to begin with.
  else if (counts.remaining === 0 && counts.minted === 0) line = `This wallet has no allowance in ${phaseName(phase)}`;
  else if (counts.remaining === 0 || !counts.canMintMore) line = "You've reached this phase's limit";
  else line = `You can mint ${formatCount(counts.remaining)} more in ${phaseName(phase)}`;
  return (
    <div className="min-h-10 text-sm" aria-live="polite">
      <p
        data-testid="wallet-allowance"
        role={failed ? "alert" : undefined}
        className={failed ? "text-amber-300" : "font-medium"}
      >
        {line}
      </p>
      {mints.data && (
        <p className="text-slate-400">
          {mints.data.totalMinted === 0
            ? "Nothing minted from this drop yet."
            : `You've minted ${plural(mints.data.totalMinted, "NFT")} from this drop.`}
        </p>
      )}
    </div>
  );
}
