// The claim code box and what the code gives, in words.
"use client";

import { useId } from "react";
import { describeError } from "@/lib/client/error-messages";
import type { ClaimCodeCheck, Phase } from "@/lib/client/types";
import type { ClaimCodeStatus } from "./use-claim-code";
import { formatCount, formatDisplayAmount, formatPercent, plural } from "@/lib/format";
import { safeHttpUrl } from "../_header/labels";

export type ClaimCodeFieldProps = {
  text: string;
  status: ClaimCodeStatus;
  /** The drop's currency, for a fixed discount. */
  currency: string | null;
  phases: Phase[];
  disabled?: boolean;
  /** False while Mint is off for another reason: a valid code then says it waits, not that it is ready. */
  usable?: boolean;
  onChange(text: string): void;
  onApply(): void;
};

export function ClaimCodeField({
  text,
  status,
  currency,
  phases,
  disabled,
  usable = true,
  onChange,
  onApply,
}: ClaimCodeFieldProps) {
  const id = useId();
  const statusId = useId();
  const checking = status.kind === "checking";
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        Claim code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={2048}
          disabled={disabled}
          aria-describedby={statusId}
          aria-invalid={status.kind === "format" || status.kind === "invalid" ? true : undefined}
          placeholder="Optional"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onApply();
            }
          }}
          className="h-11 min-w-0 flex-1 rounded-xl border border-white/15 bg-white/5 px-3 uppercase placeholder:normal-case placeholder:text-slate-500"
        />
        <button
          type="button"
          onClick={onApply}
          disabled={disabled || checking || text.trim() === ""}
          className="h-11 shrink-0 rounded-xl border border-white/15 px-4 text-sm font-semibold hover:bg-white/10 disabled:opacity-40"
        >
          {checking ? "Checking…" : "Apply code"}
        </button>
      </div>
      <div id={statusId} aria-live="polite" className="mt-1 min-h-5 text-sm">
        <ClaimCodeStatusLine status={status} currency={currency} phases={phases} usable={usable} />
      </div>
    </div>
  );
}

function ClaimCodeStatusLine({
  status,
  currency,
  phases,
  usable,
}: {
  status: ClaimCodeStatus;
  currency: string | null;
  phases: Phase[];
  usable: boolean;
}) {
  switch (status.kind) {
    case "idle":
      return null;
    case "checking":
      return <p className="text-slate-300">Checking the code…</p>;
    case "format":
      return <p className="text-amber-300">{status.sentence}</p>;
    case "error":
      return (
        <p role="alert" className="text-amber-300">
          {describeError(status.error)}
        </p>
      );
    case "invalid":
      return <p className="text-amber-300">{invalidSentence(status.check)}</p>;
    case "valid": {
      // An external code is redeemed on the creator's page, never by a mint here (prepare answers CLAIM_CODE_EXTERNAL).
      const perkUrl = status.check.grantType === "external" ? safeHttpUrl(status.check.externalUrl) : null;
      const benefit = benefitSentence(status.check, currency, phases);
      return (
        <p className={usable ? "text-mint" : "text-slate-300"} data-testid="claim-code-benefit">
          <span aria-hidden="true">{usable ? "✓ " : ""}</span>
          {usable ? benefit : `${benefit.replace(/\.$/, "")}, kept for when this wallet can mint (see below).`}
          {perkUrl && (
            <>
              {" "}
              <a
                href={perkUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold underline underline-offset-4"
              >
                Redeem it on the creator&apos;s page
              </a>
            </>
          )}
        </p>
      );
    }
  }
}

function invalidSentence(check: ClaimCodeCheck): string {
  switch (check.reason) {
    case "disabled":
      return "This code has been turned off by the creator.";
    case "expired":
      return "This code has expired.";
    case "used_up":
      return "This code has been used up.";
    default:
      return "This code isn't valid for this drop. Check the spelling.";
  }
}

/** "Valid: free mint ×2 · 3 uses left · in the Public phase only." */
export function benefitSentence(check: ClaimCodeCheck, currency: string | null, phases: Phase[]): string {
  const parts: string[] = [];
  switch (check.grantType) {
    case "free_mint":
      parts.push(check.mintAllocation ? `free mint ×${formatCount(check.mintAllocation)}` : "free mint");
      break;
    case "discount":
      if (check.discountPercentage) parts.push(`${formatPercent(check.discountPercentage)} off`);
      // The check carries only the display number (no smallest-unit twin): written as sent.
      if (check.discountFixed) parts.push(`${formatDisplayAmount(check.discountFixed, currency)} off`);
      if (parts.length === 0) parts.push("a discount");
      if (check.mintAllocation) parts.push(`on up to ${plural(check.mintAllocation, "mint")}`);
      break;
    case "whitelist":
      parts.push(
        check.mintAllocation ? `allowlist access for ${plural(check.mintAllocation, "mint")}` : "allowlist access",
      );
      break;
    case "external":
      parts.push("a perk from the creator");
      break;
    case "nft_redemption":
      parts.push("an NFT redemption");
      break;
    default:
      parts.push("accepted");
  }
  if (typeof check.usesRemaining === "number") parts.push(`${plural(check.usesRemaining, "use")} left`);
  if (check.phaseId) {
    const phase = phases.find((p) => p.id === check.phaseId);
    parts.push(`in the ${phase?.name ?? "one"} phase only`);
  }
  return `Valid: ${parts.join(" · ")}.`;
}
