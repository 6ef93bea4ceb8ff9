// The creator studio's calls from the browser (/api/studio/...): each names the signed-in
// wallet it acts for in X-Studio-Wallet (a browser may hold several wallets' cookies), sends
// JSON, and throws the client's one error with the service's code. Studio pages only: the
// public pages never import it. Changes are sent once (a refusal is for the creator to read).
import { DropmintClientError } from "./errors.ts";

export const STUDIO_WALLET_HEADER = "X-Studio-Wallet";

export type StudioFetch = <T = Record<string, unknown>>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
) => Promise<T>;

/** Calls for one wallet; `path` is under /api/studio (e.g. "/drops"). */
export function studioClient(wallet: string): StudioFetch {
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`/api/studio${path}`, {
        method,
        credentials: "same-origin",
        headers: {
          [STUDIO_WALLET_HEADER]: wallet,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new DropmintClientError("NETWORK_ERROR", "The studio could not be reached.");
    }
    const json = (await response.json().catch(() => null)) as { code?: string; error?: string } | null;
    if (response.ok && json) return json as never;
    throw new DropmintClientError(json?.code ?? "INVALID_RESPONSE", json?.error ?? `HTTP ${response.status}`, {
      status: response.status,
      body: json,
    });
  };
}
