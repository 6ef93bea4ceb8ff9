// What every service works with, built once per request by the route wrappers (and once
// per run by background jobs and pages): the database, the chain, the configuration, the
// clock, the site's public address, the server's keys and the instance's read caches. A service takes this context and
// its own arguments, and returns data; it never sees the request, never reads the
// environment and never asks the system for the time.
import type { Chain, ServerKeys } from "@/lib/chain";
import type { Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ReadCaches } from "./read-caches";

/** The one source of "now" for services; tests pass a fixed one instead of patching time. */
export type Clock = { now(): Date };

export const systemClock: Clock = Object.freeze({ now: () => new Date() });

/** A clock stopped at `at` (tests, and a request that must see one instant throughout). */
export function fixedClock(at: Date | number): Clock {
  const ms = typeof at === "number" ? at : at.getTime();
  return Object.freeze({ now: () => new Date(ms) });
}

export type ServiceContext = Readonly<{
  db: Db;
  chain: Chain;
  config: Config;
  clock: Clock;
  /** Absolute base of every media and metadata URL in responses (PUBLIC_URL). */
  publicBaseUrl: string;
  /** The mint authority and the mint-key secret: only the mint flow signs with them. */
  keys: ServerKeys;
  /** This instance's in-memory facts of hot reads, kept fresh by the database's announcements. */
  caches: ReadCaches;
}>;
