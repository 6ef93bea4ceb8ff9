// The display-name rules of lib/domain/profile-name.ts (documented on /docs, Profiles).
import { describe, expect, it } from "vitest";
import { profileNameKey, profileNameProblem } from "@/lib/domain/profile-name";

describe("profile names", () => {
  it.each([
    ["Mira", null],
    ["Orin of Ember", null],
    ["tide_pool-42.eth", null],
    ["  padded  ", null],
    ["ab", "INVALID"],
    ["x".repeat(25), "INVALID"],
    ["_leading", "INVALID"],
    ["trailing.", "INVALID"],
    ["two  spaces", "INVALID"],
    ["émile", "INVALID"],
    ["Ԁropmint", "INVALID"], // a Cyrillic look-alike letter
    ["admin", "RESERVED"],
    ["S.U.P.P.O.R.T", "RESERVED"],
    ["dropmint fan", "RESERVED"],
    ["the official one", "RESERVED"],
    ["9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "IMPERSONATION"],
    ["9WzD...AWWM", "IMPERSONATION"],
    ["9WzD…AWWM", "IMPERSONATION"],
  ])("%s → %s", (name, problem) => {
    expect(profileNameProblem(name)).toBe(problem);
  });

  it("compares names ignoring case and surrounding spaces", () => {
    expect(profileNameKey(" Night Owl ")).toBe(profileNameKey("NIGHT OWL"));
  });
});
