// A collector's display name: what is allowed, how two names compare, and which names would
// let one wallet pass for another wallet, a drop or the site. Pure: the service adds the
// checks that need the database (another wallet's name, a drop's name or short ID).
//
// Rules (documented on /docs, Profiles):
// - 3 to 24 characters after trimming;
// - ASCII letters and digits, spaces, ".", "_" and "-"; the first and last a letter or digit,
//   never two spaces in a row. ASCII only: look-alike letters of other scripts ("Dr0pmint"
//   in Cyrillic) would defeat the uniqueness and reserved-word checks;
// - unique ignoring case (the key below);
// - not a reserved word, nor containing one of the site's or staff's names;
// - not shaped like a wallet address, whole ("7xKX…" 32 to 44 base58 characters) or shortened
//   as feeds show it ("7xKX…gAsU", "7xKX...gAsU").

export const PROFILE_NAME_MIN = 3;
export const PROFILE_NAME_MAX = 24;

/** Names refused outright (compared by key). */
export const RESERVED_NAMES: readonly string[] = [
  "admin",
  "administrator",
  "anonymous",
  "api",
  "collector",
  "drop",
  "drops",
  "help",
  "mod",
  "moderator",
  "null",
  "operator",
  "root",
  "security",
  "solana",
  "staff",
  "support",
  "system",
  "team",
  "undefined",
  "unknown",
  "you",
];

/** Words no name may contain, whatever surrounds them (the site's own name, staff titles). */
export const RESERVED_PARTS: readonly string[] = ["dropmint", "official", "admin", "moderator", "support"];

const ALLOWED = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]*[A-Za-z0-9])?$/;
const BASE58 = "1-9A-HJ-NP-Za-km-z";
const WHOLE_ADDRESS = new RegExp(`^[${BASE58}]{32,44}$`);
const SHORT_ADDRESS = new RegExp(`^[${BASE58}]{3,8}(?:\\.{2,3}|…)[${BASE58}]{3,8}$`);

export type NameProblem = "INVALID" | "RESERVED" | "IMPERSONATION";

/** The name as stored: trimmed. */
export const normalizeProfileName = (name: string): string => name.trim();

/** Two names are the same name when their keys are equal. */
export const profileNameKey = (name: string): string => normalizeProfileName(name).toLowerCase();

/** The first rule the name breaks, or null; `name` as the caller typed it. */
export function profileNameProblem(name: string): NameProblem | null {
  const trimmed = normalizeProfileName(name);
  if (WHOLE_ADDRESS.test(trimmed) || SHORT_ADDRESS.test(trimmed)) return "IMPERSONATION";
  if (trimmed.length < PROFILE_NAME_MIN || trimmed.length > PROFILE_NAME_MAX) return "INVALID";
  if (!ALLOWED.test(trimmed) || trimmed.includes("  ")) return "INVALID";
  const key = profileNameKey(trimmed);
  const squashed = key.replace(/[ ._-]/g, "");
  if (RESERVED_NAMES.includes(key) || RESERVED_NAMES.includes(squashed)) return "RESERVED";
  if (RESERVED_PARTS.some((part) => squashed.includes(part))) return "RESERVED";
  return null;
}
