// The errors every layer throws and the stable codes they carry. Codes are for programs,
// sentences for people; the HTTP layer (lib/api) turns them into envelopes.
export * from "./app-error";
export * from "./codes";
export * from "./describe-zod-error";
