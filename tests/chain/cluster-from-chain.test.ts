// The cluster comes from the chain, not from a default (issue 21 item 11). With only
// SOLANA_RPC_URL set to a devnet or mainnet node, SOLANA_CLUSTER stayed `localnet`, and the
// site offered burner wallets, a faucet, sandbox keys and demo seeding against a real chain.
// The runtime now asks the node for its genesis hash before it opens: a public cluster's
// node under a localnet configuration refuses to start, with the reason. Nodes of devnet and
// mainnet cannot be reached from here, so a JSON-RPC endpoint on loopback answers with their
// genesis hashes; the local chain is the real `npm run localnet` server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { openEmbeddedChain, startJsonRpcServer, type EmbeddedChain } from "@/lib/chain";
import { openChain } from "@/lib/server/create-runtime";

const DEVNET = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
const MAINNET = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";

/** A JSON-RPC node that reports `genesisHash` (what a devnet or mainnet node answers first). */
async function nodeWithGenesis(genesisHash: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const { id, method } = JSON.parse(text) as { id: unknown; method: string };
      const reply =
        method === "getGenesisHash"
          ? { jsonrpc: "2.0", id, result: genesisHash }
          : { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-cluster-"));
const configFor = (env: Record<string, string>) => parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the cluster of an RPC chain", () => {
  it.each([
    ["devnet", DEVNET],
    ["mainnet", MAINNET],
  ])("refuses to start as localnet on a %s node, naming the cluster and the fix", async (cluster, genesis) => {
    const node = await nodeWithGenesis(genesis);
    servers.push(node.server);
    const opening = openChain(configFor({ SOLANA_RPC_URL: node.url }));
    await expect(opening).rejects.toThrow(new RegExp(`${cluster} node.*SOLANA_CLUSTER=${cluster}`, "s"));
  });

  it("opens a devnet node configured as devnet", async () => {
    const node = await nodeWithGenesis(DEVNET);
    servers.push(node.server);
    const config = configFor({
      SOLANA_RPC_URL: node.url,
      SOLANA_CLUSTER: "devnet",
      MINT_AUTHORITY_SECRET_KEY: bs58.encode(Keypair.generate().secretKey),
      PRIZE_ACCOUNT_SECRET: "11".repeat(32),
    });
    const chain = await openChain(config);
    expect(chain.kind).not.toBe("embedded");
    await chain.close();
  });

  it("refuses a devnet configuration on a node of the local chain", async () => {
    const embedded = (await openEmbeddedChain({
      dir: path.join(dataDir, "chain-a"),
      cluster: "localnet",
    })) as EmbeddedChain;
    const local = await startJsonRpcServer({ chain: embedded, port: 0 });
    try {
      const config = configFor({
        SOLANA_RPC_URL: local.url,
        SOLANA_CLUSTER: "devnet",
        MINT_AUTHORITY_SECRET_KEY: bs58.encode(Keypair.generate().secretKey),
        PRIZE_ACCOUNT_SECRET: "11".repeat(32),
      });
      await expect(openChain(config)).rejects.toThrow(/localnet node.*SOLANA_CLUSTER=localnet/s);
      // …and opens it as what it is.
      const chain = await openChain(configFor({ SOLANA_RPC_URL: local.url }));
      expect(await chain.getBalance(Keypair.generate().publicKey.toBase58())).toBe(0n);
      await chain.close();
    } finally {
      await local.close();
      await embedded.close();
    }
  });
});
