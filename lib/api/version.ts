// The v1 interface's version as GET / reports it. Within v1 changes are additive only.
export const API_VERSION = "1.0.0";
export const API_STABILITY = "stable";

/**
 * Where a newcomer starts: the public OpenAPI document (`docs`) and the reference written
 * for people (`reference`). GET / answers them, and so does its 401 to a caller without a key.
 */
export function discoveryLinks(publicUrl: string): { docs: string; reference: string } {
  return { docs: `${publicUrl}/api/v1/openapi.json`, reference: `${publicUrl}/docs` };
}
