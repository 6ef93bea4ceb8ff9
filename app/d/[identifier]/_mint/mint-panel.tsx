// The mint panel: a client island in the drop page's right column. Phase, price, quantity
// and claim code render on the server and need no wallet code; the wallet (adapter and
// web3.js) loads only when the collector goes to connect or mint, or on idle to restore a
// wallet connected on an earlier visit.
"use client";

import { Suspense, lazy, useCallback, useEffect, useState, type ComponentType } from "react";
import { describeError } from "@/lib/client/error-messages";
import { isClientError } from "@/lib/client/errors";
import { useClaimCodeConfig, useCollection, useDropmint, useEligibility } from "@/lib/client/query";
import type { CollectionResponse, Cluster, Phase } from "@/lib/client/types";
import { bogoLabel, formatCount, plural } from "@/lib/format";
import { priceLabel } from "@/app/_components/price-label";
import { ClaimCodeField } from "./claim-code-field";
import { MintResult } from "./mint-result";
import { NoLivePhase, PhaseChoice } from "./phase-choice";
import { PricingSummary } from "./pricing-summary";
import { QuantityInput, clampQuantity } from "./quantity-input";
import { SessionCountdown } from "./session-countdown";
import { useClaimCode } from "./use-claim-code";
import { useMintFlow, type MintFlow } from "./use-mint-flow";
import { hasRememberedWallet, loadWalletHost, type WalletBridge } from "./wallet-bridge";
import type { WalletHostProps } from "./wallet-host";
import { EligibilityNotice, WalletAllowance, useRemainingAllowance } from "./wallet-standing";
import { WalletStatus } from "./wallet-status";

export type MintPanelProps = {
  /** Short ID (or id when there is none): the identifier the page polls the collection with. */
  identifier: string;
  /** The collection UUID, for wallet-scoped reads and prepare-mint. */
  collectionId: string;
  cluster: Cluster;
  /** Server-rendered collection: seeds the shared React Query cache so nothing shifts. */
  initialCollection: CollectionResponse;
};

/** prepare-mint takes 1..50. */
const MAX_QUANTITY = 50;

const WalletHost = lazy((): Promise<{ default: ComponentType<WalletHostProps> }> => loadWalletHost().catch(() => ({ default: WalletLoadFailed })));

export function MintPanel({ identifier, collectionId, cluster, initialCollection }: MintPanelProps) {
  const { data } = useCollection(identifier, initialCollection);
  const collection = data ?? { ...initialCollection, receivedAt: 0 };
  const { stats, phases, capabilities } = collection;

  if (!capabilities.supportedBySurface) {
    return (
      <Frame reserve={false}>
        <p className="text-slate-300">This drop mints on its own hosted page, not here.</p>
        {capabilities.mintUrl && (
          <a href={capabilities.mintUrl} className="inline-block font-semibold text-mint underline underline-offset-4">
            Go to the hosted mint page
          </a>
        )}
      </Frame>
    );
  }
  if (phases.active.length === 0) {
    return (
      <Frame>
        <NoLivePhase upcoming={phases.upcoming} receivedAt={collection.receivedAt} />
      </Frame>
    );
  }
  const soldOut = !stats.isOpenEnded && stats.availableCount <= 0;
  return (
    <LivePanel
      identifier={identifier}
      collectionId={collectionId}
      cluster={cluster}
      phases={phases.active}
      allPhases={phases.all}
      soldOut={soldOut}
      supplyLeft={stats.isOpenEnded ? null : stats.availableCount}
    />
  );
}

/** `reserve`: keep the live panel's height, so controls and answers arriving later shift nothing below. */
function Frame({ children, reserve = true }: { children: React.ReactNode; reserve?: boolean }) {
  return (
    <section aria-labelledby="mint-panel-heading" className={`${reserve ? "min-h-[32rem] " : ""}space-y-5 rounded-2xl border border-white/10 bg-white/[0.03] p-5`}>
      <h2 id="mint-panel-heading" className="text-2xl font-semibold">
        Mint
      </h2>
      {children}
    </section>
  );
}

type LiveProps = {
  identifier: string;
  collectionId: string;
  cluster: Cluster;
  phases: Phase[];
  allPhases: Phase[];
  soldOut: boolean;
  supplyLeft: number | null;
};

