// Every error a collector can meet has a plain sentence: each code the service answers with
// (a code added to lib/errors/codes.ts without a sentence fails here), the client's own
// and the wallet's; anything else falls back to the service's sentence, then a generic one.
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/errors";
import { DropmintClientError } from "@/lib/client/errors";
import { describeError, errorSentence, GENERIC_ERROR_SENTENCE } from "@/lib/client/error-messages";
import { describeStudioError, studioErrorSentence } from "@/lib/client/studio-error-messages";

const CLIENT_CODES = [
  "NETWORK_ERROR",
  "TIMEOUT",
  "INVALID_RESPONSE",
  "OUTCOME_UNKNOWN",
  "WALLET_REJECTED",
  "WALLET_NOT_CONNECTED",
  "WALLET_SIGN_FAILED",
];

// Answered by the creator studio only: their sentences ship with the studio's pages.
const STUDIO_ONLY = [
  "STUDIO_NOT_ALLOWED",
  "ALLOWLIST_INVALID",
  ...Object.keys(ERROR_CODES).filter((code) => code.startsWith("UPLOAD_")),
];

describe("errorSentence", () => {
  it.each(Object.keys(ERROR_CODES))("has a sentence for the service code %s", (code) => {
    const sentence = STUDIO_ONLY.includes(code) ? studioErrorSentence(code) : errorSentence(code);
    expect(sentence).toMatch(/^[A-Z].*[.!]$/);
    // For people: no codes, no jargon the collector cannot act on.
    expect(sentence).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    expect(sentence).not.toMatch(/\b(HTTP|API|JSON|session|payload)\b/i);
  });

  it.each(CLIENT_CODES)("has a sentence for the client code %s", (code) => {
    expect(errorSentence(code)).toMatch(/^[A-Z].*[.!]$/);
  });

  it("says what the issue names", () => {
    expect(errorSentence("OUTCOME_UNKNOWN")).toBe(
      "Your mint may still complete — check your wallet before trying again.",
    );
    expect(errorSentence("WALLET_REJECTED")).toBe("You declined the request in your wallet.");
    expect(errorSentence("WALLET_LIMIT_REACHED")).toBe("This wallet has minted as many as this phase allows.");
    expect(errorSentence("INSUFFICIENT_BALANCE")).toBe(
      "Your wallet doesn't have enough SOL for this mint and its network fees.",
    );
    expect(errorSentence("SESSION_EXPIRED")).toBe(
      "The mint took too long and its reservation expired. Please start again.",
    );
  });

  it("knows nothing of unknown codes or of Object's own members", () => {
    expect(errorSentence("SOMETHING_NEW")).toBeNull();
    expect(errorSentence("toString")).toBeNull();
    expect(errorSentence("__proto__")).toBeNull();
  });
});

describe("describeError", () => {
  it("uses the code's sentence, not the service's developer sentence", () => {
    const error = new DropmintClientError("SOLD_OUT", "Nothing is left (live reservations count).", {
      status: 409,
      body: { success: false, code: "SOLD_OUT", error: "Nothing is left." },
    });
    expect(describeError(error)).toBe(errorSentence("SOLD_OUT"));
  });

  it("falls back to the service's own sentence for a code this build does not know", () => {
    const error = new DropmintClientError("BRAND_NEW_CODE", "x", {
      status: 409,
      body: { success: false, code: "BRAND_NEW_CODE", error: "The drop is paused." },
    });
    expect(describeError(error)).toBe("The drop is paused.");
  });

  it("falls back to a generic sentence for anything else", () => {
    expect(describeError(new DropmintClientError("HTTP_418", "x", { status: 418, body: "<html>" }))).toBe(
      GENERIC_ERROR_SENTENCE,
    );
    expect(describeError(new Error("TypeError: cannot read properties of undefined"))).toBe(GENERIC_ERROR_SENTENCE);
    expect(describeError("boom")).toBe(GENERIC_ERROR_SENTENCE);
    expect(describeError(null)).toBe(GENERIC_ERROR_SENTENCE);
  });

  it("reads a code from any thrown object, such as a wallet-side error", () => {
    expect(describeError({ code: "WALLET_REJECTED", message: "User rejected the request." })).toBe(
      "You declined the request in your wallet.",
    );
  });
});

describe("the studio's own codes", () => {
  it("are described on the studio's pages, and left to the service's sentence elsewhere", () => {
    const error = new DropmintClientError("STUDIO_NOT_ALLOWED", "x", { body: { error: "Not a creator here." } });
    expect(errorSentence("STUDIO_NOT_ALLOWED")).toBeNull();
    expect(describeError(error)).toBe("Not a creator here.");
    expect(describeStudioError(error)).toBe(studioErrorSentence("STUDIO_NOT_ALLOWED"));
  });
});
