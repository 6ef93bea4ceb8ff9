// How the sections read their first page on the server: the same service functions the v1
// routes call, with the same arguments, on one service context per request.
import "server-only";
import { cache } from "react";
import { createLogger } from "@/lib/log";
import { getServiceContext } from "@/lib/server/runtime";
import { fixedClock, type ServiceContext } from "@/lib/services/context";

const log = createLogger("page");

/** One clock per request, so every section is read at the same instant (like one API response). */
export const requestNow = cache(() => new Date());

/** The services' context of this request, its clock stopped at `requestNow()`. */
const requestContext = cache(async (): Promise<ServiceContext> => ({
  ...(await getServiceContext()),
  clock: fixedClock(requestNow()),
}));

/**
 * Runs a section's read. A failure is logged and gives null: the section then says it is
 * unavailable, and the rest of the drop page (header, phases, mint panel) still renders.
 */
export async function loadSection<T>(name: string, load: (ctx: ServiceContext) => Promise<T>): Promise<T | null> {
  try {
    return await load(await requestContext());
  } catch (error) {
    log.error(`drop page: the ${name} section could not be read`, error);
    return null;
  }
}
