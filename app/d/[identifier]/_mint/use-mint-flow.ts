// sign in (once per visit) → prepare → the collector reviews the server's breakdown (total,
// fees, network cost) and confirms → the wallet signs every transaction in one go → execute
// (batched above 1). Nothing is signed before the collector has seen what it costs.
// An uncertain outcome is never retried: minting stays off until the wallet's mints have
// been read again, so a collector cannot pay twice by pressing Mint again too early.
"use client";

import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { DropmintClientError } from "@/lib/client/errors";
import { isUncertainOutcome, queryKeys, useDropmint } from "@/lib/client/query";
import type { ExecuteMintBatchResponse, ExecuteMintResult, MintedNft, PreparedMintResponse } from "@/lib/client/types";
import type { WalletBridge } from "./wallet-bridge";

/** Do not hand over a signature this close to the session's end: it would arrive expired. */
const SUBMIT_MARGIN_MS = 1_500;

export type RevealSettings = Pick<
  ExecuteMintResult,
  "revealAnimationTrigger" | "revealTapCaption" | "revealTransitionType"
>;

export type MintOutcome = {
  nfts: MintedNft[];
  /** Count minted (a recovered session reports the count without its NFTs). */
  minted: number;
  /** Transactions of a batch that failed, each with its sentence. */
  failures: Array<{ sessionId: string; sentence: string }>;
  /** Transactions of a batch whose outcome is not known yet. */
  pending: number;
  reveal: RevealSettings | null;
  /** The sessions whose transactions landed: what was paid is their share of prepare's pricing. */
  landed: string[];
  /** The landed transactions' signatures (for the explorer link). */
  signatures: string[];
  /** The wallet that minted (its collector's page lists the NFTs). */
  wallet: string;
};

export type MintFlow =
  | { step: "idle" }
  | { step: "signing-in" }
  | { step: "preparing" }
  | { step: "review"; prepared: PreparedMintResponse; receivedAt: number }
  | { step: "signing"; prepared: PreparedMintResponse; receivedAt: number }
  | { step: "submitting"; prepared: PreparedMintResponse }
  | { step: "done"; prepared: PreparedMintResponse; outcome: MintOutcome }
  | { step: "failed"; error: unknown; prepared: PreparedMintResponse | null; failures: MintOutcome["failures"] }
  | { step: "expired"; prepared: PreparedMintResponse }
  | {
      step: "uncertain";
      prepared: PreparedMintResponse;
      outcome: MintOutcome | null;
      checking: boolean;
      checkFailed: boolean;
    };

export type MintRequest = {
  phaseId: string;
  quantity: number;
  claimCode: string | null;
  quotedTokenAmount?: number | null;
};

