// Drops for the studio tests: examples/sugar-drop launched through the CLI's own steps with
// a given wallet as its first creator (so the studio counts it as that creator's drop).
import path from "node:path";
import type { Keypair } from "@solana/web3.js";
import type { TestApp } from "../helpers/test-app";
import { copyExample, editJson, launchFolder } from "../launch/helpers";

export async function launchCreatorDrop(
  app: TestApp,
  creator: Keypair,
  shortId = "moths",
): Promise<{ id: string; shortId: string; folder: string }> {
  const folder = copyExample();
  editJson(path.join(folder, "config.json"), (config) => {
    config.creators[0].address = creator.publicKey.toBase58();
  });
  editJson(path.join(folder, "dropmint.json"), (extras) => {
    extras.shortId = shortId;
  });
  const launched = await launchFolder(app, folder, "create");
  return { id: launched.collectionId, shortId, folder };
}
