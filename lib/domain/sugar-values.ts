// The value formats of a Metaplex Sugar config, read the way Dropmint keeps them: dates as
// instants, SOL amounts as bigint lamports, addresses as base58 public keys.
import bs58 from "bs58";
import { parseUnits } from "./parse-units";

const LAMPORTS_DECIMALS = 9;
/** More than anyone charges for one NFT; keeps amounts far from float precision limits. */
const MAX_SOL = 1_000_000;

/**
 * A Sugar guard date. Sugar parses with Rust's `dateparser`, which reads a date without a zone
 * in the local time of the machine running it; Dropmint accepts the forms its docs and
 * templates use, always with an explicit UTC offset (a launch time must not depend on where
 * the command runs):
 *   "2024-06-01T18:00:00Z", "2024-06-01T18:00:00+02:00" (RFC 3339 / ISO 8601),
 *   "2024-06-01 18:00:00 +0000" (Sugar's template).
 * Returns null for anything else: a zoneless date ("2024-06-01 18:00:00", "2024-06-01",
 * see zonelessSugarDate) or an impossible one (31 February).
 */
export function parseSugarDate(text: string): Date | null {
  const parts = dateParts(text);
  return parts && parts.zone !== null ? new Date(parts.utcMs - parts.zone * 60_000) : null;
}

/** A well-formed date written without a zone, as it reads in UTC; null when it has a zone or is not a date. */
export function zonelessSugarDate(text: string): Date | null {
  const parts = dateParts(text);
  return parts && parts.zone === null ? new Date(parts.utcMs) : null;
}

/** The wall-clock instant as if in UTC, and the offset in minutes (null: none written). */
function dateParts(text: string): { utcMs: number; zone: number | null } | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    );
  if (!match) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone] = match;
  const ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(frac.padEnd(3, "0").slice(0, 3)),
  );
  const check = new Date(ms);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return null;
  }
  if (zone === undefined) return { utcMs: ms, zone: null };
  const offset = /^(Z|UTC)$/i.test(zone)
    ? 0
    : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  return { utcMs: ms, zone: offset };
}

/**
 * A SOL amount as written in a Sugar config (a JSON number, e.g. `"value": 0.3`) in lamports.
 * Sugar multiplies the float by 10^9 and truncates, so 0.3 becomes 299,999,999 lamports;
 * Dropmint reads the number's shortest decimal form instead, so 0.3 SOL is exactly
 * 300,000,000. Throws a sentence for a negative, non-finite or over-precise value.
 */
export function solToLamports(value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError("must be a SOL amount of 0 or more");
  if (value > MAX_SOL) throw new RangeError(`must be at most ${MAX_SOL.toLocaleString("en-US")} SOL`);
  const fixed = value.toFixed(LAMPORTS_DECIMALS);
  if (Number(fixed) !== value) throw new RangeError("has more than 9 decimals (a lamport is 0.000000001 SOL)");
  return parseUnits(fixed, LAMPORTS_DECIMALS);
}

/** A base58 Solana public key (32 bytes). */
export function isSolanaAddress(text: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false;
  try {
    return bs58.decode(text).length === 32;
  } catch {
    return false;
  }
}
