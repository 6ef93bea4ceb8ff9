// Who may use the creator studio. A creator is a wallet; the operator decides who may create
// drops (STUDIO_CREATORS: `open` to any signed-in wallet, or `allowlist` to CREATOR_WALLETS),
// and ADMIN_WALLETS see and act on every drop. Pure: the settings come from the configuration.

export type StudioSettings = Readonly<{
  creators: "open" | "allowlist";
  creatorWallets: readonly string[];
  adminWallets: readonly string[];
}>;

export type StudioRole = "admin" | "creator";

/** The wallet's role in the studio, or null when the operator has not let it create. */
export function studioRoleOf(settings: StudioSettings, wallet: string): StudioRole | null {
  if (settings.adminWallets.includes(wallet)) return "admin";
  if (settings.creators === "open" || settings.creatorWallets.includes(wallet)) return "creator";
  return null;
}

/** Whether a caller sees a drop: its creator, or an admin. A drop without a creator is the operator's (admins only). */
export function ownsDrop(caller: { wallet: string; isAdmin: boolean }, creatorWallet: string | null): boolean {
  return caller.isAdmin || (creatorWallet !== null && creatorWallet === caller.wallet);
}
