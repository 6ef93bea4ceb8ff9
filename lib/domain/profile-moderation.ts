// What the operator can do to a collector's profile (`npm run keys -- profile <moderation> <wallet>`).
export const PROFILE_MODERATIONS = ["clear-name", "clear-avatar", "block", "unblock"] as const;
export type ProfileModeration = (typeof PROFILE_MODERATIONS)[number];
