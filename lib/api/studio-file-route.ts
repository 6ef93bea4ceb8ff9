// A studio download (a CSV, not a JSON envelope): the same checks as studioRoute, in the same
// order (request budget, then the caller, then the caller's drop), with every refusal as the
// usual error envelope; the answer is streamed line by line and never cached.
import type { Collection } from "@/lib/db/generated/client";
import { getRuntime, serviceContextOf } from "@/lib/server/runtime";
import type { ServiceContext } from "@/lib/services/context";
import { clientIp, requestBudget, spendBudgets } from "./budgets";
import { handleApiError } from "./handle-error";
import { observeRequest } from "./request-observation";
import type { RouteHandler, RouteHandlerContext } from "./route";
import { requireOwnedDrop, requireStudioCaller } from "./studio-auth";

export type StudioFile = { contentType: string; filename: string; lines: AsyncIterable<string> };

export function studioDropFileRoute(file: (ctx: ServiceContext, drop: Collection) => StudioFile): RouteHandler {
  return (request: Request, context: RouteHandlerContext) =>
    observeRequest(request, async () => {
      try {
        const runtime = await getRuntime();
        await spendBudgets(runtime.rateLimiter, [
          requestBudget(runtime.config, clientIp(request, runtime.config.trustedProxyHops)),
        ]);
        const ctx = serviceContextOf(runtime);
        const caller = await requireStudioCaller(ctx, request);
        const drop = await requireOwnedDrop(ctx, caller, String((await context.params).id));
        const answer = file(ctx, drop);
        return new Response(linesStream(answer.lines), {
          headers: {
            "Content-Type": answer.contentType,
            "Content-Disposition": `attachment; filename="${answer.filename}"`,
            "Cache-Control": "no-store",
          },
        });
      } catch (error) {
        return handleApiError(error);
      }
    });
}

/** CRLF-terminated lines (RFC 4180), read from the source only as fast as the client takes them. */
function linesStream(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\r\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
