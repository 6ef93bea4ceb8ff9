// `npm run localnet`: one local chain on http://127.0.0.1:8899 that several app instances
// (SOLANA_CLUSTER=localnet SOLANA_RPC_URL=http://127.0.0.1:8899) and a browser wallet share.
// It is the embedded chain (litesvm) in its own folder, `<DATA_DIR>/localnet` or
// LOCALNET_DIR, served over JSON-RPC; LOCALNET_PORT picks another port.
import path from "node:path";
import { DEFAULT_LOCALNET_PORT, openEmbeddedChain, startJsonRpcServer } from "../lib/chain";

function localnetPort(): number {
  const text = process.env.LOCALNET_PORT?.trim();
  if (!text) return DEFAULT_LOCALNET_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`LOCALNET_PORT must be a port number from 1 to 65535, not ${JSON.stringify(text)}.`);
  }
  return port;
}

async function main(): Promise<void> {
  const dir = path.resolve(
    process.env.LOCALNET_DIR?.trim() || path.join(process.env.DATA_DIR?.trim() || ".data", "localnet"),
  );
  const port = localnetPort();
  // A second localnet (or an app) on the same folder fails here with ChainLockedError, which names the holder.
  const chain = await openEmbeddedChain({ dir, cluster: "localnet" });
  let server;
  try {
    server = await startJsonRpcServer({ chain, port });
  } catch (error) {
    await chain.close();
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    throw inUse ? new Error(`port ${port} is in use (set LOCALNET_PORT to use another one)`) : error;
  }
  console.log(`Localnet JSON-RPC on ${server.url} (chain in ${dir}, block height ${await chain.getBlockHeight()}).`);
  console.log(`Point the app at it: SOLANA_CLUSTER=localnet SOLANA_RPC_URL=${server.url}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the localnet`);
    await server.close().catch(() => undefined);
    await chain.close().catch((error: unknown) => console.error("while closing the chain:", error));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`localnet: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
