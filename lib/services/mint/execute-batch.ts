// POST /execute-mint/batch: every {sessionId, signedTransaction} through the single execute,
// one after another, each answered on its own. Always HTTP 200; success when ANY landed.
// Purchases go first and bonus (buy N get M) NFTs last, so a bonus is signed only once the
// purchases it rewards have landed; results come back in the order they were sent.
import type { AuthContext } from "@/lib/auth/context";
import { AppError, describeZodError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { executeMintBodySchema, type BatchTransactionResult, type ExecuteMintBatchResponse } from "@/lib/schemas/mint";
import type { ServiceContext } from "@/lib/services/context";
import { executeMint } from "./execute";

const log = createLogger("mint");

export async function executeMintBatch(
  ctx: ServiceContext,
  auth: AuthContext,
  entries: readonly Record<string, unknown>[],
): Promise<ExecuteMintBatchResponse> {
  const started = performance.now();
  const results: BatchTransactionResult[] = new Array(entries.length);
  for (const index of await bonusesLast(ctx, entries)) results[index] = await executeEntry(ctx, auth, entries[index]!);
  const landed = results.filter((r) => r.success);
  return {
    success: landed.length > 0,
    results,
    totalMinted: landed.reduce((sum, r) => sum + (r.mintedCount ?? 0), 0),
    successfulTransactions: landed.length,
    failedTransactions: results.length - landed.length,
    executionTimeMs: Math.round(performance.now() - started),
  };
}

/** Entry positions, bonus sessions after every other (stable otherwise). */
async function bonusesLast(ctx: ServiceContext, entries: readonly Record<string, unknown>[]): Promise<number[]> {
  const ids = entries.map((e) =>
    typeof e.sessionId === "string" && UUID.test(e.sessionId) ? e.sessionId.toLowerCase() : null,
  );
  const wanted = ids.filter((id): id is string => id !== null);
  const bonuses = new Set(
    wanted.length === 0
      ? []
      : (
          await ctx.db.mintSession.findMany({ where: { id: { in: wanted }, kind: "bogo_bonus" }, select: { id: true } })
        ).map((s) => s.id),
  );
  const positions = entries.map((_, i) => i);
  return [
    ...positions.filter((i) => !bonuses.has(ids[i] ?? "")),
    ...positions.filter((i) => bonuses.has(ids[i] ?? "")),
  ];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function executeEntry(
  ctx: ServiceContext,
  auth: AuthContext,
  entry: Record<string, unknown>,
): Promise<BatchTransactionResult> {
  const sessionId = typeof entry.sessionId === "string" ? entry.sessionId : "";
  const failed = (
    code: string,
    error: string,
    extra: Partial<BatchTransactionResult> = {},
  ): BatchTransactionResult => ({
    sessionId,
    success: false,
    error,
    errorCode: code,
    minted: [],
    ...extra,
  });
  if ("transactionHash" in entry)
    return failed("CLIENT_BROADCAST_NOT_ALLOWED", "A transaction hash is never accepted; send the signed transaction.");
  const parsed = executeMintBodySchema.safeParse(entry);
  if (!parsed.success) return failed("INVALID_REQUEST", describeZodError(parsed.error, "transaction"));
  try {
    const result = await executeMint(ctx, auth, parsed.data, { inBatch: true });
    if (result.recovered) return { sessionId, success: true, recovered: true, mintedCount: 1, minted: [] };
    return {
      sessionId,
      success: true,
      signature: result.signature,
      mintedCount: result.minted,
      minted: result.nfts ?? [],
    };
  } catch (error) {
    if (error instanceof AppError) {
      const pending = error.code === "OUTCOME_PENDING" || error.code === "ALREADY_PROCESSING";
      return failed(error.code, error.message, pending ? { pending: true } : {});
    }
    log.error("batch execute failed unexpectedly", error);
    // Unknown failures may have happened after the submit: never tell the client to retry.
    return failed(
      "OUTCOME_PENDING",
      "The outcome of this transaction is not known. Check the wallet; do not resubmit.",
      { pending: true },
    );
  }
}
