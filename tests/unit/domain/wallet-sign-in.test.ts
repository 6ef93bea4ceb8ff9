// The Sign In With Solana text and the rules the server checks it by (issue 21).
import { describe, expect, it } from "vitest";
import {
  SIGN_IN_NONCE_TTL_MS,
  WALLET_SESSION_MAX_MS,
  checkSignIn,
  parseSignInMessage,
  signInMessageText,
} from "@/lib/domain/wallet-sign-in";

const now = new Date("2026-11-25T12:00:00Z");
const fields = {
  domain: "localhost:3000",
  address: "BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs",
  statement: "Sign in to Dropmint.",
  uri: "http://localhost:3000",
  version: "1",
  chainId: "localnet",
  nonce: "abc123XYZ",
  issuedAt: now.toISOString(),
  expirationTime: new Date(now.getTime() + 3_600_000).toISOString(),
};
const expectFor = { address: fields.address, domains: ["localhost:3000"], now };

describe("the SIWS text", () => {
  it("is written in the SIWS order and read back field for field", () => {
    const text = signInMessageText(fields);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "localhost:3000 wants you to sign in with your Solana account:",
      fields.address,
      "",
      "Sign in to Dropmint.",
      "",
    ]);
    expect(text).toContain("\nNonce: abc123XYZ\nIssued At: ");
    expect(parseSignInMessage(text)).toEqual(fields);
  });

  it("is not a sign-in without its header, nonce, issued-at or expiry", () => {
    expect(parseSignInMessage("hello")).toBeNull();
    expect(parseSignInMessage(signInMessageText({ ...fields, nonce: "" }))).toBeNull();
  });
});

describe("checking a sign-in", () => {
  it("accepts the site's own domain and the named address; the session ends at the message's expiry, capped", () => {
    expect(checkSignIn(fields, expectFor)).toEqual({ sessionEndsAt: new Date(fields.expirationTime) });
    const longLived = { ...fields, expirationTime: "2027-01-01T00:00:00Z" };
    expect(checkSignIn(longLived, expectFor)).toEqual({
      sessionEndsAt: new Date(now.getTime() + WALLET_SESSION_MAX_MS),
    });
  });

  it("names what is wrong", () => {
    const late = new Date(now.getTime() - SIGN_IN_NONCE_TTL_MS - 120_000).toISOString();
    expect(checkSignIn({ ...fields, domain: "evil.example" }, expectFor)).toEqual({ problem: "WRONG_DOMAIN" });
    expect(checkSignIn({ ...fields, address: "x" }, expectFor)).toEqual({ problem: "WRONG_ADDRESS" });
    expect(checkSignIn({ ...fields, issuedAt: late }, expectFor)).toEqual({ problem: "TOO_OLD" });
    expect(checkSignIn({ ...fields, issuedAt: "2027-01-01T00:00:00Z" }, expectFor)).toEqual({
      problem: "ISSUED_IN_FUTURE",
    });
    expect(checkSignIn({ ...fields, expirationTime: now.toISOString() }, expectFor)).toEqual({ problem: "EXPIRED" });
    expect(checkSignIn({ ...fields, issuedAt: "soon" }, expectFor)).toEqual({ problem: "MALFORMED" });
  });
});
