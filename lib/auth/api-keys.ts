// Partner API keys: `dm_<class>_<secret>`, the secret 32 random bytes in base58. Only the
// SHA-256 of the whole key is stored; the display prefix identifies it in listings.
import { createHash, randomBytes } from "node:crypto";
import bs58 from "bs58";

export const API_KEY_PREFIX = "dm";
export const API_KEY_CLASSES = ["pub", "live", "test"] as const;
export type ApiKeyClass = (typeof API_KEY_CLASSES)[number];

/** Characters of the secret kept in the display prefix (about 47 of its 256 bits). */
const DISPLAY_SECRET_CHARS = 8;
const KEY_PATTERN = /^dm_(pub|live|test)_([1-9A-HJ-NP-Za-km-z]{32,44})$/;

export type GeneratedApiKey = { key: string; hash: string; displayPrefix: string };

export function generateApiKey(keyClass: ApiKeyClass): GeneratedApiKey {
  const key = `${API_KEY_PREFIX}_${keyClass}_${bs58.encode(randomBytes(32))}`;
  return { key, hash: hashApiKey(key), displayPrefix: displayPrefixOf(key) };
}

/** SHA-256 hex of the whole key: the only form in which a key is stored or looked up. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The key's class, or null when the value is not shaped like a Dropmint key. */
export function parseApiKey(value: string | null | undefined): { keyClass: ApiKeyClass } | null {
  const match = value ? KEY_PATTERN.exec(value) : null;
  return match ? { keyClass: match[1] as ApiKeyClass } : null;
}

export function displayPrefixOf(key: string): string {
  const parsed = KEY_PATTERN.exec(key);
  if (!parsed) throw new Error("not an API key");
  return `${API_KEY_PREFIX}_${parsed[1]}_${parsed[2]!.slice(0, DISPLAY_SECRET_CHARS)}`;
}
