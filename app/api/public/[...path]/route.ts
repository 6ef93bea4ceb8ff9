// Any other /api/public path: the 404 envelope rather than Next's HTML page.
import { publicNotFound, publicPreflight } from "@/lib/api/public-route";

export const GET = publicNotFound;
export const POST = publicNotFound;
export const PUT = publicNotFound;
export const PATCH = publicNotFound;
export const DELETE = publicNotFound;
export const OPTIONS = publicPreflight;
