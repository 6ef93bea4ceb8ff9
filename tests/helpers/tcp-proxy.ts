// A TCP proxy in front of a server, for faults no server can be asked to make: a connection
// that goes silent without closing (a half-open socket after a network partition). Sockets
// whose first bytes contain `marker` (for PostgreSQL, the application_name in the startup
// packet) can be frozen: nothing passes either way any more, and nothing is closed.
import { createServer, connect, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Freezes every open connection whose first bytes contained `marker`; new connections still pass. */
  freeze(marker: string): number;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket; firstBytes: string; frozen: boolean }>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream, firstBytes: "", frozen: false };
    pairs.add(pair);
    client.on("data", (chunk: Buffer) => {
      if (pair.firstBytes.length < 4096) pair.firstBytes += chunk.toString("latin1");
      if (!pair.frozen) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => {
      if (pair.frozen) return; // a frozen connection stays silent (no FIN, no RST) until the proxy closes
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze(marker) {
      let frozen = 0;
      for (const pair of pairs) {
        if (!pair.firstBytes.includes(marker)) continue;
        pair.frozen = true;
        frozen += 1;
      }
      return frozen;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
