// When an NFT's real art, name and traits may be shown. A drop with delayed reveal shows
// placeholder art until the creator's reveal moment (revealedAt). A minted NFT can be
// revealed earlier: at once (instantRevealAfterMint) or revealDelayMinutes after its own
// mint (timeDelayedReveal). An NFT not yet minted is revealed only with the whole drop.

export type RevealSettings = {
  delayedRevealEnabled: boolean;
  revealedAt: Date | null;
  instantRevealAfterMint: boolean;
  timeDelayedReveal: boolean;
  revealDelayMinutes: number | null;
};

const MINUTE_MS = 60_000;

export function isCollectionRevealed(
  settings: Pick<RevealSettings, "delayedRevealEnabled" | "revealedAt">,
  now: Date,
): boolean {
  return !settings.delayedRevealEnabled || (settings.revealedAt !== null && settings.revealedAt <= now);
}

/** Which minted NFTs are revealed at `now`: all, none, or those minted at or before `mintedBy`. */
export type MintRevealCutoff = { kind: "all" } | { kind: "none" } | { kind: "mintedBy"; at: Date };

export function mintRevealCutoff(settings: RevealSettings, now: Date): MintRevealCutoff {
  if (isCollectionRevealed(settings, now) || settings.instantRevealAfterMint) return { kind: "all" };
  // A timed reveal without a configured delay has no moment to reveal at: wait for the drop.
  if (settings.timeDelayedReveal && settings.revealDelayMinutes !== null) {
    return { kind: "mintedBy", at: new Date(now.getTime() - settings.revealDelayMinutes * MINUTE_MS) };
  }
  return { kind: "none" };
}

/** Whether one NFT shows its real data; `mintedAt` null means not minted. */
export function isNftRevealed(settings: RevealSettings, mintedAt: Date | null, now: Date): boolean {
  if (mintedAt === null) return isCollectionRevealed(settings, now);
  const cutoff = mintRevealCutoff(settings, now);
  return cutoff.kind === "all" || (cutoff.kind === "mintedBy" && mintedAt <= cutoff.at);
}

/** The name shown instead of the real one, which may describe the hidden art. Same as the on-chain metadata's. */
export function unrevealedName(collectionName: string | null): string {
  return `${collectionName ?? "Unrevealed"} (unrevealed)`;
}

/**
 * When a minted NFT that is not revealed yet will be: its own mint plus the delay for a
 * timed reveal, else the drop's reveal moment; null when it is revealed, not minted, or
 * has no moment set.
 */
export function nftRevealAt(settings: RevealSettings, mintedAt: Date | null, revealed: boolean): Date | null {
  if (revealed || mintedAt === null) return null;
  if (settings.timeDelayedReveal && settings.revealDelayMinutes !== null)
    return new Date(mintedAt.getTime() + settings.revealDelayMinutes * MINUTE_MS);
  return settings.revealedAt;
}
