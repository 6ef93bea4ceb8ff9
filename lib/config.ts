// The service's configuration: read from the environment once, validated with zod, and
// frozen. A bad value stops start-up with a sentence naming the variable.
import path from "node:path";
import { z } from "zod";

/** Upper bound of a mint session's lifetime unless SESSION_TTL_SECONDS says otherwise. */
export const DEFAULT_SESSION_TTL_SECONDS = 120;

/** Requests one client network may have in progress on an instance, unless MAX_REQUESTS_PER_CLIENT says otherwise. */
export const DEFAULT_MAX_REQUESTS_PER_CLIENT = 16;

/** How long a client has to send a request's whole body unless REQUEST_BODY_TIMEOUT_MS says otherwise. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

export const CLUSTERS = ["localnet", "devnet", "mainnet"] as const;
export type Cluster = (typeof CLUSTERS)[number];

/** The chains Dropmint can mint on; `collection.chain` carries these names. */
export function chainNameOf(cluster: Cluster): string {
  return `solana-${cluster}`;
}
/** Chains where real value moves: sandbox keys are refused there. */
export const PRODUCTION_CHAINS: ReadonlySet<string> = new Set(["solana-mainnet"]);

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
const nonNegativeInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(fallback));
const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["1", "0", "true", "false", "yes", "no"])
      .default(fallback ? "true" : "false")
      .transform((v) => v === "1" || v === "true" || v === "yes"),
  );

/** A comma-separated list of wallet addresses (base58), each checked. */
const walletList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)
      : (v ?? []),
  z.array(z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must list base58 wallet addresses, comma-separated")),
);

/** A JSON object of symbol → value, symbols upper-cased. */
/** Token prices pinned on the local chain when none are configured (offline demo; see README). */
export const LOCALNET_STATIC_PRICES: Readonly<Record<string, number>> = Object.freeze({ SOL: 150 });

const jsonRecord = <T extends z.ZodType>(value: T, fallback: Record<string, z.output<T>>) =>
  z.preprocess(
    (v) => (emptyToUndefined(v) === undefined ? fallback : typeof v === "string" ? safeJson(v) : v),
    z.record(z.string().trim().min(1).max(32).toUpperCase(), value, {
      error: "must be a JSON object of token symbol → value",
    }),
  );
