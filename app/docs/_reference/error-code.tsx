// An error code as the docs mention it: its status and name from lib/errors/codes.ts, so the
// guides never type a status or a code themselves (the type checker insists on a real code).
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";

export function Err({ code, plain = false }: { code: ErrorCode; plain?: boolean }) {
  return <code>{plain ? code : `${ERROR_CODES[code]} ${code}`}</code>;
}

/** Just the status of a code ("a 400"). */
export function StatusOf({ code }: { code: ErrorCode }) {
  return <>{ERROR_CODES[code]}</>;
}
