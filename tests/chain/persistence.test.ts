// The embedded chain survives a restart with everything the database may refer to, and
// only one process opens a chain folder at a time.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { ChainLockedError, ChainUnavailableError, signAndSerialize } from "@/lib/chain";
import { SOL, chainDir, mintSetup, openTestChain, prepareMint } from "./helpers";

describe("embedded chain persistence", () => {
  it("keeps balances, NFT ownership, signature statuses, the token index and live blockhashes across a restart", async () => {
    const dir = chainDir();
    const first = await openTestChain({ dir });
    const setup = await mintSetup(first);
    const prepared = await prepareMint(setup);
    const signature = await first.sendRawTransaction(signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority));
    const pending = await prepareMint(setup); // prepared before the restart, signed after it
    const buyer = setup.buyer.publicKey.toBase58();
    const mint = prepared.mint.publicKey.toBase58();
    const before = {
      buyer: await first.getBalance(buyer),
      treasury: await first.getBalance(setup.treasury.toBase58()),
      height: await first.getBlockHeight(),
    };
    await first.close();
    await expect(first.getBalance(buyer)).rejects.toBeInstanceOf(ChainUnavailableError);

    const second = await openTestChain({ dir });
    try {
      expect(await second.getBalance(buyer)).toBe(before.buyer);
      expect(await second.getBalance(setup.treasury.toBase58())).toBe(before.treasury);
      expect(await second.getBlockHeight()).toBeGreaterThanOrEqual(before.height);
      expect(await second.getSignatureStatus(signature)).toEqual({ state: "confirmed" });
      expect((await second.getMintOwners([mint])).get(mint)).toBe(buyer);
      const ata = getAssociatedTokenAddressSync(prepared.mint.publicKey, setup.buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
      expect(await second.getTokenBalances(buyer)).toEqual([{ mint, amount: 1n, tokenAccount: ata.toBase58() }]);

      // Still refuses what it refused before the restart, and lands what is still valid.
      await expect(second.sendRawTransaction(signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority))).rejects.toMatchObject({
        code: "AlreadyProcessed",
      });
      const late = await second.sendRawTransaction(signAndSerialize(pending.transaction, setup.buyer, pending.mint, setup.mintAuthority));
      expect(await second.getSignatureStatus(late)).toEqual({ state: "confirmed" });
      expect(second.stats().tokenAccounts).toBe(2);
    } finally {
      await second.close();
    }
    expect(readdirSync(dir).sort()).toEqual(["chain.state"]); // lock released, no temp files
  });

  it("has saved a landed transaction before sendRawTransaction returns", async () => {
    const dir = chainDir();
    const chain = await openTestChain({ dir });
    const wallet = Keypair.generate().publicKey.toBase58();
    await chain.airdrop(wallet, 3n * SOL);
    // Read the state file as a crashed process would leave it: no close(), no persist().
    const copy = chainDir();
    mkdirSync(copy);
    copyFileSync(path.join(dir, "chain.state"), path.join(copy, "chain.state"));
    await chain.close();
    const recovered = await openTestChain({ dir: copy });
    try {
      expect(await recovered.getBalance(wallet)).toBe(3n * SOL);
    } finally {
      await recovered.close();
    }
  });

  it("refuses a second open of the same folder until the first is closed", async () => {
    const dir = chainDir();
    const chain = await openTestChain({ dir });
    await expect(openTestChain({ dir })).rejects.toBeInstanceOf(ChainLockedError);
    await expect(openTestChain({ dir })).rejects.toThrow(/in use by this process/);
    await chain.close();
    const again = await openTestChain({ dir });
    await again.close();
  });

  it("takes over a lock left by a dead process, but not one held by a live one", async () => {
    const dir = chainDir();
    await (await openTestChain({ dir })).close();

    const exited = spawnSync("true"); // a pid whose process is gone
    writeFileSync(path.join(dir, "chain.lock"), JSON.stringify({ pid: exited.pid, token: "crashed" }));
    const taken = await openTestChain({ dir });
    await taken.close();
    expect(existsSync(path.join(dir, "chain.lock"))).toBe(false);

    writeFileSync(path.join(dir, "chain.lock"), JSON.stringify({ pid: process.ppid, token: "other" }));
    await expect(openTestChain({ dir })).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
  });
});
