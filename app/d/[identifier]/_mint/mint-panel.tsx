// The mint panel: a client island in the drop page's right column. Phase, price, quantity
// and claim code render on the server and need no wallet code; the wallet (adapter and
// web3.js) loads only when the collector goes to connect or mint, or on idle to restore a
// wallet connected on an earlier visit.
"use client";

import { Suspense, lazy, useCallback, useEffect, useState, type ComponentType } from "react";
import { useClaimCodeConfig, useCollection, useEligibility, useRemainingAllowance } from "@/lib/client/query";
import type { Cluster } from "@/lib/config";
import type { CollectionResponse, Phase } from "@/lib/client/types";
import { bogoLabel, formatCount } from "@/lib/format";
import { priceLabel } from "@/app/_components/price-label";
import type { ClaimCodeFieldProps } from "./claim-code-field";
import type { FlowStatusProps } from "./flow-status";
import { NoLivePhase, PhaseChoice } from "./phase-choice";
import { QuantityInput, clampQuantity } from "./quantity-input";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useClaimCode } from "./use-claim-code";
import { useMintFlow } from "./use-mint-flow";
import { hasRememberedWallet, loadWalletHost, type WalletBridge } from "./wallet-bridge";
import type { WalletHostProps } from "./wallet-host";
import type { ConnectedWalletProps } from "./connected-wallet";

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

// Shown only once a mint starts, a wallet connects or the drop's claim codes are known: their
// code loads after the page's first JavaScript (the drop page's budget, bench/goals.ts).
const FlowStatus = lazy(() =>
  import("./flow-status").then((m): { default: ComponentType<FlowStatusProps> } => ({ default: m.FlowStatus })),
);
const ClaimCodeField = lazy(() =>
  import("./claim-code-field").then((m): { default: ComponentType<ClaimCodeFieldProps> } => ({
    default: m.ClaimCodeField,
  })),
);
const ConnectedWallet = lazy(() =>
  import("./connected-wallet").then((m): { default: ComponentType<ConnectedWalletProps> } => ({
    default: m.ConnectedWallet,
  })),
);