/** A secret of at least 32 bytes written as hex or base64; null otherwise. */
export function decodeSecret(text: string): Uint8Array | null {
  const value = text.trim();
  const bytes =
    /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0
      ? Buffer.from(value, "hex")
      : /^[A-Za-z0-9+/]+={0,2}$/.test(value)
        ? Buffer.from(value, "base64")
        : null;
  return bytes && bytes.length >= 32 ? new Uint8Array(bytes) : null;
}
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
    PORT: positiveInt(3000),
    /** Where the embedded database, the embedded chain and the local keypairs live. */
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
    /**
     * The local media store (when MEDIA_S3_BUCKET is unset). Default DATA_DIR/media. Instances
     * behind one address name one folder (on one machine, or a shared volume), so a drop
     * launched on one is served by all.
     */
    MEDIA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    /**
     * Where studio uploads wait until launch. Default DATA_DIR/studio-uploads. Instances behind
     * one address name one folder, so a creator's chunks, checks and launch may reach any of them.
     */
    STUDIO_UPLOADS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    /** PostgreSQL connection string; unset means the embedded PGlite database. */
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    /** Redis for rate limits shared by several instances; unset keeps them in memory. */
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, "must be a redis:// URL")
        .optional(),
    ),
    SOLANA_CLUSTER: z.preprocess(emptyToUndefined, z.enum(CLUSTERS).default("localnet")),
    /** JSON-RPC endpoint. Required on devnet/mainnet; on localnet it selects a shared chain (`npm run localnet`). */
    SOLANA_RPC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** The server's mint authority: a base58 secret key or a JSON byte array. Generated on localnet when unset. */
    MINT_AUTHORITY_SECRET_KEY: optionalString,
    /**
     * Derives the per-session NFT mint keys (lib/chain/mint-keys.ts): 32+ bytes as hex or
     * base64. Unset: derived from the mint authority's key. Rotating it invalidates prepared sessions.
     */
    MINT_KEY_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => decodeSecret(v) !== null, "must be at least 32 bytes, as hex or base64")
        .optional(),
    ),
    /**
     * Derives each drop's prize account (lib/chain/prize-account.ts): 32+ bytes as hex or
     * base64, never rotated with the signing keys (rotating it moves every prize account).
     * Required off localnet; on localnet, generated once into DATA_DIR when unset.
     */
    PRIZE_ACCOUNT_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => decodeSecret(v) !== null, "must be at least 32 bytes, as hex or base64")
        .optional(),
    ),
    /** Receives the platform fee of every mint. Defaults to the mint authority on localnet. */
    PLATFORM_FEE_ACCOUNT: optionalString,
    /** Platform fee per NFT in lamports. */
    PLATFORM_FEE_LAMPORTS: z.preprocess(emptyToUndefined, z.coerce.bigint().nonnegative().default(5_000_000n)),
    /** Platform fee per paid NFT priced in a token, in basis points of its price, paid in that token. */
    PLATFORM_FEE_TOKEN_BPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000).default(100)),
    /** The site's public address, used in absolute media and metadata URLs. Default http://localhost:PORT. */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** Origins served by this site itself; requests from them without a key are first-party. */
    SITE_ORIGINS: optionalString,
    /** The sample collections (short IDs, comma-separated) sandbox (test) keys reach; no other drop. */
    SANDBOX_COLLECTIONS: z.preprocess(emptyToUndefined, z.string().default("sprites")),
    /** Documentation origins (comma-separated) a sandbox key may be used from in a browser. Default: the site's own origins. */
    SANDBOX_ORIGINS: optionalString,
    /** Per-IP budget per minute that every request spends first (the spec publishes a floor of 600 reads). */
    RATE_LIMIT_READS_PER_MINUTE: positiveInt(600),
    /** Per-key budget per minute for prepare/execute calls (per key and client IP for publishable keys). */
    RATE_LIMIT_MINTS_PER_MINUTE: positiveInt(120),
    /** Per-IP budget per minute for reads that reach the chain (top-holders, gated eligibility, balances). */
    RATE_LIMIT_CHAIN_READS_PER_MINUTE: positiveInt(60),
    /** A drop's top holders are computed from the chain at most once per this many seconds (0: no reuse). */
    HOLDERS_CACHE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3600).default(30)),
    /** Proxies of our own in front of the site; the client IP is that many X-Forwarded-For entries from the right. */
    TRUSTED_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5).default(0)),
    /** CoinGecko-compatible price API (`/simple/price`); `none` disables it. */
    TOKEN_PRICE_PROVIDER_URL: z.preprocess(
      emptyToUndefined,
      z.union([z.literal("none"), z.url({ protocol: /^https?$/ })]).default("https://api.coingecko.com/api/v3"),
    ),
    /** JSON object: token symbol → the provider's coin id. */
    TOKEN_PRICE_PROVIDER_IDS: jsonRecord(z.string().min(1), { SOL: "solana", USDC: "usd-coin" }),
    /** JSON object: token symbol → fixed USD price; these symbols are never asked of the provider. */
    STATIC_TOKEN_PRICES: jsonRecord(z.number().positive(), {}),
    /** Token-price snapshots are reused for this long (the body's cacheTTL). */
    TOKEN_PRICE_CACHE_SECONDS: positiveInt(60),
    /** Claim-code validate budgets per minute, per client IP and per drop (slows guessing). */
    CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: positiveInt(20),
    CLAIM_CODE_CHECKS_PER_DROP_PER_MINUTE: positiveInt(300),
    /** How long a prepared mint session holds its reservation. */
    SESSION_TTL_SECONDS: positiveInt(DEFAULT_SESSION_TTL_SECONDS),
    /** Requests one instance works on at once; beyond it a request is answered 503 SERVER_BUSY at once. */
    MAX_CONCURRENT_REQUESTS: positiveInt(256),
    /** Of those, prepare calls (each holds a database transaction); executes (a chain submit each) have as many of their own (lib/api/admission.ts). */
    MAX_CONCURRENT_MINTS: positiveInt(48),
    /** Requests that may wait for room at once (first come, first served) before more are answered 503 SERVER_BUSY; 0: none wait (lib/api/admission.ts). */
    MAX_QUEUED_REQUESTS: nonNegativeInt(1024),
    /** How long a request waits for room at most before it is answered 503 SERVER_BUSY. */
    MAX_QUEUE_WAIT_MS: positiveInt(5000),
    /**
     * The same for a prepare: longer, since a prepare waiting for a drop that sells out leaves
     * the line at once with SOLD_OUT (lib/services/mint/sold-out-memory.ts), so the ones still
     * waiting can get an NFT, and a shed one would only come back behind later arrivals.
     */
    MAX_PREPARE_QUEUE_WAIT_MS: positiveInt(20_000),
    /** Requests one client network (an IPv4 address, an IPv6 /64) may have in progress at once; one more is answered 429 (lib/api/client-slots.ts). */
    MAX_REQUESTS_PER_CLIENT: positiveInt(DEFAULT_MAX_REQUESTS_PER_CLIENT),
    /** A request's whole body must arrive within this, or it is answered 408 REQUEST_TIMEOUT (read before the admission gate). */
    REQUEST_BODY_TIMEOUT_MS: positiveInt(DEFAULT_BODY_TIMEOUT_MS),
    /** Seed the demo drops on first start of an empty database. */
    SEED_DEMO_DROPS: booleanFlag(true),
    /** Local chain only: a demo collector mints a Dollar Dove this often (minutes), so the demo's feeds stay alive; 0 turns it off. */
    DEMO_ACTIVITY_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .min(0)
        .max(24 * 60)
        .default(15),
    ),
    /** Localnet only: enables /api/localnet/test-controls (end-to-end tests move a phase's start). */
    DROPMINT_TEST_CONTROLS: booleanFlag(false),
    /** On SIGTERM, how long the mints in progress may take to finish before the instance closes anyway (lib/api/drain.ts). */
    DRAIN_TIMEOUT_SECONDS: positiveInt(90),
    /** Serves GET /metrics to callers that send `Authorization: Bearer <this>`; unset: /metrics does not exist. */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters (a random token, e.g. `openssl rand -hex 32`)").optional(),
    ),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["silent", "error", "warn", "info", "debug"]).default("info")),
    /**
     * Who may create and manage drops in the studio: `open` (any signed-in wallet) or
     * `allowlist` (CREATOR_WALLETS and ADMIN_WALLETS). Default: `open` on localnet, where
     * nothing of value moves and the burner wallet's key is new in every browser; `allowlist` elsewhere.
     */
    STUDIO_CREATORS: z.preprocess(emptyToUndefined, z.enum(["open", "allowlist"]).optional()),
    /** Wallets (base58, comma-separated) that may create drops when STUDIO_CREATORS is `allowlist`. */
    CREATOR_WALLETS: walletList,
    /** Wallets (base58, comma-separated) that see and act on every drop in the studio. */
    ADMIN_WALLETS: walletList,
    /** Creators' media (`npm run drop`) in an S3-compatible bucket instead of DATA_DIR/media. */
    MEDIA_S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
        .optional(),
    ),
    /** The S3-compatible API's address; unset: AWS S3 itself. */
    MEDIA_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    MEDIA_S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
    MEDIA_S3_ACCESS_KEY_ID: optionalString,
    MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
    /** Where the bucket's objects are publicly served (a CDN or the bucket's website address). */
    MEDIA_S3_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** Key prefix inside the bucket, e.g. "dropmint/". */
    MEDIA_S3_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9!_.*'()\/-]*$/, "must be a plain key prefix")
        .default(""),
    ),
    /** Path-style addressing (bucket in the path): what most S3-compatible servers need. Default: on when an endpoint is set. */
    MEDIA_S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(["1", "0", "true", "false", "yes", "no"]).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.MEDIA_S3_BUCKET && !env.MEDIA_S3_PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_S3_PUBLIC_URL"],
        message: "is required with MEDIA_S3_BUCKET: the public address the bucket's media are served from",
      });
    }
    if (!env.MEDIA_S3_BUCKET) {
      for (const name of [
        "MEDIA_S3_ENDPOINT",
        "MEDIA_S3_PUBLIC_URL",
        "MEDIA_S3_ACCESS_KEY_ID",
        "MEDIA_S3_SECRET_ACCESS_KEY",
      ] as const) {
        if (env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is set but MEDIA_S3_BUCKET is not: set the bucket too, or unset it to keep media under DATA_DIR",
          });
      }
    }
    if (!env.MEDIA_S3_ACCESS_KEY_ID !== !env.MEDIA_S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: [env.MEDIA_S3_ACCESS_KEY_ID ? "MEDIA_S3_SECRET_ACCESS_KEY" : "MEDIA_S3_ACCESS_KEY_ID"],
        message:
          "goes with MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY both (or neither, for the SDK's own credential chain)",
      });
    }
    if (env.SOLANA_CLUSTER !== "localnet" && !env.SOLANA_RPC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SOLANA_RPC_URL"],
        message: `is required when SOLANA_CLUSTER is ${env.SOLANA_CLUSTER}`,
      });
    }
    if (env.SOLANA_CLUSTER !== "localnet" && !env.MINT_AUTHORITY_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["MINT_AUTHORITY_SECRET_KEY"],
        message: `is required when SOLANA_CLUSTER is ${env.SOLANA_CLUSTER} (keys are generated on localnet only)`,
      });
    }
    if (env.SOLANA_CLUSTER !== "localnet" && !env.PRIZE_ACCOUNT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["PRIZE_ACCOUNT_SECRET"],
        message: `is required when SOLANA_CLUSTER is ${env.SOLANA_CLUSTER} (prize accounts must not move when the signing keys rotate)`,
      });
    }
  });

