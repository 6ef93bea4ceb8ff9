// An HTTP listener on 127.0.0.1 handing every request to the app's route handlers (what
// `next start` does), for tests whose child processes call the site over HTTP (the CLIs
// that reach the running site through `<DATA_DIR>/instance.json`).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { callRoute } from "./route-caller";

export async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
    const response = await callRoute(req.method ?? "GET", req.url ?? "/", {
      headers,
      rawBody: chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined,
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
