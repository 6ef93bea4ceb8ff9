import { describe, expect, it } from "vitest";
import { twitterHandleOf } from "@/lib/domain/twitter-handle";

describe("twitterHandleOf", () => {
  it.each([
    ["https://x.com/dropmint", "dropmint"],
    ["https://twitter.com/Drop_Mint/", "Drop_Mint"],
    ["http://www.x.com/dropmint?s=20", "dropmint"],
    ["x.com/dropmint", "dropmint"],
    ["https://x.com/@dropmint", "dropmint"],
    ["@dropmint", "dropmint"],
    ["dropmint", "dropmint"],
  ])("reads %j as %j", (input, handle) => {
    expect(twitterHandleOf(input)).toBe(handle);
  });

  it.each([
    null,
    undefined,
    "",
    "  ",
    "https://discord.gg/dropmint",
    "https://x.com/dropmint/status/1",
    "https://x.com/i/communities/1",
    "https://x.com/",
    "https://x.com/home",
    "https://x.com/a_handle_far_too_long",
    "not a url at all",
  ])("finds no handle in %j", (input) => {
    expect(twitterHandleOf(input)).toBeNull();
  });
});
