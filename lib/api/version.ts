// The v1 interface's version as GET / reports it. Within v1 changes are additive only.
export const API_VERSION = "1.0.0";
export const API_STABILITY = "stable";
