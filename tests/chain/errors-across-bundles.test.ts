// Next builds the runtime (and the chain that throws) in its instrumentation bundle and each
// route in a bundle of its own, each with a copy of lib/chain/errors. A route must still tell
// a chain refusal apart (a refused airdrop to the System Program is a 400, not a 500: issue 24).
import { describe, expect, it, vi } from "vitest";

async function freshCopy() {
  vi.resetModules();
  return import("@/lib/chain/errors");
}

describe("chain errors across module copies", () => {
  it("instanceof holds between two copies of the module, for the class and its parents only", async () => {
    const thrower = await freshCopy();
    const catcher = await freshCopy();
    expect(thrower.ChainTransactionError).not.toBe(catcher.ChainTransactionError);

    const refused = new thrower.ChainTransactionError("AirdropFailed", "the airdrop failed");
    expect(refused).toBeInstanceOf(catcher.ChainTransactionError);
    expect(refused).toBeInstanceOf(catcher.ChainError);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(catcher.ChainUnavailableError);
    expect(refused.code).toBe("AirdropFailed");

    const unavailable = new thrower.ChainUnavailableError("down");
    expect(unavailable).toBeInstanceOf(catcher.ChainUnavailableError);
    expect(unavailable).not.toBeInstanceOf(catcher.ChainTransactionError);
    expect(new Error("plain")).not.toBeInstanceOf(catcher.ChainError);
    expect(null).not.toBeInstanceOf(catcher.ChainError);
    // The cause a caller attaches stays on the error.
    const cause = new Error("disk full");
    expect(new thrower.ChainUnavailableError("could not persist", { cause }).cause).toBe(cause);
  });
});
