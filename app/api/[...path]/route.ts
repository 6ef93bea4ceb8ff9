// Any other /api path, /api/v1 included (the first-party router under /api/public has its
// own): the 404 envelope rather than Next's HTML page.
import { v1NotFound, v1Preflight } from "@/lib/api/v1-route";

export const GET = v1NotFound;
export const POST = v1NotFound;
export const PUT = v1NotFound;
export const PATCH = v1NotFound;
export const DELETE = v1NotFound;
export const OPTIONS = v1Preflight;
