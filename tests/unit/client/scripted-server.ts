// A real HTTP server on a loopback port whose answers a test scripts request by request
// (503 twice then 200, a hang, a dropped socket…). It records every request it receives, so a
// test proves how many attempts the client made and when.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect } from "vitest";
import type { DropmintClientOptions } from "@/lib/client/api-client";
import { createSiteClient } from "@/lib/client/site-client";
import { DropmintClientError } from "@/lib/client/errors";

export type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
};

/** Answers request number `index` (0-based). */
export type Script = (request: ReceivedRequest, response: ServerResponse, index: number) => void;

export type ScriptedServer = { baseUrl: string; requests: ReceivedRequest[]; close(): Promise<void> };

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming, response) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at,
      };
      requests.push(request);
      script(request, response, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // Hung requests would keep the server open forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export function errorBody(code: string, extra: Record<string, unknown> = {}) {
  return { success: false, error: `Service sentence for ${code}.`, code, ...extra };
}

/** One answer of a `steps` script. */
export type Answer = (response: ServerResponse, request: ReceivedRequest) => void;

/** Never answers: the client's timeout must end it. */
export const hang: Answer = () => {};

/** Closes the connection without any response. */
export const dropSocket: Answer = (response) => {
  response.socket?.destroy();
};

/** A step script: answers request i with steps[i] (the last step repeats). */
export function steps(...answers: Answer[]): Script {
  return (request, response, index) => answers[Math.min(index, answers.length - 1)]!(response, request);
}

/** The DropmintClientError a promise rejects with (fails the test if it resolves or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<DropmintClientError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DropmintClientError);
  return error as DropmintClientError;
}

/** A client against a fresh scripted server, closed after each test; no pacing, 1 ms backoff. */
export function scriptedClients() {
  let server: ScriptedServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  return async function clientFor(script: Script, options: DropmintClientOptions = {}) {
    server = await startScriptedServer(script);
    return {
      // The site's client: the partner client's calls plus the first-party and local ones.
      client: createSiteClient({ baseUrl: server.baseUrl, pacing: null, backoffMs: 1, ...options }),
      server,
    };
  };
}
