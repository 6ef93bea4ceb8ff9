// The spec's Authentication section, end to end through v1Route on a real database of each
// target (PGlite, and PostgreSQL when reachable): key classes × origins × scope × chain,
// first-party recognition, bad and revoked keys, and an unreadable key store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-keys";
import { revokeApiKey } from "@/lib/services/api-keys";
import { systemClock } from "@/lib/services/context";
import { closedDatabase, databaseTargets, type TestDatabase } from "../../helpers/databases";
import {
  DOCS_ORIGIN,
  getCollection,
  install,
  invoke,
  issueKey,
  makeRuntime,
  mintRoute,
  openSeededDatabase,
  OTHER_ORIGIN,
  PARTNER_ORIGIN,
  phaseRoute,
  request,
  rootRoute,
  SITE_ORIGIN,
  testConfig,
} from "./harness";

const REFUSALS = {
  API_KEY_REQUIRED: {
    status: 401,
    // Issue 24: the refusal names where a newcomer starts (the public OpenAPI document and /docs).
    body: {
      success: false,
      error: "An API key is required.",
      code: "API_KEY_REQUIRED",
      docs: expect.stringMatching(/^https?:\/\/[^/]+\/api\/v1\/openapi\.json$/),
      reference: expect.stringMatching(/^https?:\/\/[^/]+\/docs$/),
    },
  },
  API_KEY_INVALID: {
    status: 401,
    body: { success: false, error: "The API key is not valid.", code: "API_KEY_INVALID" },
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    body: { success: false, error: "This API key cannot be used from this origin.", code: "ORIGIN_NOT_ALLOWED" },
  },
  COLLECTION_NOT_IN_SCOPE: {
    status: 403,
    body: { success: false, error: "This API key is not issued for that collection.", code: "COLLECTION_NOT_IN_SCOPE" },
  },
  SANDBOX_KEY_ON_MAINNET: {
    status: 403,
    body: {
      success: false,
      error: "Sandbox keys cannot be used on a production chain.",
      code: "SANDBOX_KEY_ON_MAINNET",
    },
  },
  COLLECTION_NOT_FOUND: {
    status: 404,
    body: { success: false, error: "No collection has that identifier.", code: "COLLECTION_NOT_FOUND" },
  },
  AUTH_UNAVAILABLE: {
    status: 503,
    body: {
      success: false,
      error: "The API key could not be checked right now. Please retry.",
      code: "AUTH_UNAVAILABLE",
    },
  },
} as const;

type Outcome = keyof typeof REFUSALS | "local-drop" | "main-drop" | "other-drop";

