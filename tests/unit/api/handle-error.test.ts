import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { ERROR_CODES, errorCodeSchema } from "@/lib/errors";
import { handleApiError } from "@/lib/api/handle-error";

const zodError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!;
const prismaError = (code: string) =>
  new Prisma.PrismaClientKnownRequestError("db said no: secret internals", { code, clientVersion: "7.10.0" });
const GENERIC_500 = {
  success: false,
  error: "Something went wrong on our side. Please retry later.",
  code: "INTERNAL_ERROR",
};

const cases: [string, unknown, number, Record<string, unknown>][] = [
  [
    "AppError",
    new AppError("COLLECTION_NOT_IN_SCOPE", "Not yours."),
    403,
    { success: false, error: "Not yours.", code: "COLLECTION_NOT_IN_SCOPE" },
  ],
  [
    "AppError with extras",
    new AppError("WALLET_BLOCKED", "Held.", { extra: { reason: "review", blockedUntil: null, permanent: false } }),
    403,
    { success: false, error: "Held.", code: "WALLET_BLOCKED", reason: "review", blockedUntil: null, permanent: false },
  ],
  [
    "AppError 503",
    new AppError("AUTH_UNAVAILABLE", "Retry."),
    503,
    { success: false, error: "Retry.", code: "AUTH_UNAVAILABLE" },
  ],
  [
    "ZodError names the first bad field",
    zodError(z.object({ quantity: z.number().int() }), { quantity: "2" }),
    400,
    {
      success: false,
      error: 'The request field "quantity" is invalid: expected number, received string.',
      code: "INVALID_REQUEST",
    },
  ],
  [
    "ZodError with a nested path",
    zodError(z.object({ items: z.array(z.object({ sessionId: z.string() })) }), { items: [{ sessionId: 1 }] }),
    400,
    {
      success: false,
      error: 'The request field "items.0.sessionId" is invalid: expected string, received number.',
      code: "INVALID_REQUEST",
    },
  ],
  [
    "ZodError at the root",
    zodError(z.object({}), "text"),
    400,
    { success: false, error: "The request is invalid: expected object, received string.", code: "INVALID_REQUEST" },
  ],
  [
    "ZodError with a huge user-supplied key is clipped",
    zodError(z.strictObject({}), { ["k".repeat(10_000)]: 1 }),
    400,
    {
      success: false,
      error: expect.stringMatching(/^The request is invalid: Unrecognized key: "k+…\.$/),
      code: "INVALID_REQUEST",
    },
  ],
  [
    "Prisma P2023 (malformed UUID)",
    prismaError("P2023"),
    400,
    { success: false, error: "A value in the request is not valid.", code: "INVALID_REQUEST" },
  ],
  [
    "Prisma P2007 (invalid input value)",
    prismaError("P2007"),
    400,
    { success: false, error: "A value in the request is not valid.", code: "INVALID_REQUEST" },
  ],
  [
    "Prisma P2000 (too long)",
    prismaError("P2000"),
    400,
    { success: false, error: "A value in the request is not valid.", code: "INVALID_REQUEST" },
  ],
  [
    "Prisma P2025 (record not found)",
    prismaError("P2025"),
    404,
    { success: false, error: "Not found.", code: "NOT_FOUND" },
  ],
  ["Prisma P2002 (our bug)", prismaError("P2002"), 500, GENERIC_500],
  ["plain Error", new Error("ECONNREFUSED 10.0.0.3:5432 password=hunter2"), 500, GENERIC_500],
  ["TypeError", new TypeError("Cannot read properties of undefined"), 500, GENERIC_500],
  ["a thrown string", "oops", 500, GENERIC_500],
  ["a thrown null", null, 500, GENERIC_500],
];

describe("handleApiError", () => {
  it.each(cases)("%s", async (_name, thrown, status, body) => {
    const response = handleApiError(thrown);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(body);
    expect(text).not.toMatch(/secret internals|hunter2|at .*\.ts:\d+/);
  });

  it("sends an AppError's retryAfter as Retry-After (seconds)", () => {
    const response = handleApiError(new AppError("RATE_LIMITED", "Slow down.", { extra: { retryAfter: 9 } }));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("9");
  });
});

describe("error codes", () => {
  it("maps every code to a 4xx or 5xx status, and the zod enum lists them all", () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(errorCodeSchema.parse(code)).toBe(code);
    }
    expect(errorCodeSchema.options).toHaveLength(Object.keys(ERROR_CODES).length);
  });

  it("keeps the spec's statuses", () => {
    expect(ERROR_CODES).toMatchObject({
      API_KEY_REQUIRED: 401,
      API_KEY_INVALID: 401,
      ORIGIN_NOT_ALLOWED: 403,
      COLLECTION_NOT_IN_SCOPE: 403,
      SANDBOX_KEY_ON_MAINNET: 403,
      AUTH_UNAVAILABLE: 503,
      CLIENT_BROADCAST_NOT_ALLOWED: 400,
      CHAIN_NOT_SUPPORTED_BY_SURFACE: 400,
      RATE_LIMITED: 429,
    });
  });
});
