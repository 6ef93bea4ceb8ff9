// Issue 22 item 1: until a phase's token is settled end to end from a folder, a drop priced
// in a token cannot be created. Sugar's tokenPayment guard is refused while reading the
// folder; a staged plan whose pegged price names another token than SOL (it would be shown in
// that token and charged the amount in lamports) is refused by create and update, writing
// nothing.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { readDropFolder } from "@/lib/launch/read-folder";
import { planOf, stagePlan, storeDraftMedia } from "@/lib/launch/stage-drop";
import { localMediaDir, openLocalMediaStore } from "@/lib/media/media-store";
import { runDropCommand } from "@/lib/services/drop-launch";
import { databaseTargets } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { copyExample, editJson } from "./helpers";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a drop priced in a token, from a folder, on ${target.name}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
    });
    afterAll(() => app?.close());

    it("refuses Sugar's tokenPayment guard by name while reading the folder", async () => {
      const folder = copyExample();
      editJson(path.join(folder, "config.json"), (c) => {
        c.guards.groups[0].guards.tokenPayment = {
          amount: 12_000_000,
          mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
          destinationAta: "SMBtHCCC6RYRutFEPb4gZqeBLUZbMNhRKaMKZZLHi7W",
        };
      });
      const read = await readDropFolder(folder);
      expect(read.ok).toBe(false);
      expect(JSON.stringify(!read.ok && read.problems)).toMatch(/tokenPayment/);
    });

    it("refuses a staged plan whose pegged price names another token, with the reason, writing nothing", async () => {
      const read = await readDropFolder(copyExample());
      if (!read.ok) throw new Error(JSON.stringify(read.problems));
      const store = openLocalMediaStore(localMediaDir(app.runtime.config.dataDir));
      await storeDraftMedia(read.draft, store);
      const plan = planOf(read.draft, store);
      const pegged = { ...plan.phases[0]!, priceModel: "pegged" as const, price: "0" };
      const edited = {
        ...plan,
        phases: [
          { ...pegged, pegConfig: { pegMode: "usd", target: 12, tokenSymbol: "USDC" } },
          ...plan.phases.slice(1),
        ],
      };
      await stagePlan(app.runtime.config.dataDir, edited);
      const refusal = await runDropCommand(app.context(), { action: "create", shortId: plan.shortId }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe("LAUNCH_REFUSED");
      expect((refusal as AppError).message).toMatch(/pegged to pay in USDC but is priced in SOL/);
      expect(await app.runtime.database.prisma.collection.count({ where: { shortId: plan.shortId } })).toBe(0);
    });
  });
}
