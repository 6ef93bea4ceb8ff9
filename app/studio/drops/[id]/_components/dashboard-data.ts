// The dashboard's one read, polled while the page is open: React Query re-reads it every
// POLL_MS (and at once when the tab comes back), so a mint shows within seconds without a
// reload. Polling rather than server-sent events: one short, cacheless GET per open page
// every two seconds costs the server less than a held connection per page, and needs no
// fan-out between instances (every figure comes from the shared database).
"use client";

import { useQuery } from "@tanstack/react-query";
// Types only: the server sends every answer through the schema, and the schema module's zod
// and Solana imports would more than double this page's JavaScript.
import type { DropDashboardView } from "@/lib/schemas/studio-dashboard";

export const POLL_MS = 2_000;
/** The header naming the wallet a studio request acts for (lib/api/studio-auth.ts). */
const STUDIO_WALLET_HEADER = "x-studio-wallet";

export class DashboardReadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function dashboardUrl(dropId: string, file: "dashboard" | "mints.csv"): string {
  return `/api/studio/drops/${encodeURIComponent(dropId)}/${file}`;
}

/** The wallets this browser has signed in (their HttpOnly cookies are only readable by the server). */
async function signedInWallets(signal: AbortSignal): Promise<string[]> {
  const response = await fetch("/api/public/wallet-session", { credentials: "same-origin", cache: "no-store", signal });
  const body = (await response.json().catch(() => null)) as { wallets?: Array<{ address: string }> } | null;
  return response.ok ? (body?.wallets ?? []).map((w) => w.address) : [];
}

/** The signed-in wallets, polled slowly so signing in elsewhere (another tab, the button) is noticed. */
export function useSignedInWallets() {
  return useQuery({
    queryKey: ["studio", "wallets"],
    queryFn: ({ signal }) => signedInWallets(signal),
    refetchInterval: 30_000,
    retry: false,
  });
}

async function readDashboard(dropId: string, wallet: string, signal: AbortSignal): Promise<DropDashboardView> {
  // The studio acts for the one wallet it names (a browser may hold several wallets' sessions).
  const response = await fetch(dashboardUrl(dropId, "dashboard"), {
    credentials: "same-origin",
    cache: "no-store",
    headers: { [STUDIO_WALLET_HEADER]: wallet },
    signal,
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || body.success !== true) {
    const code = typeof body?.code === "string" ? body.code : "UNAVAILABLE";
    const message = typeof body?.error === "string" ? body.error : "The dashboard could not be read just now.";
    throw new DashboardReadError(response.status, code, message);
  }
  return body as unknown as DropDashboardView;
}

export function useDropDashboard(dropId: string, wallet: string | null) {
  return useQuery({
    queryKey: ["studio", "dashboard", dropId, wallet],
    queryFn: ({ signal }) => readDashboard(dropId, wallet!, signal),
    enabled: wallet !== null,
    // Signed out, not the drop's creator, no such drop: asking again will not change the answer.
    refetchInterval: (query) => (isFinal(query.state.error) ? false : POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

function isFinal(error: unknown): boolean {
  return error instanceof DashboardReadError && [401, 403, 404].includes(error.status);
}

/** Fetches the mints CSV as the wallet and hands it to the browser as a file. */
export async function downloadMintsCsv(dropId: string, wallet: string): Promise<void> {
  const response = await fetch(dashboardUrl(dropId, "mints.csv"), {
    credentials: "same-origin",
    cache: "no-store",
    headers: { [STUDIO_WALLET_HEADER]: wallet },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? "The export failed; try again.");
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "mints.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
