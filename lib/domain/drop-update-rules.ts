// What `npm run drop -- update` may change. Before the first mint, anything but the drop's
// name and symbol (written on chain when its collection was created). Once an NFT is sold,
// nothing its buyers hold may move: the assets (art, names, traits, their number), the
// royalties, the reveal's commitment, the fair order, phases that sold, codes and prizes
// that may have been used. Prices, windows, limits, gates and the page's text stay open,
// except on a fair drop whose seed is published (every phase ended, or sold out): then the
// phases are final, since a sale extended or reopened would hand NFTs out in an order anyone
// can compute from the published seed.

/** The parts of a drop that update compares, as the rows and the plan both give them. */
export type DropShape = {
  name: string;
  symbol: string;
  description: string | null;
  image: string;
  bannerImage: string | null;
  externalUrl: string | null;
  twitter: string | null;
  discord: string | null;
  treasury: string;
  sellerFeeBasisPoints: number;
  creators: ReadonlyArray<{ address: string; share: number }>;
  fair: boolean;
  /** hiddenSettings: the assets hash committed to; null without a delayed reveal. */
  assetsHash: string | null;
  placeholderImage: string | null;
  revealAt: string | null;
  /** Each NFT's content, by token id, as one comparable string. */
  nfts: ReadonlyMap<number, string>;
  /** Each phase's settings as one comparable string, in order, with its label. */
  phases: ReadonlyArray<{ label: string | null; name: string; settings: string; phaseSupply: number | null }>;
  /** Claim-code batches and bounties, each as one comparable string. */
  claimCodes: string;
  bounties: string;
};

export type SoldState = {
  /** NFTs minted so far (sold, bonus or prize). */
  minted: number;
  /** Mints per phase, by position. */
  phaseMints: readonly number[];
  /** A fair drop whose seed is public (lib/domain/fair-reveal.ts): its phases are final. */
  fairSeedPublic?: boolean;
};

export type UpdateVerdict = { changes: string[]; refusals: string[] };

const same = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

export function judgeUpdate(current: DropShape, next: DropShape, sold: SoldState): UpdateVerdict {
  const changes: string[] = [];
  const refusals: string[] = [];
  const afterMint = sold.minted > 0;
  const soldNote = `${sold.minted} NFT${sold.minted === 1 ? " is" : "s are"} already minted`;

  const field = (label: string, a: unknown, b: unknown, rule: "open" | "frozen-after-mint" | "never", why: string) => {
    if (same(a, b)) return;
    if (rule === "never" || (rule === "frozen-after-mint" && afterMint))
      refusals.push(`${label} cannot change: ${why}${rule === "frozen-after-mint" ? ` (${soldNote})` : ""}.`);
    else changes.push(`${label}: ${describe(a)} → ${describe(b)}`);
  };

  field("The name", current.name, next.name, "never", "the collection was created on chain with it");
  field(
    "The symbol",
    current.symbol,
    next.symbol,
    "never",
    "the collection was created on chain with it, and every NFT is minted with it",
  );
  field("The description", current.description, next.description, "open", "");
  field("The cover image", current.image, next.image, "open", "");
  field("The banner", current.bannerImage, next.bannerImage, "open", "");
  field("The external link", current.externalUrl, next.externalUrl, "open", "");
  field("Twitter", current.twitter, next.twitter, "open", "");
  field("Discord", current.discord, next.discord, "open", "");
  field("The treasury", current.treasury, next.treasury, "open", "");
  field(
    "Royalties (sellerFeeBasisPoints)",
    current.sellerFeeBasisPoints,
    next.sellerFeeBasisPoints,
    "frozen-after-mint",
    "buyers bought under the royalties the metadata states",
  );
  field(
    "The creators",
    current.creators,
    next.creators,
    "frozen-after-mint",
    "buyers bought under the creators the metadata states",
  );
  field(
    "The provably fair order (isSequential)",
    current.fair,
    next.fair,
    "frozen-after-mint",
    "NFTs already went out in the committed order",
  );
  field(
    "The hidden settings' hash",
    current.assetsHash,
    next.assetsHash,
    "frozen-after-mint",
    "buyers minted against this commitment to the art",
  );
  field("The reveal placeholder", current.placeholderImage, next.placeholderImage, "open", "");
  field("The reveal moment", current.revealAt, next.revealAt, "open", "");

  const changedTokens = [...new Set([...current.nfts.keys(), ...next.nfts.keys()])]
    .filter((id) => current.nfts.get(id) !== next.nfts.get(id))
    .sort((a, b) => a - b);
  if (current.nfts.size !== next.nfts.size || changedTokens.length > 0) {
    const list = changedTokens.slice(0, 8).join(", ") + (changedTokens.length > 8 ? ", …" : "");
    const what =
      current.nfts.size !== next.nfts.size
        ? `${current.nfts.size} → ${next.nfts.size} NFTs`
        : `token${changedTokens.length === 1 ? "" : "s"} ${list}`;
    if (afterMint)
      refusals.push(
        `The assets cannot change (${what}): ${soldNote}, and their art, names, traits and rarity are what the buyers hold.`,
      );
    else changes.push(`Assets: ${what}`);
  }

  judgePhases(current, next, sold, changes, refusals);
  if (current.claimCodes !== next.claimCodes) {
    if (afterMint)
      refusals.push(
        `The claim codes cannot change once minting began (${soldNote}): a code may already have been redeemed.`,
      );
    else changes.push("Claim codes: replaced");
  }
  if (current.bounties !== next.bounties) {
    if (afterMint)
      refusals.push(`The bounties cannot change once minting began (${soldNote}): a prize may already be won.`);
    else changes.push("Bounties: replaced");
  }
  return { changes, refusals };
}

/** Phases: those that sold keep their label, supply and existence; a fair drop's are final once its seed is public. */
function judgePhases(
  current: DropShape,
  next: DropShape,
  sold: SoldState,
  changes: string[],
  refusals: string[],
): void {
  const phaseChanges: string[] = [];
  const phaseCount = Math.max(current.phases.length, next.phases.length);
  for (let i = 0; i < phaseCount; i++) {
    const before = current.phases[i];
    const after = next.phases[i];
    const mints = sold.phaseMints[i] ?? 0;
    const title = `Phase ${i + 1} (${after?.name ?? before?.name})`;
    if (before && !after) {
      if (mints > 0)
        refusals.push(`${title} cannot be removed: ${mints} NFT${mints === 1 ? " was" : "s were"} minted in it.`);
      else phaseChanges.push(`${title}: removed`);
    } else if (!before && after) phaseChanges.push(`${title}: added`);
    else if (before && after) {
      if (before.label !== after.label && mints > 0)
        refusals.push(
          `${title} cannot be relabelled (${before.label} → ${after.label}): NFTs were minted in it; add new groups after it instead.`,
        );
      if (after.phaseSupply !== null && after.phaseSupply < mints)
        refusals.push(`${title}'s supply cannot drop to ${after.phaseSupply}: ${mints} were minted in it.`);
      if (before.settings !== after.settings || before.name !== after.name)
        phaseChanges.push(`${title}: settings changed`);
    }
  }
  if (phaseChanges.length > 0 && current.fair && sold.fairSeedPublic)
    refusals.push(
      "The phases are final: the fair order's seed is published (every phase ended, or the drop sold out), and a sale extended or reopened would hand out NFTs in an order anyone can compute.",
    );
  else changes.push(...phaseChanges);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value.length > 60 ? `"${value.slice(0, 57)}…"` : `"${value}"`;
  return JSON.stringify(value);
}
