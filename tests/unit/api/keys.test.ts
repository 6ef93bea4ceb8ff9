import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import bs58 from "bs58";
import { API_KEY_CLASSES, displayPrefixOf, generateApiKey, hashApiKey, parseApiKey } from "@/lib/auth/api-keys";

describe("API keys", () => {
  it.each(API_KEY_CLASSES)("generates a %s key as dm_<class>_<base58 of 32 bytes>", (keyClass) => {
    const { key, hash, displayPrefix } = generateApiKey(keyClass);
    expect(key.startsWith(`dm_${keyClass}_`)).toBe(true);
    const secret = key.slice(`dm_${keyClass}_`.length);
    expect(bs58.decode(secret)).toHaveLength(32);
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(displayPrefix).toBe(`dm_${keyClass}_${secret.slice(0, 8)}`);
    expect(parseApiKey(key)).toEqual({ keyClass });
  });

  it("never generates the same key twice", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey("live").key));
    expect(keys.size).toBe(200);
  });

  it("hashes to lowercase SHA-256 hex", () => {
    expect(hashApiKey("dm_live_x")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey("a")).not.toBe(hashApiKey("A"));
  });

  const valid = generateApiKey("live").key;
  it.each([
    ["missing", null],
    ["empty", ""],
    ["another service's prefix", valid.replace(/^dm_/, "sk_")],
    ["unknown class", valid.replace("_live_", "_prod_")],
    ["upper-case class", valid.replace("_live_", "_LIVE_")],
    ["no secret", "dm_live_"],
    ["short secret", "dm_live_abc"],
    ["non-base58 characters (0, O, I, l)", `dm_live_${"0OIl".repeat(10)}`],
    ["trailing space", `${valid} `],
    ["secret too long", `${valid}${"a".repeat(10)}`],
    ["unicode", `dm_live_${"é".repeat(40)}`],
  ])("rejects a malformed value: %s", (_name, value) => {
    expect(parseApiKey(value)).toBeNull();
  });

  it("refuses to derive a display prefix from a non-key", () => {
    expect(() => displayPrefixOf("nope")).toThrow();
  });
});