export function useMintFlow({
  collectionId,
  identifier,
  wallet,
}: {
  collectionId: string;
  identifier: string;
  wallet: WalletBridge | null;
}) {
  const { client, cluster } = useDropmint();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<MintFlow>({ step: "idle" });
  const busy = useRef(false);
  /** Settles the review step: true to sign, false to step back. */
  const decide = useRef<((go: boolean) => void) | null>(null);
  /** Wallets proven in this visit (their HttpOnly cookies are set; the page cannot read them). */
  const signedIn = useRef(new Set<string>());

  /**
   * Proves the wallet once per visit, before its first prepare (Sign In With Solana): a
   * session from an earlier visit is reused; otherwise the wallet signs the site's message.
   */
  const ensureSignedIn = useCallback(
    async (bridge: WalletBridge, address: string) => {
      if (signedIn.current.has(address)) return;
      const { wallets } = await client.getWalletSessions();
      if (!wallets.some((w) => w.address === address)) {
        setFlow({ step: "signing-in" });
        const { success: _success, ...fields } = await client.issueSignInNonce();
        await client.signInWallet({ address, ...(await bridge.signIn(fields)) });
      }
      signedIn.current.add(address);
    },
    [client],
  );

  /** Supply, recently minted, allowance and eligibility all change with a mint. */
  const refreshDrop = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.drop(cluster, collectionId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.collection(cluster, identifier) }),
        queryClient.invalidateQueries({ queryKey: [cluster, "wallet"] }),
      ]),
    [queryClient, cluster, collectionId, identifier],
  );

  /** Reads the wallet's mints and the collection again; true when both answered. */
  const rereadWallet = useCallback(
    async (address: string): Promise<boolean> => {
      try {
        await Promise.all([
          queryClient.fetchQuery({
            queryKey: queryKeys.walletMints(cluster, collectionId, address),
            queryFn: () => client.getWalletMints(collectionId, address),
            staleTime: 0,
          }),
          queryClient.refetchQueries({ queryKey: queryKeys.collection(cluster, identifier) }, { throwOnError: true }),
        ]);
        void refreshDrop();
        return true;
      } catch {
        return false;
      }
    },
    [queryClient, client, cluster, collectionId, identifier, refreshDrop],
  );

  const checkWallet = useCallback(
    async (address: string) => {
      setFlow((current) =>
        current.step === "uncertain" ? { ...current, checking: true, checkFailed: false } : current,
      );
      const ok = await rereadWallet(address);
      setFlow((current) =>
        current.step === "uncertain" ? { ...current, checking: false, checkFailed: !ok } : current,
      );
    },
    [rereadWallet],
  );

  const start = useCallback(
    async ({ phaseId, quantity, claimCode, quotedTokenAmount = null }: MintRequest) => {
      if (busy.current) return;
      const address = wallet?.address;
      if (!wallet?.connected || !address) {
        setFlow({
          step: "failed",
          error: new DropmintClientError("WALLET_NOT_CONNECTED", "No wallet is connected."),
          prepared: null,
          failures: [],
        });
        return;
      }
      busy.current = true;
      let prepared: PreparedMintResponse | null = null;
      let submitted = false;
      try {
        await ensureSignedIn(wallet, address);
        setFlow({ step: "preparing" });
        prepared = await client.prepareMint({
          collectionId,
          phaseId,
          walletAddress: address,
          quantity,
          claimCode,
          walletProvider: wallet.walletName,
          quotedTokenAmount,
        });
        const receivedAt = performance.now();
        setFlow({ step: "review", prepared, receivedAt });
        const go = await new Promise<boolean>((resolve) => (decide.current = resolve));
        decide.current = null;
        // Stepping back leaves the session to expire (or a new prepare supersedes it): nothing was signed.
        if (!go) {
          setFlow({ step: "idle" });
          return;
        }
        if (performance.now() - receivedAt > prepared.expiresInMs - SUBMIT_MARGIN_MS) {
          setFlow({ step: "expired", prepared });
          return;
        }
        setFlow({ step: "signing", prepared, receivedAt });
        const signed = await wallet.signTransactions(prepared.transactions.map((t) => t.transaction));
        // The wallet may have stayed open past the session's end: a held signature must not be sent.
        if (performance.now() - receivedAt > prepared.expiresInMs - SUBMIT_MARGIN_MS) {
          setFlow({ step: "expired", prepared });
          return;
        }
        setFlow({ step: "submitting", prepared });
        const items = prepared.sessions.map((session, index) => ({
          sessionId: session.sessionId,
          signedTransaction: signed[index]!,
        }));
        submitted = true;
        const outcome =
          items.length === 1
            ? singleOutcome(await client.executeMint(items[0]!), items[0]!.sessionId, address)
            : await batchOutcome(await client.executeMintBatch(items), address);
        if (outcome.pending > 0) {
          setFlow({ step: "uncertain", prepared, outcome, checking: true, checkFailed: false });
          void checkWallet(address);
        } else if (outcome.minted === 0) {
          setFlow({ step: "failed", error: null, prepared, failures: outcome.failures });
        } else {
          setFlow({ step: "done", prepared, outcome });
        }
      } catch (error) {
        if (prepared && isUncertainOutcome(error)) {
          setFlow({ step: "uncertain", prepared, outcome: null, checking: true, checkFailed: false });
          void checkWallet(address);
        } else {
          // A session that ended since (signed out elsewhere, expired) is asked for again next time.
          if (error instanceof DropmintClientError && error.code === "WALLET_PROOF_REQUIRED")
            signedIn.current.delete(address);
          setFlow({ step: "failed", error, prepared, failures: [] });
        }
      } finally {
        busy.current = false;
        if (submitted) void refreshDrop();
      }
    },
    [client, collectionId, wallet, checkWallet, refreshDrop, ensureSignedIn],
  );

  /** The collector's answer to the review: sign and mint, or step back. */
  const confirm = useCallback(() => decide.current?.(true), []);
  const cancel = useCallback(() => decide.current?.(false), []);

  /** Back to a blank panel (another wallet connected); a review steps back, a mint under way stays. */
  const reset = useCallback(() => {
    decide.current?.(false);
    if (!busy.current)
      setFlow((current) =>
        current.step === "uncertain" && (current.checking || current.checkFailed) ? current : { step: "idle" },
      );
  }, []);

  return { flow, start, confirm, cancel, checkWallet, reset };
}

function singleOutcome(result: ExecuteMintResult, sessionId: string, wallet: string): MintOutcome {
  const { revealAnimationTrigger, revealTapCaption, revealTransitionType } = result;
  return {
    nfts: result.nfts ?? [],
    minted: result.minted,
    failures: [],
    pending: 0,
    reveal: { revealAnimationTrigger, revealTapCaption, revealTransitionType },
    landed: result.minted > 0 ? [sessionId] : [],
    signatures: result.signature ? [result.signature] : [],
    wallet,
  };
}

async function batchOutcome(response: ExecuteMintBatchResponse, wallet: string): Promise<MintOutcome> {
  // The sentences load with the first batch answer, not with the page (the drop page's budget, bench/goals.ts).
  const { errorSentence } = await import("@/lib/client/error-messages");
  const landed = response.results.filter((r) => r.success);
  return {
    nfts: landed.flatMap((r) => r.minted),
    minted: landed.reduce((sum, r) => sum + (r.mintedCount ?? r.minted.length), 0),
    failures: response.results
      .filter((r) => !r.success && !r.pending)
      .map((r) => ({
        sessionId: r.sessionId,
        sentence: (r.errorCode ? errorSentence(r.errorCode) : null) ?? r.error ?? "This transaction failed.",
      })),
    pending: response.results.filter((r) => !r.success && r.pending).length,
    reveal: null,
    landed: landed.map((r) => r.sessionId),
    signatures: landed.flatMap((r) => (r.signature ? [r.signature] : [])),
    wallet,
  };
}