function expectOutcome(result: Awaited<ReturnType<typeof getCollection>>, outcome: Outcome) {
  if (outcome in REFUSALS) {
    const refusal = REFUSALS[outcome as keyof typeof REFUSALS];
    expect({ status: result.status, body: result.body }).toEqual(refusal);
  } else {
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, collection: { shortId: outcome } });
    expect(result.body.collection).not.toHaveProperty("internal");
  }
  expect(result.headers.get("content-type")).toBe("application/json");
  // A partner read is private (revalidated by ETag); a refusal is never stored.
  expect(result.headers.get("cache-control")).toBe(result.status === 200 ? "private, no-cache" : "no-store");
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`v1 authentication on ${target.name}`, () => {
    let database: TestDatabase;
    let drops: Awaited<ReturnType<typeof openSeededDatabase>>["drops"];
    const keys = {} as Record<"pub" | "live" | "test" | "liveAll" | "testAll" | "testWithOrigin", string>;

    beforeAll(async () => {
      ({ database, drops } = await openSeededDatabase(target));
      const scoped = ["local-drop", "main-drop"];
      keys.pub = await issueKey(database, { keyClass: "pub", collections: scoped, origins: [PARTNER_ORIGIN] });
      keys.live = await issueKey(database, { keyClass: "live", collections: scoped });
      keys.test = await issueKey(database, { keyClass: "test", collections: scoped });
      keys.liveAll = await issueKey(database, { keyClass: "live", collections: "all" });
      keys.testAll = await issueKey(database, { keyClass: "test", collections: "all" });
      keys.testWithOrigin = await issueKey(database, {
        keyClass: "test",
        collections: scoped,
        origins: ["https://docs.example"],
      });
      install(makeRuntime(database));
    });

    afterAll(async () => {
      await database?.dispose();
    });

    describe("key class × origin × scope × chain", () => {
      const classes = ["pub", "live", "test"] as const;
      const origins = { allowed: PARTNER_ORIGIN, other: OTHER_ORIGIN, none: undefined } as const;
      const targets = {
        "own localnet drop": "local-drop",
        "own mainnet drop": "main-drop",
        "other existing drop": "other-drop",
        "non-existent drop": "ghost-drop",
      } as const;

      function expected(
        keyClass: (typeof classes)[number],
        origin: keyof typeof origins,
        target: keyof typeof targets,
      ): Outcome {
        if (keyClass === "pub" && origin !== "allowed") return "ORIGIN_NOT_ALLOWED";
        // A sandbox key in a browser works only from the documentation origins (the partner's shop is not one).
        if (keyClass === "test" && origin !== "none") return "ORIGIN_NOT_ALLOWED";
        if (target === "other existing drop" || target === "non-existent drop") return "COLLECTION_NOT_IN_SCOPE";
        if (keyClass === "test" && target === "own mainnet drop") return "SANDBOX_KEY_ON_MAINNET";
        return targets[target];
      }

      const cases = classes.flatMap((keyClass) =>
        (Object.keys(origins) as (keyof typeof origins)[]).flatMap((origin) =>
          (Object.keys(targets) as (keyof typeof targets)[]).map(
            (target) => [keyClass, origin, target, expected(keyClass, origin, target)] as const,
          ),
        ),
      );

      it.each(cases)("%s key, %s origin, %s → %s", async (keyClass, origin, target, outcome) => {
        expectOutcome(await getCollection(targets[target], { key: keys[keyClass], origin: origins[origin] }), outcome);
      });

      it.each(classes)(
        "%s key: the refusal for another drop is byte-identical whether or not it exists",
        async (keyClass) => {
          const call = { key: keys[keyClass], origin: PARTNER_ORIGIN };
          const identifiers = [
            "other-drop",
            "ghost-drop",
            drops.other.id,
            "00000000-0000-4000-8000-000000000000",
            drops.other.collectionAddress!,
            "Ghost".padEnd(44, "1"),
          ];
          const results = await Promise.all(identifiers.map((identifier) => getCollection(identifier, call)));
          // Every header but the request's own random id (X-Request-Id, which says nothing of the drop).
          const headersOf = (result: (typeof results)[number]) =>
            [...result.headers].filter(([name]) => name !== "x-request-id");
          for (const result of results) {
            expect(result.status).toBe(403);
            expect(result.text).toBe(results[0]!.text);
            expect(headersOf(result)).toEqual(headersOf(results[0]!));
          }
        },
      );

      it("resolves the key's own drop by short ID, UUID (any case) or address (exact case)", async () => {
        const call = { key: keys.live };
        for (const identifier of [
          "local-drop",
          drops.local.id,
          drops.local.id.toUpperCase(),
          drops.local.collectionAddress!,
        ]) {
          expectOutcome(await getCollection(identifier, call), "local-drop");
        }
        expectOutcome(
          await getCollection(drops.local.collectionAddress!.toUpperCase(), call),
          "COLLECTION_NOT_IN_SCOPE",
        );
      });

      it("asks the database nothing about a foreign identifier for a scoped key", async () => {
        let collectionQueries = 0;
        const counting = new Proxy(database.prisma, {
          get(target, property) {
            if (property === "collection" || property === "phase") collectionQueries++;
            return Reflect.get(target, property);
          },
        });
        install(makeRuntime({ ...database, prisma: counting }));
        try {
          await getCollection("local-drop", { key: keys.live }); // warms the key cache
          collectionQueries = 0;
          for (const identifier of ["other-drop", "ghost-drop", drops.other.id, "local-drop"])
            await getCollection(identifier, { key: keys.live });
          expect(collectionQueries).toBe(0);
        } finally {
          install(makeRuntime(database));
        }
      });

      it("a sandbox key bound to documentation origins works only from them", async () => {
        expectOutcome(
          await getCollection("local-drop", { key: keys.testWithOrigin, origin: "https://docs.example" }),
          "local-drop",
        );
        expectOutcome(
          await getCollection("local-drop", { key: keys.testWithOrigin, origin: OTHER_ORIGIN }),
          "ORIGIN_NOT_ALLOWED",
        );
        expectOutcome(await getCollection("local-drop", { key: keys.testWithOrigin }), "ORIGIN_NOT_ALLOWED");
      });

      it("origin checks come before scope: an origin-bound key learns nothing about drops from a wrong origin", async () => {
        expectOutcome(await getCollection("ghost-drop", { key: keys.pub, origin: OTHER_ORIGIN }), "ORIGIN_NOT_ALLOWED");
        expectOutcome(await getCollection("other-drop", { key: keys.pub, origin: OTHER_ORIGIN }), "ORIGIN_NOT_ALLOWED");
      });
    });

    describe("all-collections keys", () => {
      it("see every drop, and get 404 COLLECTION_NOT_FOUND for an unknown one", async () => {
        expectOutcome(await getCollection("other-drop", { key: keys.liveAll }), "other-drop");
        expectOutcome(await getCollection("main-drop", { key: keys.liveAll }), "main-drop");
        expectOutcome(await getCollection("ghost-drop", { key: keys.liveAll }), "COLLECTION_NOT_FOUND");
        expectOutcome(
          await getCollection("00000000-0000-4000-8000-000000000000", { key: keys.liveAll }),
          "COLLECTION_NOT_FOUND",
        );
      });

      it("sandbox: a test key for all drops reaches only the sample collections, and is still refused on a mainnet drop", async () => {
        expectOutcome(await getCollection("local-drop", { key: keys.testAll }), "local-drop");
        expectOutcome(await getCollection("other-drop", { key: keys.testAll }), "COLLECTION_NOT_IN_SCOPE");
        expectOutcome(await getCollection("ghost-drop", { key: keys.testAll }), "COLLECTION_NOT_IN_SCOPE");
        expectOutcome(await getCollection("main-drop", { key: keys.testAll }), "SANDBOX_KEY_ON_MAINNET");
      });

      it("sandbox: the sample collections and documentation origins are read on every request, from the configuration", async () => {
        expectOutcome(await getCollection("local-drop", { key: keys.testAll, origin: DOCS_ORIGIN }), "local-drop");
        expectOutcome(
          await getCollection("local-drop", { key: keys.testAll, origin: PARTNER_ORIGIN }),
          "ORIGIN_NOT_ALLOWED",
        );
        install(
          makeRuntime(database, testConfig({ SANDBOX_COLLECTIONS: "main-drop", SANDBOX_ORIGINS: PARTNER_ORIGIN })),
        );
        try {
          expectOutcome(
            await getCollection("local-drop", { key: keys.testAll, origin: PARTNER_ORIGIN }),
            "COLLECTION_NOT_IN_SCOPE",
          );
          expectOutcome(await getCollection("local-drop", { key: keys.test }), "COLLECTION_NOT_IN_SCOPE");
          expectOutcome(
            await getCollection("local-drop", { key: keys.testAll, origin: DOCS_ORIGIN }),
            "ORIGIN_NOT_ALLOWED",
          );
        } finally {
          install(makeRuntime(database));
        }
      });
    });

    describe("first-party requests (no key)", () => {
      it.each([
        ["a site origin", { origin: SITE_ORIGIN }, "other-drop"],
        ["a site origin in upper case", { origin: "HTTP://LOCALHOST:3000" }, "other-drop"],
        ["Sec-Fetch-Site: same-origin and no Origin", { headers: { "Sec-Fetch-Site": "same-origin" } }, "other-drop"],
        ["an empty X-API-Key from the site", { key: "", origin: SITE_ORIGIN }, "other-drop"],
        ["no Origin and no Sec-Fetch-Site", {}, "API_KEY_REQUIRED"],
        ["a foreign origin", { origin: OTHER_ORIGIN }, "API_KEY_REQUIRED"],
        [
          "a foreign origin claiming same-origin",
          { origin: OTHER_ORIGIN, headers: { "Sec-Fetch-Site": "same-origin" } },
          "API_KEY_REQUIRED",
        ],
        ["Sec-Fetch-Site: cross-site", { headers: { "Sec-Fetch-Site": "cross-site" } }, "API_KEY_REQUIRED"],
        ["Origin: null (sandboxed iframe)", { origin: "null" }, "API_KEY_REQUIRED"],
        ["a look-alike origin", { origin: "http://localhost:3000.evil.example" }, "API_KEY_REQUIRED"],
      ] as const)("%s → %s", async (_name, call, outcome) => {
        expectOutcome(await getCollection("other-drop", call), outcome);
      });

      it("may see every drop: unknown identifier → 404 COLLECTION_NOT_FOUND", async () => {
        expectOutcome(await getCollection("main-drop", { origin: SITE_ORIGIN }), "main-drop");
        expectOutcome(await getCollection("ghost-drop", { origin: SITE_ORIGIN }), "COLLECTION_NOT_FOUND");
      });

      it("a key sent from the site is judged as a key, not as first-party", async () => {
        expectOutcome(await getCollection("local-drop", { key: keys.pub, origin: SITE_ORIGIN }), "ORIGIN_NOT_ALLOWED");
        expectOutcome(
          await getCollection("other-drop", { key: keys.live, origin: SITE_ORIGIN }),
          "COLLECTION_NOT_IN_SCOPE",
        );
      });
    });

    describe("bad keys", () => {
      it("malformed, unknown and revoked keys get the same 401 API_KEY_INVALID", async () => {
        const revoked = await issueKey(database, { keyClass: "live", collections: ["local-drop"] });
        expectOutcome(await getCollection("local-drop", { key: revoked }), "local-drop");
        const prefix = revoked.slice(0, "dm_live_".length + 8);
        await revokeApiKey({ db: database.prisma, clock: systemClock }, prefix);
        // The revocation reaches this instance's key cache at once (no waiting out a TTL).
        const results = await Promise.all(
          [
            "not-a-key",
            "dm_live_",
            `${keys.live}x`,
            keys.live.replace("dm_live_", "dm_prod_"),
            generateApiKey("live").key,
            revoked,
            "x".repeat(10_000),
          ].map((key) => getCollection("local-drop", { key })),
        );
        for (const result of results) expectOutcome(result, "API_KEY_INVALID");
        expect(new Set(results.map((result) => result.text)).size).toBe(1);
      });

      it("a key is judged before the origin: a bad key from the site is still refused", async () => {
        expectOutcome(
          await getCollection("local-drop", { key: generateApiKey("pub").key, origin: SITE_ORIGIN }),
          "API_KEY_INVALID",
        );
      });
    });

    describe("phase-scoped routes", () => {
      const getPhase = (phaseId: string, call: Parameters<typeof request>[1]) =>
        invoke(phaseRoute, request(`/phases/${phaseId}/price`, call), { phaseId });

      it("scoped key: own phase answers; another drop's phase and an unknown phase get the same 403", async () => {
        const own = await getPhase(drops.phases.local.id, { key: keys.live });
        expect(own).toMatchObject({ status: 200, body: { success: true, collectionId: drops.local.id } });
        const foreign = await getPhase(drops.phases.other.id, { key: keys.live });
        const unknown = await getPhase("00000000-0000-4000-8000-000000000000", { key: keys.live });
        expect(foreign.status).toBe(403);
        expect(foreign.body).toEqual(REFUSALS.COLLECTION_NOT_IN_SCOPE.body);
        expect(unknown.text).toBe(foreign.text);
      });

      it("first-party: unknown phase → 404 PHASE_NOT_FOUND; malformed id → 400", async () => {
        expect((await getPhase(drops.phases.other.id, { origin: SITE_ORIGIN })).status).toBe(200);
        expect((await getPhase("00000000-0000-4000-8000-000000000000", { origin: SITE_ORIGIN })).body).toMatchObject({
          code: "PHASE_NOT_FOUND",
        });
        const malformed = await getPhase("not-a-uuid", { origin: SITE_ORIGIN });
        expect(malformed).toMatchObject({ status: 400, body: { success: false, code: "INVALID_REQUEST" } });
        expect((await getPhase("not-a-uuid", { key: keys.live })).status).toBe(400);
      });

      it("sandbox: a test key is refused on a mainnet drop's phase", async () => {
        expect((await getPhase(drops.phases.mainnet.id, { key: keys.test })).body).toEqual(
          REFUSALS.SANDBOX_KEY_ON_MAINNET.body,
        );
        expect((await getPhase(drops.phases.local.id, { key: keys.test })).status).toBe(200);
      });
    });

    describe("routes naming no drop", () => {
      const root = (call: Parameters<typeof request>[1]) => invoke(rootRoute, request("/", call));

      it("answer every valid key, and refuse a sandbox key only when the service runs on mainnet", async () => {
        for (const key of [keys.live, keys.test, keys.liveAll])
          expect((await root({ key })).body).toEqual({ success: true, version: "1" });
        expect((await root({ key: keys.pub, origin: PARTNER_ORIGIN })).status).toBe(200);
        expect((await root({})).body).toEqual(REFUSALS.API_KEY_REQUIRED.body);
        const mainnet = testConfig({
          SOLANA_CLUSTER: "mainnet",
          SOLANA_RPC_URL: "https://rpc.example",
          MINT_AUTHORITY_SECRET_KEY: "unused",
          PRIZE_ACCOUNT_SECRET: "11".repeat(32),
        });
        install(makeRuntime(database, mainnet));
        try {
          expect((await root({ key: keys.test })).body).toEqual(REFUSALS.SANDBOX_KEY_ON_MAINNET.body);
          expect((await root({ key: keys.live })).status).toBe(200);
        } finally {
          install(makeRuntime(database));
        }
      });
    });

    describe("drop named in the body (prepare-mint style)", () => {
      const mint = (body: unknown, call: Parameters<typeof request>[1]) =>
        invoke(
          mintRoute,
          request("/prepare-mint", call, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
        );

      it("applies the same scope rule to the body's collectionId", async () => {
        expect((await mint({ collectionId: "local-drop", quantity: 2 }, { key: keys.live })).body).toEqual({
          success: true,
          collectionId: drops.local.id,
          quantity: 2,
        });
        const foreign = await mint({ collectionId: "other-drop", quantity: 1 }, { key: keys.live });
        const ghost = await mint({ collectionId: "ghost-drop", quantity: 1 }, { key: keys.live });
        expect(foreign.body).toEqual(REFUSALS.COLLECTION_NOT_IN_SCOPE.body);
        expect(ghost.text).toBe(foreign.text);
        expect((await mint({ collectionId: "main-drop", quantity: 1 }, { key: keys.test })).body).toEqual(
          REFUSALS.SANDBOX_KEY_ON_MAINNET.body,
        );
      });
    });

    describe("an unreadable key store", () => {
      it(`answers 503 AUTH_UNAVAILABLE (never a denial) when the ${target.name === "pglite" ? "PGlite" : "pg pool"} is closed`, async () => {
        install(makeRuntime(await closedDatabase(target)));
        try {
          expectOutcome(await getCollection("local-drop", { key: keys.live }), "AUTH_UNAVAILABLE");
          // First-party reads of a route naming no drop need no key store.
          expect((await invoke(rootRoute, request("/", { origin: SITE_ORIGIN }))).status).toBe(200);
        } finally {
          install(makeRuntime(database));
        }
      });

      it("answers 503 AUTH_UNAVAILABLE when the real database has been closed", async () => {
        // A database of its own, closed under its runtime (nothing cached: the key must be looked up).
        const { database: own } = await openSeededDatabase(target);
        const key = await issueKey(own, { keyClass: "live", collections: ["local-drop"] });
        install(makeRuntime(own));
        try {
          await own.close();
          expectOutcome(await getCollection("local-drop", { key }), "AUTH_UNAVAILABLE");
        } finally {
          install(makeRuntime(database));
          await own.dispose();
        }
      });
    });
  });
}
