// The dashboard's one read, polled while the page is open: React Query re-reads it every
// POLL_MS (and at once when the tab comes back), so a mint shows within seconds without a
// reload. Polling rather than server-sent events: one short, cacheless GET per open page
// every two seconds costs the server less than a held connection per page, and needs no
// fan-out between instances (every figure comes from the shared database).
"use client";

import { useQuery } from "@tanstack/react-query";
import { dropDashboardResponseSchema, type DropDashboardView } from "@/lib/schemas/studio-dashboard";

export const POLL_MS = 2_000;

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

async function readDashboard(dropId: string, signal: AbortSignal): Promise<DropDashboardView> {
  const response = await fetch(dashboardUrl(dropId, "dashboard"), {
    credentials: "same-origin",
    cache: "no-store",
    signal,
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || body.success !== true) {
    const code = typeof body?.code === "string" ? body.code : "UNAVAILABLE";
    const message = typeof body?.error === "string" ? body.error : "The dashboard could not be read just now.";
    throw new DashboardReadError(response.status, code, message);
  }
  return dropDashboardResponseSchema.parse(body);
}

export function useDropDashboard(dropId: string) {
  return useQuery({
    queryKey: ["studio", "dashboard", dropId],
    queryFn: ({ signal }) => readDashboard(dropId, signal),
    // Signed out, not the drop's creator, no such drop: asking again will not change the answer.
    refetchInterval: (query) => (isFinal(query.state.error) ? false : POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

function isFinal(error: unknown): boolean {
  return error instanceof DashboardReadError && [401, 403, 404].includes(error.status);
}
