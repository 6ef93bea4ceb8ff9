import { describe, expect, it } from "vitest";
import { checkWalletEntries, walletEntriesOfJson, walletEntriesOfLines } from "@/lib/domain/wallet-list";

const A = "B2KfrgJ8p9mbKZRBqCEQsxzQjCXBTLKRF63PCQCWzy5d";
const B = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

describe("wallet lists (allowList files and studio uploads)", () => {
  it("reads one wallet a line, skipping blanks and # comments, and names each bad line", () => {
    const entries = walletEntriesOfLines(`# early\n${A}\n\nbad # oops\n${A}\n`);
    expect(checkWalletEntries(entries)).toEqual({
      wallets: [A],
      problems: [
        { at: "line 4", line: 4, reason: "is not a base58 Solana address" },
        { at: "line 5", line: 5, reason: `${A} is listed twice` },
      ],
    });
  });

  it("reads a CSV's first cell and skips its header row; the bad cell is never echoed", () => {
    const entries = walletEntriesOfLines(`Wallet,Note\r\n"${A}",vip\r\n${B};x\r\nsecret-ish,1`, { csv: true });
    const list = checkWalletEntries(entries);
    expect(list.wallets).toEqual([A, B]);
    expect(list.problems).toEqual([{ at: "line 4", line: 4, reason: "is not a base58 Solana address" }]);
  });

  it("gives a JSON array's items their lines", () => {
    const text = `[\n  "${A}",\n\n  7, "${B}"\n]`;
    const entries = walletEntriesOfJson(text, JSON.parse(text))!;
    expect(entries.map((e) => [e.at, e.line])).toEqual([
      ["[0]", 2],
      ["[1]", 4],
      ["[2]", 4],
    ]);
    expect(walletEntriesOfJson("{}", {})).toBeNull();
    expect(checkWalletEntries([]).problems).toEqual([{ at: "", line: null, reason: "lists no wallet" }]);
  });
});
