// The fuzz run's generator (tests/fuzz/schema-arbitrary.ts) makes what the schemas accept:
// every valid body and query it draws from an operation's published JSON Schema passes that
// operation's own zod schema, with no exception (issue 24: the documents state the trimming,
// the code-point lengths, a quantity's digits and a wallet's format). Fields naming wallets
// get real addresses, as in the run itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/api/openapi/document";
import { contractOf } from "../../helpers/contract";
import { validArbitrary, type JsonSchema } from "../../fuzz/schema-arbitrary";

const SEED = 42;
const WALLET = "BBAUmvQWdY7MjxuoQtjXTLPMX4j1hCR5ysH3MtcEoiCs";

const withWallet = (value: unknown) =>
  (typeof value === "object" && value !== null && "walletAddress" in value
    ? { ...value, walletAddress: WALLET }
    : value) as Record<string, unknown>;

describe.each(["v1", "public"] as const)("the fuzz generator on the %s document", (router) => {
  const { document } = contractOf(router);
  const resolve = (ref: string) => document.components.schemas[ref.replace("#/components/schemas/", "")]!;
  const operations = Object.values(OPERATIONS[router]);

  it.each(operations.filter((o) => o.documentedBody ?? o.body).map((o) => [o.operationId, o] as const))(
    "draws %s bodies its zod schema accepts",
    (operationId, operation) => {
      const schema = resolve(`#/components/schemas/${operationId[0]!.toUpperCase()}${operationId.slice(1)}Request`);
      const bodies = fc.sample(validArbitrary(schema, resolve), { seed: SEED, numRuns: 40 }).map(withWallet);
      for (const body of bodies)
        expect(
          (operation.documentedBody ?? operation.body)!.safeParse(body).error?.issues ?? [],
          JSON.stringify(body),
        ).toEqual([]);
    },
  );

  it.each(operations.filter((o) => o.query).map((o) => [o.operationId, o] as const))(
    "draws %s query strings its zod schema accepts",
    (_, operation) => {
      const item = document.paths[operation.path]![operation.method.toLowerCase()]!;
      const parameters = (item.parameters as JsonSchema[]).filter((p) => p.in === "query");
      const query = fc.record(
        Object.fromEntries(
          parameters.map((p) => [
            p.name as string,
            p.required
              ? validArbitrary(p.schema as JsonSchema, resolve)
              : fc.option(validArbitrary(p.schema as JsonSchema, resolve), { nil: undefined }),
          ]),
        ),
      );
      for (const values of fc.sample(query, { seed: SEED, numRuns: 40 })) {
        const strings = withWallet(
          Object.fromEntries(
            Object.entries(values)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          ),
        );
        expect(operation.query!.safeParse(strings).error?.issues ?? [], JSON.stringify(strings)).toEqual([]);
      }
    },
  );
});