function LivePanel({ identifier, collectionId, cluster, phases, allPhases, soldOut, supplyLeft }: LiveProps) {
  const [chosenPhaseId, setChosenPhaseId] = useState<string | null>(null);
  // The chosen phase, or the first live one when it ended (or none was chosen yet).
  const phase = phases.find((p) => p.id === chosenPhaseId) ?? phases[0]!;

  const host = useWalletHost(cluster);
  const { wallet } = host;
  const address = wallet?.connected ? wallet.address : null;

  const { flow, start, checkWallet, reset } = useMintFlow({ collectionId, identifier, wallet });
  useEffect(() => reset(), [address, reset]);

  const remaining = useRemainingAllowance(collectionId, phase.id, address);
  const eligibility = useEligibility(collectionId, phase.id, address);
  const [quantityText, setQuantityText] = useState("1");
  const max = Math.max(1, Math.min(phase.maxPerTransaction || MAX_QUANTITY, remaining ?? MAX_QUANTITY, supplyLeft ?? MAX_QUANTITY, MAX_QUANTITY));
  const quantity = clampQuantity(quantityText, max);

  const claimConfig = useClaimCodeConfig(collectionId);
  const claim = useClaimCode(collectionId);
  const currency = phase.priceDisplay.kind === "amount" || phase.priceDisplay.kind === "range" ? phase.priceDisplay.currency : null;

  const busy = flow.step === "preparing" || flow.step === "signing" || flow.step === "submitting";
  const awaitingCheck = flow.step === "uncertain" && (flow.checking || flow.checkFailed);
  // A code for another phase would only fail at prepare: say so before anything is asked.
  const codePhaseId = claim.status.kind === "valid" ? (claim.status.check.phaseId ?? null) : null;
  const codeElsewhere = codePhaseId !== null && codePhaseId !== phase.id ? phasePhrase(allPhases.find((p) => p.id === codePhaseId)) : null;
  const blockedReason = soldOut
    ? "This drop is sold out."
    : awaitingCheck
      ? "Minting is paused until your wallet's mints have been checked."
      : address && eligibility.data && !eligibility.data.meetsRequirements
        ? `This wallet can't mint in ${phase.name ?? "this phase"}.`
        : address && remaining === 0
          ? "This wallet has no mints left in this phase."
          : codeElsewhere !== null
            ? `This claim code works in ${codeElsewhere} only. Choose that phase or clear the code.`
            : null;

  async function onMint() {
    if (!address) {
      host.openPicker();
      return;
    }
    const code = await claim.forMint();
    if ("stop" in code) return;
    await start({ phaseId: phase.id, quantity, claimCode: code.use });
  }

  return (
    <Frame>
      <div className="space-y-3">
        <PhaseChoice phases={phases} selectedId={phase.id} onSelect={setChosenPhaseId} />
        <div>
          <p className="text-3xl font-bold tabular-nums">{priceLabel(phase.priceDisplay)}</p>
          <p className="text-sm text-slate-400">
            {[bogoLabel(phase.bogo), phase.maxPerWallet ? `Up to ${formatCount(phase.maxPerWallet)} per wallet` : "No per-wallet limit"].filter(Boolean).join(" · ")}
          </p>
        </div>
      </div>

      <div className="min-h-11 space-y-3" tabIndex={-1} data-wallet-focus-fallback="">
        {address && wallet ? (
          <>
            <WalletStatus wallet={wallet} address={address} />
            <EligibilityNotice collectionId={collectionId} phase={phase} address={address} />
            <WalletAllowance collectionId={collectionId} phase={phase} address={address} />
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={host.openPicker}
              onPointerEnter={host.preload}
              onFocus={host.preload}
              className="h-11 rounded-xl border border-mint/60 px-4 font-semibold text-mint hover:bg-mint/10"
            >
              Connect wallet
            </button>
            <p className="text-sm text-slate-400" aria-live="polite">
              {host.loading ? "Loading wallets…" : wallet?.connecting ? "Reconnecting your wallet…" : ""}
            </p>
          </div>
        )}
        {host.connectError && (
          <p role="alert" className="text-sm text-amber-300">
            {host.connectError}
          </p>
        )}
      </div>

      <QuantityInput text={quantityText} max={max} disabled={busy} onChange={setQuantityText} />

      {claimConfig.isPending ? (
        <div className="h-[5.25rem] animate-pulse rounded-xl bg-white/5" aria-hidden="true" />
      ) : claimConfig.data?.hasClaimCodes ? (
        <ClaimCodeField
          text={claim.text}
          status={claim.status}
          currency={currency}
          phases={allPhases}
          disabled={busy}
          onChange={claim.setText}
          onApply={() => void claim.apply()}
        />
      ) : null}

      <div className="space-y-2">
        <button
          type="button"
          onClick={() => void onMint()}
          disabled={busy || blockedReason !== null || claim.status.kind === "checking"}
          aria-describedby="mint-blocked-reason"
          className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-mint text-lg font-bold text-ink hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-ink border-t-transparent motion-reduce:animate-none" />}
          Mint {quantity}
        </button>
        <p id="mint-blocked-reason" className="min-h-5 text-sm text-slate-400">
          {blockedReason ?? (address ? "" : "You'll be asked to connect a wallet first.")}
        </p>
      </div>

      <FlowStatus flow={flow} onCheckAgain={address ? () => void checkWallet(address) : undefined} />
      {host.element}
    </Frame>
  );
}