const WalletHost = lazy((): Promise<{ default: ComponentType<WalletHostProps> }> =>
  loadWalletHost().catch(() => ({ default: WalletLoadFailed })),
);

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
    <section
      aria-labelledby="mint-panel-heading"
      className={`${reserve ? "min-h-[32rem] " : ""}space-y-5 rounded-2xl border border-white/10 bg-white/[0.03] p-5`}
    >
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
  const hydrated = useHydrated();
  const { wallet } = host;
  const address = wallet?.connected ? wallet.address : null;

  const { flow, start, confirm, cancel, checkWallet, reset } = useMintFlow({ collectionId, identifier, wallet });
  useEffect(() => reset(), [address, reset]);

  const remaining = useRemainingAllowance(collectionId, phase.id, address);
  const eligibility = useEligibility(collectionId, phase.id, address);
  const [quantityText, setQuantityText] = useState("1");
  const max = Math.max(
    1,
    Math.min(
      phase.maxPerTransaction || MAX_QUANTITY,
      remaining ?? MAX_QUANTITY,
      supplyLeft ?? MAX_QUANTITY,
      MAX_QUANTITY,
    ),
  );
  const quantity = clampQuantity(quantityText, max);
  // A limit that shrank (a mint, another phase) takes the box down with it: it never shows more
  // than may be minted (adjusted while rendering, React's pattern for state that follows a prop).
  const [limit, setLimit] = useState(max);
  if (limit !== max) {
    setLimit(max);
    if (Number.parseInt(quantityText, 10) > max) setQuantityText(String(max));
  }

  const claimConfig = useClaimCodeConfig(collectionId);
  const claim = useClaimCode(collectionId);
  const currency =
    phase.priceDisplay.kind === "amount" || phase.priceDisplay.kind === "range" ? phase.priceDisplay.currency : null;

  const busy = ["signing-in", "preparing", "review", "signing", "submitting"].includes(flow.step);
  const awaitingCheck = flow.step === "uncertain" && (flow.checking || flow.checkFailed);
  // A code for another phase would only fail at prepare: say so before anything is asked.
  const codePhaseId = claim.status.kind === "valid" ? (claim.status.check.phaseId ?? null) : null;
  const codeElsewhere =
    codePhaseId !== null && codePhaseId !== phase.id ? phasePhrase(allPhases.find((p) => p.id === codePhaseId)) : null;
  // Where else this wallet could go: another live phase, or another wallet.
  const elsewhere = phases.length > 1 ? "Choose another phase or connect another wallet." : "Connect another wallet.";
  // The one message when Mint is off, saying what to do next; the quantity and the code wait on it.
  const blockedReason = soldOut
    ? "This drop is sold out."
    : awaitingCheck
      ? "Minting is paused until your wallet's mints have been checked."
      : address && eligibility.data && !eligibility.data.meetsRequirements
        ? `This wallet can't mint in ${phaseName(phase)}: see why above. ${elsewhere}`
        : address && remaining === 0
          ? `This wallet has no mints left in ${phaseName(phase)}. ${elsewhere}`
          : codeElsewhere !== null
            ? `This claim code works in ${codeElsewhere} only. Choose that phase or clear the code.`
            : null;
  const blocked = blockedReason !== null;

  async function onMint() {
    if (!address) {
      host.openPicker();
      return;
    }
    const code = await claim.forMint();
    if ("stop" in code) return;
    // A pegged price (the one display marked approximate) is the quote shown here: prepare charges the live one only within its slippage tolerance.
    const quotedTokenAmount =
      phase.priceDisplay.kind === "amount" && phase.priceDisplay.approximate ? phase.priceDisplay.amount : null;
    await start({ phaseId: phase.id, quantity, claimCode: code.use, quotedTokenAmount });
  }

  return (
    <Frame>
      <div className="space-y-3">
        <PhaseChoice phases={phases} selectedId={phase.id} onSelect={setChosenPhaseId} />
        <div>
          <p className="text-3xl font-bold tabular-nums">{priceLabel(phase.priceDisplay)}</p>
          <p className="text-sm text-slate-400">
            {[
              bogoLabel(phase.bogo),
              phase.maxPerWallet ? `Up to ${formatCount(phase.maxPerWallet)} per wallet` : "No per-wallet limit",
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>

      <div className="min-h-11 space-y-3" tabIndex={-1} data-wallet-focus-fallback="">
        {address && wallet ? (
          <Suspense fallback={<div className="h-11" aria-hidden="true" />}>
            <ConnectedWallet collectionId={collectionId} phase={phase} wallet={wallet} address={address} />
          </Suspense>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={host.openPicker}
              disabled={!hydrated}
              onPointerEnter={host.preload}
              onFocus={host.preload}
              className="h-11 rounded-xl border border-mint/60 px-4 font-semibold text-mint hover:bg-mint/10 disabled:opacity-60"
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

      <QuantityInput text={quantityText} max={max} disabled={busy} locked={blocked} onChange={setQuantityText} />

      {claimConfig.isPending ? (
        CLAIM_CODE_PLACEHOLDER
      ) : claimConfig.data?.hasClaimCodes ? (
        <Suspense fallback={CLAIM_CODE_PLACEHOLDER}>
          <ClaimCodeField
            text={claim.text}
            status={claim.status}
            currency={currency}
            phases={allPhases}
            disabled={busy}
            usable={!blocked || codeElsewhere !== null}
            onChange={claim.setText}
            onApply={() => void claim.apply()}
          />
        </Suspense>
      ) : null}

      <div className="space-y-2">
        <button
          type="button"
          onClick={() => void onMint()}
          disabled={busy || blocked || claim.status.kind === "checking"}
          aria-describedby="mint-blocked-reason"
          className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-mint text-lg font-bold text-ink hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-ink border-t-transparent motion-reduce:animate-none"
            />
          )}
          {blocked ? "Mint" : `Mint ${quantity}`}
        </button>
        <p id="mint-blocked-reason" className="min-h-5 text-sm text-slate-400">
          {blockedReason ?? (address ? "" : "You'll be asked to connect a wallet first.")}
        </p>
      </div>

      {/* Until its code arrives, the same empty live region: what it announces later is read out. */}
      <Suspense fallback={<div role="status" aria-live="polite" className="space-y-1 text-sm" />}>
        <FlowStatus
          flow={flow}
          onConfirm={confirm}
          onCancel={cancel}
          onCheckAgain={address ? () => void checkWallet(address) : undefined}
        />
      </Suspense>
      {host.element}
    </Frame>
  );
}

const CLAIM_CODE_PLACEHOLDER = <div className="h-[5.25rem] animate-pulse rounded-xl bg-white/5" aria-hidden="true" />;

const phaseName = (phase: Phase) => (phase.name ? `the ${phase.name} phase` : "this phase");

const phasePhrase = (phase: Phase | undefined) => (phase?.name ? `the ${phase.name} phase` : "another phase");

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
      <WalletHost
        cluster={cluster}
        pickerOpen={pickerOpen}
        onPickerClose={closePicker}
        onChange={setWallet}
        onConnectError={setConnectError}
      />
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
