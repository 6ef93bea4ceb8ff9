// How the sections read their first page on the server: the same service functions the v1
// routes call, with the same arguments, through the process runtime.
import "server-only";
import { cache } from "react";
import { logError } from "@/lib/api/log";
import { getRuntime, type Runtime } from "@/lib/server/runtime";

/** One clock per request, so every section is read at the same instant (like one API response). */
export const requestNow = cache(() => new Date());

/**
 * Runs a section's read. A failure is logged and gives null: the section then says it is
 * unavailable, and the rest of the drop page (header, phases, mint panel) still renders.
 */
export async function loadSection<T>(name: string, load: (runtime: Runtime, now: Date) => Promise<T>): Promise<T | null> {
  try {
    return await load(await getRuntime(), requestNow());
  } catch (error) {
    logError(`drop page: the ${name} section could not be read`, error);
    return null;
  }
}
