// A signed-in collector sets their own display name and avatar; the operator clears them or
// blocks the wallet from profiles. The route proves the wallet (wallet-session.ts) before
// calling here. Every write lands on Profile, whose trigger announces it to every instance
// (read-caches.ts PROFILES_CHANGED_CHANNEL), so feeds and leaderboards show it within moments.
//
// The avatar is an NFT minted on Dropmint that the wallet holds on this deployment's chain:
// checked on the chain when it is set, and again whenever the collector's profile is read
// (the profile endpoint and their page) and by the instance's avatar sweep, which clear it
// once the NFT has left the wallet.
import { ChainUnavailableError } from "@/lib/chain";
import type { ProfileModeration } from "@/lib/domain/profile-moderation";
import { normalizeProfileName, profileNameKey, profileNameProblem, type NameProblem } from "@/lib/domain/profile-name";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "./context";
import { getProfiles, NO_PROFILE, type PublicProfile } from "./profiles";

/** A wallet's profile as its page and editor show it: the public one, and the avatar's NFT. */
export type ProfileView = PublicProfile & { address: string; avatarMint: string | null };

const NAME_PROBLEMS = {
  INVALID: ["PROFILE_NAME_INVALID", "The name must be 3 to 24 letters, digits, spaces, '.', '_' or '-'."],
  RESERVED: ["PROFILE_NAME_RESERVED", "That name is reserved."],
  IMPERSONATION: ["PROFILE_NAME_IMPERSONATION", "A name may not look like a wallet address or a drop."],
} as const;

/** Sets (or with null, removes) the wallet's display name; refusals carry a stable code per rule. */
export async function setDisplayName(ctx: ServiceContext, wallet: string, name: string | null): Promise<ProfileView> {
  await assertNotBlocked(ctx, wallet);
  if (name === null) return saveProfile(ctx, wallet, { displayName: null, displayNameKey: null });
  const problem = profileNameProblem(name);
  if (problem) throw nameRefused(problem);
  const displayName = normalizeProfileName(name);
  const displayNameKey = profileNameKey(displayName);
  if (await namesADrop(ctx, displayName)) throw nameRefused("IMPERSONATION");
  const holder = await ctx.db.profile.findUnique({ where: { displayNameKey }, select: { walletAddress: true } });
  if (holder && holder.walletAddress !== wallet) throw nameTaken();
  try {
    return await saveProfile(ctx, wallet, { displayName, displayNameKey });
  } catch (error) {
    // Two wallets claiming one name at the same moment: the unique key lets one win.
    if ((error as { code?: string }).code === "P2002") throw nameTaken();
    throw error;
  }
}

/** Sets the avatar to an NFT of ours that the wallet holds on the chain now (null removes it). */
export async function setAvatar(ctx: ServiceContext, wallet: string, mintAddress: string | null): Promise<ProfileView> {
  await assertNotBlocked(ctx, wallet);
  if (mintAddress === null) return saveProfile(ctx, wallet, { avatarMint: null, avatarUrl: null });
  const nft = await ctx.db.nft.findUnique({ where: { mintAddress }, include: { collection: true, mint: true } });
  if (!nft || !nft.mint) throw new AppError("NFT_NOT_FOUND", "No NFT minted on Dropmint has that mint address.");
  const owners = await readOwners(ctx, [mintAddress]);
  if (owners.get(mintAddress) !== wallet)
    throw new AppError("AVATAR_NOT_HELD", "That NFT is not in this wallet on this deployment's chain.");
  // Only the NFT is kept: its image is resolved at each read (profiles.ts), so an avatar
  // chosen before the reveal shows the art after it.
  return saveProfile(ctx, wallet, { avatarMint: mintAddress, avatarUrl: null });
}

/** The wallet's own profile after re-checking its avatar on the chain (an unreadable chain keeps it). */
export async function getProfileView(ctx: ServiceContext, wallet: string): Promise<ProfileView> {
  await recheckAvatars(ctx, [wallet]).catch(keepOnChainOutage);
  return profileView(ctx, wallet);
}

/**
 * Clears the avatars of those wallets (or of every profile with one, in pages) whose NFT has
 * left them; returns the wallets cleared. One chain read per page of avatars.
 */
export async function recheckAvatars(ctx: ServiceContext, wallets?: readonly string[]): Promise<string[]> {
  const cleared: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await ctx.db.profile.findMany({
      where: {
        avatarMint: { not: null },
        AND: [wallets ? { walletAddress: { in: [...wallets] } } : {}, after ? { walletAddress: { gt: after } } : {}],
      },
      select: { walletAddress: true, avatarMint: true },
      orderBy: { walletAddress: "asc" },
      take: AVATAR_PAGE,
    });
    if (page.length === 0) return cleared;
    const owners = await readOwners(
      ctx,
      page.map((p) => p.avatarMint!),
    );
    for (const { walletAddress, avatarMint } of page) {
      if (owners.get(avatarMint!) === walletAddress) continue;
      // Only if it still shows that NFT: a new avatar set meanwhile stays.
      const { count } = await ctx.db.profile.updateMany({
        where: { walletAddress, avatarMint },
        data: { avatarMint: null, avatarUrl: null },
      });
      if (count > 0) cleared.push(walletAddress);
    }
    if (page.length < AVATAR_PAGE) return cleared;
    after = page.at(-1)!.walletAddress;
  }
}