/** Where creators' media are stored (lib/media). */
export type MediaConfig =
  | Readonly<{ kind: "local" }>
  | Readonly<{
      kind: "s3";
      bucket: string;
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      publicUrl: string;
      prefix: string;
      forcePathStyle: boolean;
    }>;

export type Config = Readonly<{
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  /** The local media store's folder (MEDIA_DIR, default DATA_DIR/media). */
  mediaDir: string;
  /** Where studio uploads are staged (STUDIO_UPLOADS_DIR, default DATA_DIR/studio-uploads). */
  studioUploadsDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  cluster: Cluster;
  chainName: string;
  rpcUrl: string | undefined;
  mintAuthoritySecretKey: string | undefined;
  /** MINT_KEY_SECRET decoded; undefined derives it from the mint authority. */
  mintKeySecret: Uint8Array | undefined;
  /** PRIZE_ACCOUNT_SECRET decoded; undefined (localnet only) uses the one kept in DATA_DIR. */
  prizeAccountSecret: Uint8Array | undefined;
  platformFeeAccount: string | undefined;
  platformFeeLamports: bigint;
  platformFeeTokenBps: number;
  publicUrl: string;
  siteOrigins: readonly string[];
  /** Where sandbox (test) keys work: the sample collections (short IDs) and the documentation origins. */
  sandbox: Readonly<{ collections: readonly string[]; origins: readonly string[] }>;
  rateLimit: Readonly<{ readsPerMinute: number; mintsPerMinute: number; chainReadsPerMinute: number }>;
  holdersCacheSeconds: number;
  trustedProxyHops: number;
  sessionTtlSeconds: number;
  /** How many requests, and mint calls among them, one instance works on at once. */
  admission: Readonly<{
    requests: number;
    mints: number;
    perClient: number;
    queued: number;
    queueWaitMs: number;
    prepareQueueWaitMs: number;
  }>;
  /** Milliseconds a client has to send a request's whole body (lib/api/request-input.ts). */
  bodyTimeoutMs: number;
  tokenPrices: Readonly<{
    providerUrl: string | null;
    providerIds: Readonly<Record<string, string>>;
    staticPrices: Readonly<Record<string, number>>;
    cacheSeconds: number;
  }>;
  claimCodeChecks: Readonly<{ perIpPerMinute: number; perDropPerMinute: number }>;
  seedDemoDrops: boolean;
  /** Minutes between the demo collectors' background mints (local chain only; 0: none). */
  demoActivityMinutes: number;
  /** Test controls are served only when this is set AND the cluster is localnet. */
  testControls: boolean;
  logLevel: "silent" | "error" | "warn" | "info" | "debug";
  /** Milliseconds the mints in progress get to finish on SIGTERM. */
  drainTimeoutMs: number;
  /** The bearer token GET /metrics asks for; undefined: the endpoint is off. */
  metricsToken: string | undefined;
  media: MediaConfig;
  /** Who may use the creator studio (STUDIO_CREATORS, CREATOR_WALLETS, ADMIN_WALLETS). */
  studio: Readonly<{
    creators: "open" | "allowlist";
    creatorWallets: readonly string[];
    adminWallets: readonly string[];
  }>;
}>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment into a Config; throws ConfigError naming every bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const siteOrigins = (
    env.SITE_ORIGINS ?? `${new URL(publicUrl).origin},http://localhost:${env.PORT},http://127.0.0.1:${env.PORT}`
  )
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  const list = (value: string) =>
    value
      .split(",")
      .map((item) => item.trim().replace(/\/+$/, ""))
      .filter(Boolean);
  return Object.freeze({
    env: env.NODE_ENV,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    // Folders of the running machine, not of the build: kept out of the build's file tracing.
    mediaDir: path.resolve(/*turbopackIgnore: true*/ env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media")),
    studioUploadsDir: path.resolve(
      /*turbopackIgnore: true*/ env.STUDIO_UPLOADS_DIR ?? path.join(env.DATA_DIR, "studio-uploads"),
    ),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    cluster: env.SOLANA_CLUSTER,
    chainName: chainNameOf(env.SOLANA_CLUSTER),
    rpcUrl: env.SOLANA_RPC_URL,
    mintAuthoritySecretKey: env.MINT_AUTHORITY_SECRET_KEY,
    mintKeySecret: env.MINT_KEY_SECRET === undefined ? undefined : (decodeSecret(env.MINT_KEY_SECRET) ?? undefined),
    prizeAccountSecret:
      env.PRIZE_ACCOUNT_SECRET === undefined ? undefined : (decodeSecret(env.PRIZE_ACCOUNT_SECRET) ?? undefined),
    platformFeeAccount: env.PLATFORM_FEE_ACCOUNT,
    platformFeeLamports: env.PLATFORM_FEE_LAMPORTS,
    platformFeeTokenBps: env.PLATFORM_FEE_TOKEN_BPS,
    publicUrl,
    siteOrigins: Object.freeze([...new Set(siteOrigins)]),
    sandbox: Object.freeze({
      collections: Object.freeze([...new Set(list(env.SANDBOX_COLLECTIONS))]),
      origins: Object.freeze(
        env.SANDBOX_ORIGINS === undefined ? [...new Set(siteOrigins)] : [...new Set(list(env.SANDBOX_ORIGINS))],
      ),
    }),
    rateLimit: Object.freeze({
      readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE,
      mintsPerMinute: env.RATE_LIMIT_MINTS_PER_MINUTE,
      chainReadsPerMinute: env.RATE_LIMIT_CHAIN_READS_PER_MINUTE,
    }),
    holdersCacheSeconds: env.HOLDERS_CACHE_SECONDS,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    admission: Object.freeze({
      requests: env.MAX_CONCURRENT_REQUESTS,
      mints: env.MAX_CONCURRENT_MINTS,
      perClient: env.MAX_REQUESTS_PER_CLIENT,
      queued: env.MAX_QUEUED_REQUESTS,
      queueWaitMs: env.MAX_QUEUE_WAIT_MS,
      prepareQueueWaitMs: env.MAX_PREPARE_QUEUE_WAIT_MS,
    }),
    bodyTimeoutMs: env.REQUEST_BODY_TIMEOUT_MS,
    tokenPrices: Object.freeze({
      providerUrl: env.TOKEN_PRICE_PROVIDER_URL === "none" ? null : env.TOKEN_PRICE_PROVIDER_URL.replace(/\/+$/, ""),
      providerIds: Object.freeze(env.TOKEN_PRICE_PROVIDER_IDS),
      staticPrices: Object.freeze(
        // The embedded defaults work offline: on the local chain, unless prices are configured, SOL is pinned so pegged demo prices can be quoted.
        env.SOLANA_CLUSTER === "localnet" &&
          emptyToUndefined(source.STATIC_TOKEN_PRICES) === undefined &&
          emptyToUndefined(source.TOKEN_PRICE_PROVIDER_URL) === undefined
          ? { ...LOCALNET_STATIC_PRICES }
          : env.STATIC_TOKEN_PRICES,
      ),
      cacheSeconds: env.TOKEN_PRICE_CACHE_SECONDS,
    }),
    claimCodeChecks: Object.freeze({
      perIpPerMinute: env.CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE,
      perDropPerMinute: env.CLAIM_CODE_CHECKS_PER_DROP_PER_MINUTE,
    }),
    seedDemoDrops: env.SEED_DEMO_DROPS,
    // Never on a real cluster: the demo collectors' keys are derived from the server's secret.
    demoActivityMinutes: env.SOLANA_CLUSTER === "localnet" ? env.DEMO_ACTIVITY_MINUTES : 0,
    testControls: env.DROPMINT_TEST_CONTROLS && env.SOLANA_CLUSTER === "localnet",
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    drainTimeoutMs: env.DRAIN_TIMEOUT_SECONDS * 1000,
    studio: Object.freeze({
      creators: env.STUDIO_CREATORS ?? (env.SOLANA_CLUSTER === "localnet" ? "open" : "allowlist"),
      creatorWallets: Object.freeze([...new Set(env.CREATOR_WALLETS)]),
      adminWallets: Object.freeze([...new Set(env.ADMIN_WALLETS)]),
    }),
    media: Object.freeze(
      env.MEDIA_S3_BUCKET
        ? {
            kind: "s3" as const,
            bucket: env.MEDIA_S3_BUCKET,
            endpoint: env.MEDIA_S3_ENDPOINT,
            region: env.MEDIA_S3_REGION,
            accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
            publicUrl: env.MEDIA_S3_PUBLIC_URL!.replace(/\/+$/, ""),
            prefix: env.MEDIA_S3_PREFIX,
            forcePathStyle:
              env.MEDIA_S3_FORCE_PATH_STYLE === undefined
                ? env.MEDIA_S3_ENDPOINT !== undefined
                : ["1", "true", "yes"].includes(env.MEDIA_S3_FORCE_PATH_STYLE),
          }
        : { kind: "local" as const },
    ),
  });
}

const globalForConfig = globalThis as unknown as { __dropmintConfig?: Config };

/** The process's configuration, parsed on first use. */
export function getConfig(): Config {
  globalForConfig.__dropmintConfig ??= parseConfig(process.env);
  return globalForConfig.__dropmintConfig;
}
