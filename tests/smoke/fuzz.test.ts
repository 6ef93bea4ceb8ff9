// `npm run fuzz` as the smoke stage runs it: every operation of both documents, with valid
// and hostile inputs generated from their schemas (fixed seed, bounded count), against the
// built site on the embedded database and on PostgreSQL. Nothing answers 500, every 4xx is
// the envelope, every answer the documents describe matches them (tests/fuzz/run-fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase, databaseTargets } from "../helpers/databases";
import { startFuzzSite, type FuzzSite } from "../fuzz/fuzz-site";
import { fuzzContract } from "../fuzz/run-fuzz";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`fuzzing by contract on ${target.name}`, () => {
    let fuzzSite: FuzzSite | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      let databaseUrl: string | undefined;
      if (target.name === "postgres") {
        const database = await createEmptyPostgresDatabase(target);
        databaseUrl = database.url;
        dropDatabase = database.drop;
      }
      fuzzSite = await startFuzzSite({ databaseUrl });
    });
    afterAll(async () => {
      await fuzzSite?.stop();
      await dropDatabase?.();
    });

    it("finds no 500, no bare 4xx and no answer that breaks the documents", async () => {
      const report = await fuzzContract({ url: fuzzSite!.site.url, apiKey: fuzzSite!.apiKey });
      console.log(
        `fuzz on ${target.name}: ${report.operations} operations, ${report.requests} requests in ${report.seconds.toFixed(1)} s, statuses ${JSON.stringify(report.statuses)}`,
      );
      expect(report.findings).toEqual([]);
      expect(report.operations).toBeGreaterThan(30);
      // Both kinds of answer were reached: the valid inputs are not all refused.
      expect(Object.keys(report.statuses)).toEqual(expect.arrayContaining(["200", "400"]));
    });
  });
}
