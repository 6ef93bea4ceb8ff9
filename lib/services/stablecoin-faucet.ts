// The local chain's test stablecoin (lib/chain/test-stablecoin.ts): created on first use
// (the demo seed, or the first faucet request), handed out by the faucet, and read for the
// mint panel. Localnet only: on any other cluster there is no such token to hand out.
import { PublicKey } from "@solana/web3.js";
import {
  TEST_STABLECOIN,
  assertFaucetAvailable,
  buildFungibleMintToTransaction,
  buildFungibleMintTransaction,
  readPaymentToken,
  testStablecoinKeypair,
  tokenBalanceOf,
  type PaymentToken,
} from "@/lib/chain";
import { toDisplayAmount } from "@/lib/domain/amounts";
import { parseUnits } from "@/lib/domain/parse-units";
import type { ServiceContext } from "./context";
import { assertSigningWallet } from "./signing-wallet";

type Ctx = Pick<ServiceContext, "chain" | "keys">;

/** The stablecoin's mint, created by the mint authority when the chain does not have it yet. */
export async function ensureTestStablecoin(ctx: Ctx): Promise<PaymentToken> {
  assertFaucetAvailable(ctx.chain.cluster);
  const keypair = testStablecoinKeypair(ctx.keys.mintKeySecret);
  const existing = await readPaymentToken(ctx.chain, keypair.publicKey.toBase58());
  if (existing) return existing;
  const authority = ctx.keys.mintAuthority;
  if ((await ctx.chain.getBalance(authority.publicKey.toBase58())) < 100_000_000n)
    await ctx.chain.airdrop(authority.publicKey.toBase58(), 1_000_000_000n);
  const { transaction } = buildFungibleMintTransaction({
    mintAuthority: authority,
    mint: keypair,
    decimals: TEST_STABLECOIN.decimals,
    program: TEST_STABLECOIN.program,
    recentBlockhash: (await ctx.chain.getLatestBlockhash()).blockhash,
  });
  await ctx.chain.sendRawTransaction(transaction.serialize());
  return (await readPaymentToken(ctx.chain, keypair.publicKey.toBase58()))!;
}

/** Mints `amount` whole test stablecoins to the wallet's token account (created if missing). */
export async function giveTestStablecoin(ctx: Ctx, address: string, amount: number) {
  // A program-derived address has no key to spend from: tokens sent there would be stuck.
  assertSigningWallet(address, "address");
  const token = await ensureTestStablecoin(ctx);
  const raw = parseUnits(amount.toFixed(token.decimals), token.decimals);
  const transaction = buildFungibleMintToTransaction({
    mintAuthority: ctx.keys.mintAuthority,
    mint: new PublicKey(token.mint),
    recipients: [{ owner: new PublicKey(address), amount: raw }],
    program: TEST_STABLECOIN.program,
    recentBlockhash: (await ctx.chain.getLatestBlockhash()).blockhash,
  });
  const signature = await ctx.chain.sendRawTransaction(transaction.serialize());
  return { signature, ...(await stablecoinBalance(ctx, address)) };
}

/** A wallet's test stablecoin on the local chain (0 before the stablecoin exists). */
export async function stablecoinBalance(ctx: Ctx, address: string) {
  assertFaucetAvailable(ctx.chain.cluster);
  const mint = testStablecoinKeypair(ctx.keys.mintKeySecret).publicKey.toBase58();
  const token = await readPaymentToken(ctx.chain, mint);
  const raw = token ? await tokenBalanceOf(ctx.chain, address, token) : 0n;
  const decimals = TEST_STABLECOIN.decimals;
  return {
    address,
    mint,
    symbol: TEST_STABLECOIN.symbol,
    decimals,
    amount: toDisplayAmount(raw, decimals),
    amountRaw: Number(raw),
  };
}
