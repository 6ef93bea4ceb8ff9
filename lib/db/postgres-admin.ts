// Small helpers for talking to a PostgreSQL server as its administrator: probing it and
// naming it in messages without leaking a password. Used by tests, the bench and the
// migration tool.
import pg from "pg";

/** Why the server at `adminUrl` cannot be used (undefined when it can). */
export async function probePostgres(adminUrl: string, timeoutMs = 1500): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL not reachable at ${redactUrl(adminUrl)}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL with its password masked, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Runs `fn` on a short-lived admin connection (create and drop databases). */
export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