const AVATAR_PAGE = 100;

// ── Moderation (npm run keys -- profile …) ──────────────────────────────────────────

export type ModerationResult = { wallet: string; moderation: ProfileModeration; blocked: boolean };

type ModerationCtx = Pick<ServiceContext, "db" | "clock">;

/**
 * The operator's levers: clear a name or an avatar, or block the wallet from profiles and
 * reactions (its name and avatar cleared too) and lift that block. Announced like any
 * profile change, so every instance shows it within about a second.
 */
export async function moderateProfile(
  ctx: ModerationCtx,
  input: { wallet: string; moderation: ProfileModeration; reason?: string },
): Promise<ModerationResult> {
  const { wallet, moderation } = input;
  const cleared = {
    "clear-name": { displayName: null, displayNameKey: null },
    "clear-avatar": { avatarMint: null, avatarUrl: null },
    block: { displayName: null, displayNameKey: null, avatarMint: null, avatarUrl: null },
    unblock: {},
  }[moderation];
  const block =
    moderation === "block"
      ? { blockedAt: ctx.clock.now(), blockReason: input.reason ?? null }
      : moderation === "unblock"
        ? { blockedAt: null, blockReason: null }
        : {};
  const row = await ctx.db.profile.upsert({
    where: { walletAddress: wallet },
    create: { walletAddress: wallet, ...cleared, ...block },
    update: { ...cleared, ...block },
    select: { blockedAt: true },
  });
  return { wallet, moderation, blocked: row.blockedAt !== null };
}

/** Throws PROFILE_BLOCKED (with the reason) for a wallet the operator blocked from profiles. */
export async function assertNotBlocked(ctx: Pick<ServiceContext, "db">, wallet: string): Promise<void> {
  const row = await ctx.db.profile.findUnique({
    where: { walletAddress: wallet },
    select: { blockedAt: true, blockReason: true },
  });
  if (row?.blockedAt)
    throw new AppError("PROFILE_BLOCKED", "This wallet is blocked from profiles and reactions.", {
      extra: { reason: row.blockReason },
    });
}

// ── Steps ───────────────────────────────────────────────────────────────────────────

type ProfileFields = {
  displayName?: string | null;
  displayNameKey?: string | null;
  avatarMint?: string | null;
  avatarUrl?: string | null;
};

async function saveProfile(ctx: ServiceContext, wallet: string, fields: ProfileFields): Promise<ProfileView> {
  await ctx.db.profile.upsert({
    where: { walletAddress: wallet },
    create: { walletAddress: wallet, ...fields },
    update: fields,
  });
  return profileView(ctx, wallet);
}

async function profileView(ctx: ServiceContext, wallet: string): Promise<ProfileView> {
  const [profiles, row] = await Promise.all([
    getProfiles(ctx, [wallet]),
    ctx.db.profile.findUnique({ where: { walletAddress: wallet }, select: { avatarMint: true } }),
  ]);
  return { address: wallet, ...(profiles.get(wallet) ?? NO_PROFILE), avatarMint: row?.avatarMint ?? null };
}

/** Whether the name is a drop's name or short ID, ignoring case. */
async function namesADrop(ctx: ServiceContext, name: string): Promise<boolean> {
  const drop = await ctx.db.collection.findFirst({
    where: {
      OR: [{ name: { equals: name, mode: "insensitive" } }, { shortId: { equals: name, mode: "insensitive" } }],
    },
    select: { id: true },
  });
  return drop !== null;
}

async function readOwners(ctx: ServiceContext, mints: string[]): Promise<Map<string, string>> {
  try {
    return await ctx.chain.getMintOwners(mints);
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw new AppError("CHAIN_UNAVAILABLE", "The chain could not be read to check the NFT. Please retry.", {
        cause: error,
      });
    throw error;
  }
}

function keepOnChainOutage(error: unknown): void {
  if (error instanceof AppError && error.code === "CHAIN_UNAVAILABLE") return;
  throw error;
}

const nameRefused = (problem: NameProblem) => new AppError(NAME_PROBLEMS[problem][0], NAME_PROBLEMS[problem][1]);
const nameTaken = () => new AppError("PROFILE_NAME_TAKEN", "Another wallet already shows that name.");
