// The site's own client (not in the @dropmint/client package): the partner client plus the
// first-party router's calls, which answer the site's pages only (any partner key is refused
// with PARTNER_KEY_NOT_ALLOWED), and, on the local chain, the faucet and balance.
import { createDropmintClient, type DropmintClient } from "./api-client.ts";
import { localnetCalls, type LocalnetClient } from "./local.ts";
import { connect, type DropmintClientOptions } from "./read-client.ts";
import { firstPartyReads, type FirstPartyReads } from "./site-read-client.ts";
import { profileCalls, type ProfileCalls } from "./profile-client.ts";

export { createSiteReadClient, type FirstPartyReads, type SiteReadClient } from "./site-read-client.ts";

export type { ProfileView, ReactionState, SignedInWallet, SignInFields } from "./profile-client.ts";

export type SiteClient = DropmintClient & FirstPartyReads & LocalnetClient & ProfileCalls;

/** The whole client, for the drop page. One connection: one pacing bucket for every call. */
export function createSiteClient(options: DropmintClientOptions = {}): SiteClient {
  const connection = connect(options);
  return {
    ...createDropmintClient(options, connection),
    ...firstPartyReads(connection),
    ...localnetCalls(connection),
    ...profileCalls(connection),
  };
}
