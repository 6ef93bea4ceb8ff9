// A claim code's life in the panel: typed → format check (4..1024 characters after
// trimming, before any request) → validate (read-only; never consumes a use) → benefits.
// Only a code that validated is handed to prepare-mint.
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useDropmint } from "@/lib/client/query";
import type { ClaimCodeCheck } from "@/lib/client/types";
import { CLAIM_CODE_MAX_LENGTH, CLAIM_CODE_MIN_LENGTH, isClaimCodeLengthValid } from "@/lib/domain/claim-code-format";

export type ClaimCodeStatus =
  | { kind: "idle" }
  | { kind: "format"; sentence: string }
  | { kind: "checking" }
  | { kind: "valid"; code: string; check: ClaimCodeCheck }
  | { kind: "invalid"; check: ClaimCodeCheck }
  | { kind: "error"; error: unknown };

/** What the mint should do about the code: none typed, use this one, or stop (the status says why). */
export type ClaimCodeForMint = { use: string | null } | { stop: true };

export function useClaimCode(collectionId: string) {
  const { client } = useDropmint();
  const [text, setTextState] = useState("");
  const [status, setStatus] = useState<ClaimCodeStatus>({ kind: "idle" });
  // The callbacks below read the latest text and status without being rebuilt on each keystroke.
  const latest = useRef({ text, status });
  useEffect(() => {
    latest.current = { text, status };
  });

  const setText = useCallback((next: string) => {
    setTextState(next);
    // An edited code must be checked again.
    setStatus({ kind: "idle" });
  }, []);

  const apply = useCallback(async (): Promise<ClaimCodeStatus> => {
    const typed = latest.current.text;
    const trimmed = typed.trim();
    if (trimmed === "") {
      const idle: ClaimCodeStatus = { kind: "idle" };
      setStatus(idle);
      return idle;
    }
    if (!isClaimCodeLengthValid(trimmed)) {
      const format: ClaimCodeStatus = {
        kind: "format",
        sentence:
          trimmed.length < CLAIM_CODE_MIN_LENGTH
            ? `A claim code has at least ${CLAIM_CODE_MIN_LENGTH} characters.`
            : `A claim code has at most ${CLAIM_CODE_MAX_LENGTH} characters.`,
      };
      setStatus(format);
      return format;
    }
    setStatus({ kind: "checking" });
    let next: ClaimCodeStatus;
    try {
      const check = await client.validateClaimCode(collectionId, trimmed);
      next = check.valid ? { kind: "valid", code: trimmed, check } : { kind: "invalid", check };
    } catch (error) {
      next = { kind: "error", error };
    }
    // The collector kept typing: this answer is about an older code.
    if (latest.current.text !== typed) return { kind: "idle" };
    setStatus(next);
    return next;
  }, [client, collectionId]);

  /** Before a mint: a typed but unchecked code is checked first, so nobody pays by mistake. */
  const forMint = useCallback(async (): Promise<ClaimCodeForMint> => {
    const { text: typed, status: current } = latest.current;
    if (typed.trim() === "") return { use: null };
    const settled = current.kind === "valid" ? current : await apply();
    // An external code is a perk on the creator's page (the status line links it): minting with it would be refused.
    if (settled.kind === "valid")
      return settled.check.grantType === "external" ? { stop: true } : { use: settled.code };
    // Edited while being checked: nothing settled about the code now in the box.
    if (settled.kind === "idle" && latest.current.text.trim() === "") return { use: null };
    return { stop: true };
  }, [apply]);

  return { text, setText, status, apply, forMint };
}
