// What the studio shows for a failed change: the rules' own reasons, else a plain sentence.
import { isClientError } from "@/lib/client/errors";
import { describeStudioError as describeError } from "@/lib/client/studio-error-messages";

const WORDED = new Set(["INVALID_REQUEST", "LAUNCH_REFUSED"]);

/** A refusal's reasons (LAUNCH_REFUSED's rules, ALLOWLIST_INVALID's lines), else its sentence. */
export function reasonsOf(error: unknown): string[] {
  const body = isClientError(error) ? (error.details.body as Record<string, unknown> | null) : null;
  if (Array.isArray(body?.refusals)) return body.refusals as string[];
  // These codes' own sentences say what was wrong with this drop ("This drop has no delayed reveal…").
  if (isClientError(error) && WORDED.has(error.code) && typeof body?.error === "string") return [body.error];
  if (Array.isArray(body?.problems))
    return (body.problems as Array<{ line: number | null; reason: string }>).map((p) =>
      p.line === null ? p.reason : `Line ${p.line} ${p.reason}`,
    );
  return [describeError(error)];
}
