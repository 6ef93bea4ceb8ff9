// Turns anything thrown inside a route into an envelope. Codes and short sentences go
// to the client; stacks and internals go to the server log only.
import { z } from "zod";
import { Prisma } from "@/lib/db/generated/client";
import { AppError, describeZodError, retryAfterOf } from "@/lib/errors";
import { fail } from "./envelope";
import { createLogger, createSummary } from "@/lib/log";

const log = createLogger("api");
const unhandled = createSummary(log, "unhandled error in a route");

/** Prisma errors caused by input the database refused (malformed UUID, too long, …). */
const PRISMA_INPUT_ERRORS: Readonly<Record<string, "INVALID_REQUEST" | "NOT_FOUND">> = {
  P2000: "INVALID_REQUEST", // value too long for the column
  P2007: "INVALID_REQUEST", // invalid input value (e.g. malformed UUID through a driver adapter)
  P2020: "INVALID_REQUEST", // value out of range
  P2023: "INVALID_REQUEST", // inconsistent column data (e.g. malformed UUID)
  P2033: "INVALID_REQUEST", // number does not fit in 64 bits
  P2025: "NOT_FOUND", // the record an operation depends on does not exist
};

export function handleApiError(error: unknown): Response {
  if (error instanceof AppError) {
    const retryAfter = retryAfterOf(error);
    return fail(
      error.code,
      error.message,
      error.extra,
      retryAfter === null ? undefined : { headers: { "Retry-After": String(retryAfter) } },
    );
  }
  if (error instanceof z.core.$ZodError) return fail("INVALID_REQUEST", describeZodError(error));
  if (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_INPUT_ERRORS[error.code]) {
    const code = PRISMA_INPUT_ERRORS[error.code]!;
    return fail(code, code === "NOT_FOUND" ? "Not found." : "A value in the request is not valid.");
  }
  unhandled(error);
  return fail("INTERNAL_ERROR", "Something went wrong on our side. Please retry later.");
}
