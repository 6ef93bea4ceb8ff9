// The reactions a collector can leave on a minted NFT: a small fixed set, so counts stay
// comparable across drops and nobody can write text through them. One of each kind per
// wallet per NFT; adding one twice or taking back one never given changes nothing.

export const REACTION_KINDS = ["🔥", "❤️", "✨", "👀", "💎"] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** Reactions per wallet per minute, and per client network per minute (lib/api/budgets.ts). */
export const REACTIONS_PER_WALLET_PER_MINUTE = 30;
export const REACTIONS_PER_NETWORK_PER_MINUTE = 120;
