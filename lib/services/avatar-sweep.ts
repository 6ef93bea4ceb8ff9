// The instance's avatar sweep: every AVATAR_SWEEP_MS, avatars whose NFT has left the wallet
// are cleared (profile-edit.ts recheckAvatars), so a sold or transferred NFT stops being
// someone's face within about a minute even if nobody opens their profile. The chain
// announces nothing, hence the poll; one chain read per hundred avatars.
import { createLogger } from "@/lib/log";
import type { ServiceContext } from "./context";
import { recheckAvatars } from "./profile-edit";

const log = createLogger("profiles");

export const AVATAR_SWEEP_MS = 60_000;

/** Starts the sweep (its timer unref'd); the returned function stops it and waits for a run under way. */
export function startAvatarSweep(ctx: ServiceContext, everyMs = AVATAR_SWEEP_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = recheckAvatars(ctx).catch((error: unknown) => log.warn("avatar sweep failed", error));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
