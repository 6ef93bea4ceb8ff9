// How the operator commands (keys, drop, backup) end: exit 0 when done; for a mistake in the
// command line, the message, the usage and exit 2; for any other failure, the message and
// exit 1. One place, so every command answers a typo the same way.

import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** A mistake in the command line: answered with the usage and exit code 2. */
export class UsageError extends Error {}

/** node:util parseArgs refuses unknown or malformed options with these codes. */
function isUsageMistake(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  return error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
}

export function runCommand(name: string, usage: string, main: () => Promise<void>): void {
  void commandOutcome(name, usage, main).then((code) => process.exit(code));
}

/**
 * Runs a command's main and prints what went wrong; resolves with the exit code. The CLI
 * tests call this in-process too, so they see what `runCommand` prints without a new process.
 */
export async function commandOutcome(name: string, usage: string, main: () => Promise<void>): Promise<0 | 1 | 2> {
  try {
    await main();
    return 0;
  } catch (error: unknown) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    if (!isUsageMistake(error)) return 1;
    console.error(`\n${usage}`);
    return 2;
  }
}

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(realpathSync(script)).href === moduleUrl;
}
