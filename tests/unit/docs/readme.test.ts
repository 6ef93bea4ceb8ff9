// The README a newcomer reads first says what the site does (issue 24, item 13): its demo
// drop table names exactly the drops the seed creates, with their number in words, and it
// says how to restart without a build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_DROPS } from "@/lib/demo/demo-drops";
import { SHOWCASE_DROPS } from "@/lib/demo/showcase-drops";

const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
const NUMBERS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

describe("README", () => {
  it("lists exactly the seeded demo drops, and says how many", () => {
    const seeded = [
      ...Object.values(DEMO_DROPS).map((drop) => drop.shortId),
      ...Object.values(SHOWCASE_DROPS).map((showcase) => showcase.drop.shortId),
    ];
    const listed = [...readme.matchAll(/^\| `([a-z0-9-]+)` \| /gm)].map((row) => row[1]);
    expect([...listed].sort()).toEqual([...seeded].sort());
    expect(readme).toContain(`with ${NUMBERS[seeded.length]} demo drops`);
  });

  it("says how to restart without building again", () => {
    expect(readme.replace(/\s+/g, " ")).toMatch(
      /To restart without changing the code, skip the build: `npm run serve`/,
    );
  });
});