const phasePhrase = (phase: Phase | undefined) => (phase?.name ? `the ${phase.name} phase` : "another phase");

/** Progress (polite), problems (alerts), the price breakdown and the result. */
function FlowStatus({ flow, onCheckAgain }: { flow: MintFlow; onCheckAgain?: () => void }) {
  const { cluster } = useDropmint();
  const prepared = "prepared" in flow ? flow.prepared : null;
  const transactions = prepared?.transactions.length ?? 0;
  return (
    <div className="space-y-3">
      {flow.step === "failed" && (
        <div role="alert" className="space-y-1 text-sm text-amber-300">
          {flow.error !== null && <p>{describeError(flow.error)}</p>}
          {cluster === "localnet" && isClientError(flow.error) && flow.error.code === "INSUFFICIENT_BALANCE" && (
            <p>This is the local test chain: press Get test SOL above, then Mint again.</p>
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
        {flow.step === "preparing" && <p className="text-slate-300">Preparing your mint…</p>}
        {flow.step === "signing" && <p className="text-slate-300">Approve {transactions === 1 ? "the transaction" : `the ${transactions} transactions`} in your wallet.</p>}
        {flow.step === "submitting" && <p className="text-slate-300">Minting {plural(flow.prepared.totalQuantity, "NFT")}…</p>}
        {flow.step === "uncertain" && flow.checking && <p className="text-slate-300">Checking your wallet…</p>}
        {flow.step === "uncertain" && !flow.checking && !flow.checkFailed && (
          <p className="text-slate-300">Your wallet&apos;s mints have been read again; the counts above are current.</p>
        )}
      </div>

      {/* Outside the live region: a ticking clock must not be read out every second. */}
      {flow.step === "signing" && <SessionCountdown expiresInMs={flow.prepared.expiresInMs} receivedAt={flow.receivedAt} />}
      {prepared && flow.step !== "failed" && flow.step !== "expired" && <PricingSummary prepared={prepared} />}
      {flow.step === "done" && <MintResult outcome={flow.outcome} />}
      {flow.step === "uncertain" && flow.outcome && flow.outcome.minted > 0 && <MintResult outcome={flow.outcome} />}
    </div>
  );
}

/** Loads the wallet host on demand (or on idle for a returning collector) and holds what it reports. */
function useWalletHost(cluster: Cluster) {
  const [wanted, setWanted] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [wallet, setWallet] = useState<WalletBridge | null>(null);
  const [connectError, setConnectError] = useState<string | null>(null);

  useEffect(() => {
    if (!hasRememberedWallet()) return;
    // A returning collector: restore the session once the page is interactive and idle.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1_000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setWanted(true));
    return () => cancel(handle);
  }, []);

  const openPicker = useCallback(() => {
    setConnectError(null);
    setWanted(true);
    setPickerOpen(true);
  }, []);
  const closePicker = useCallback(() => setPickerOpen(false), []);
  const preload = useCallback(() => void loadWalletHost().catch(() => undefined), []);

  const element = wanted ? (
    <Suspense fallback={null}>
      <WalletHost cluster={cluster} pickerOpen={pickerOpen} onPickerClose={closePicker} onChange={setWallet} onConnectError={setConnectError} />
    </Suspense>
  ) : null;
  return { wallet, openPicker, preload, connectError, loading: wanted && pickerOpen && wallet === null, element };
}

/** The wallet code did not download (offline, or a new deploy replaced the chunk). */
function WalletLoadFailed({ onConnectError, onPickerClose }: WalletHostProps) {
  useEffect(() => {
    onConnectError("The wallet could not load. Check your connection and reload the page.");
    onPickerClose();
  }, [onConnectError, onPickerClose]);
  return null;
}
