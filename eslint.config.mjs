import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// Not type-aware: typescript-eslint's type-checked rules cost 2-3x the time and memory here
// and flagged mostly noise (require-await, unbound-method, no-unsafe-* in tests).
export default defineConfig([
  // Next.js core-web-vitals (react, react-hooks, import, jsx-a11y, @next/next) and
  // typescript-eslint's recommended rules (eslint-config-next/typescript spreads them).
  ...nextVitals,
  ...nextTs,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberately unused: omitted fields (`{ nfts: _nfts, ...rest }`) and interface-shaped parameters.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Tests and benchmarks read JSON bodies loosely on purpose; the schemas check them.
    files: ["tests/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tool configs are conventionally `export default {…}`.
    files: ["*.config.mjs"],
    rules: { "import/no-anonymous-default-export": "off" },
  },
  {
    // Playwright fixtures call `use(...)`, which is not React's `use` hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // Last: turns off every rule that would fight Prettier's formatting.
  prettier,
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/db/generated/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "bench/results/**",
    "lib/client/dist/**",
  ]),
]);
