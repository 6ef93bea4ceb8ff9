// How the operator commands (keys, drop, backup) end: exit 0 when done; for a mistake in the
// command line, the message, the usage and exit 2; for any other failure, the message and
// exit 1. One place, so every command answers a typo the same way.

/** A mistake in the command line: answered with the usage and exit code 2. */
export class UsageError extends Error {}

/** node:util parseArgs refuses unknown or malformed options with these codes. */
function isUsageMistake(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  return error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
}

export function runCommand(name: string, usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      if (isUsageMistake(error)) {
        console.error(`\n${usage}`);
        process.exit(2);
      }
      process.exit(1);
    },
  );
}
