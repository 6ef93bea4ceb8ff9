import type { z } from "zod";

/** One short sentence naming the first bad field; values and internals stay out. */
export function describeZodError(error: z.core.$ZodError, where = "request"): string {
  const issue = error.issues[0];
  if (!issue) return `The ${where} is invalid.`;
  const field = clip(issue.path.map(String).join("."), 60);
  const message = clip(issue.message.replace(/^Invalid input: /, "").replace(/\.$/, ""), 120);
  return field ? `The ${where} field "${field}" is invalid: ${message}.` : `The ${where} is invalid: ${message}.`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
