// dropmint_memory_bytes (lib/metrics.ts): the embedded chain's part is named (issue 27: the
// bench prints RSS by part, the embedded database and the embedded chain among them), and it
// is native memory, outside what V8 calls external.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import type { EmbeddedChain } from "@/lib/chain/embedded-chain";
import { memoryBreakdown, registerMemoryProbe } from "@/lib/metrics";
import { openChain } from "@/lib/server/create-runtime";

const MB = 2 ** 20;
const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-memory-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("memory breakdown", () => {
  it("names the embedded chain's state, from the moment it opens", async () => {
    const chain = (await openChain(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }))) as EmbeddedChain;
    try {
      const parts = memoryBreakdown();
      expect(parts.embedded_chain).toBe(chain.stats().svmStateBytes);
      // Its programs alone (System, SPL Token, Token-2022, ATA) are megabytes.
      expect(parts.embedded_chain).toBeGreaterThan(MB);
    } finally {
      await chain.close();
    }
  });

  it("counts the embedded database inside external and the embedded chain outside it", () => {
    registerMemoryProbe("embedded_database", () => 100 * MB);
    registerMemoryProbe("embedded_chain", () => 30 * MB);
    const usage = { rss: 600 * MB, heapTotal: 200 * MB, heapUsed: 150 * MB, external: 140 * MB, arrayBuffers: 10 * MB };
    const parts = memoryBreakdown(usage);
    expect(parts.embedded_database).toBe(100 * MB);
    expect(parts.embedded_chain).toBe(30 * MB);
    expect(parts.native_other).toBe((600 - 200 - 140 - 30) * MB);
  });
});
