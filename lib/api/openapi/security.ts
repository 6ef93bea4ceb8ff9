// How a caller proves who it is, as the documents state it (spec: Authentication): one
// X-API-Key scheme per key class, the Origin rule of origin-bound keys, and, on the
// first-party router, no scheme at all (the site's own pages are recognised by origin).
import { API_KEY_CLASSES, API_KEY_PREFIX, type ApiKeyClass } from "@/lib/auth/api-keys";
import type { Config } from "@/lib/config";
import type { Router } from "../contract/operation";
import type { JsonSchema } from "./json-schemas";

const SCHEME_NAMES: Record<ApiKeyClass, string> = { pub: "publishableKey", live: "secretKey", test: "sandboxKey" };

const CLASS_RULES: Record<ApiKeyClass, string> = {
  pub:
    "Publishable key, for browser pages. Bounded by the key's origin list: a request from any other origin, or with no Origin header at all, " +
    "answers 403 ORIGIN_NOT_ALLOWED (so it cannot be used from a server). Its mint budget is per key and client IP.",
  live: "Secret key, for servers only; never ship it in browser code. Bounded by its secrecy.",
  test: "Sandbox key, for trials: only the sample collections, in a browser only from the documentation origins, never on a production chain (403 SANDBOX_KEY_ON_MAINNET).",
};

export function securityOf(router: Router, config: Pick<Config, "sandbox">) {
  if (router === "public") {
    return {
      requirements: [],
      schemes: {},
      parameters: {},
    };
  }
  const schemes: Record<string, JsonSchema> = {};
  for (const keyClass of API_KEY_CLASSES) {
    const extra =
      keyClass === "test" ? ` Sample collections here: ${config.sandbox.collections.join(", ") || "none"}.` : "";
    schemes[SCHEME_NAMES[keyClass]] = {
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
      description: `\`${API_KEY_PREFIX}_${keyClass}_<KEY>\`. ${CLASS_RULES[keyClass]}${extra} Every route naming a drop is limited to the drops the key was issued for (403 COLLECTION_NOT_IN_SCOPE, the same whether or not the other drop exists).`,
      "x-key-class": keyClass,
    };
  }
  return {
    requirements: API_KEY_CLASSES.map((keyClass) => ({ [SCHEME_NAMES[keyClass]]: [] })),
    schemes,
    parameters: {
      Origin: {
        name: "Origin",
        in: "header",
        required: false,
        description:
          "Sent by browsers. Required with a key that has an origin list (publishable keys, sandbox keys in a browser): it must be on the list, else 403 ORIGIN_NOT_ALLOWED. " +
          "The site's own pages call without a key and are recognised by their origin.",
        schema: { type: "string" },
      },
    } as Record<string, JsonSchema>,
  };
}
