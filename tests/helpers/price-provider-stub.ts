// A CoinGecko-compatible price provider on 127.0.0.1 (a real node:http server on a free
// port), for the token-price and pegged-price suites. It counts requests and can be made to
// fail.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type PriceProviderStub = {
  /** Base URL to put in TOKEN_PRICE_PROVIDER_URL. */
  url: string;
  /** Request paths (with query) received so far. */
  requests: string[];
  /** Coin id → USD price served by /simple/price. */
  prices: Record<string, number>;
  /** ok: serve prices; error: HTTP 500; junk: 200 with a body that is not the expected JSON. */
  mode: "ok" | "error" | "junk";
  close(): Promise<void>;
};

export async function startPriceProviderStub(prices: Record<string, number>): Promise<PriceProviderStub> {
  const stub = { requests: [] as string[], prices, mode: "ok" as PriceProviderStub["mode"] };
  const server: Server = createServer((request, response) => {
    stub.requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://stub");
    if (stub.mode === "error" || url.pathname !== "/api/v3/simple/price") {
      response.writeHead(stub.mode === "error" ? 500 : 404).end("{}");
      return;
    }
    if (stub.mode === "junk") {
      response.writeHead(200, { "content-type": "application/json" }).end('{"solana": "cheap"}');
      return;
    }
    const ids = (url.searchParams.get("ids") ?? "").split(",");
    const body = Object.fromEntries(ids.filter((id) => id in stub.prices).map((id) => [id, { usd: stub.prices[id] }]));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/api/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A loopback URL where nothing listens (the port of a server that was closed). */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v3`;
}
