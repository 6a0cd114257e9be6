/**
 * The product's environment variables, validated in one place (README, "Configuration"). Read on each call, so a
 * script or test that sets a variable before opening the store is seen; a bad value stops with a message naming
 * the variable instead of failing somewhere later. The validation itself runs again only when one of the product's
 * variables changed: a page asks for the environment a dozen times (session, secret, flags, anti-forgery token),
 * and re-validating ~40 variables each time was ~1 % of a page's server CPU.
 */
import { z } from "zod";

const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const whole = (min: number, max: number) => z.preprocess(blankAsUndefined, z.coerce.number().int().min(min).max(max).optional());

const SCHEMA = z.object({
  PORT: whole(1, 65_535),
  HOST: z.preprocess(blankAsUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// address")
      .optional(),
  ),
  DATABASE_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_DEMO_SIZE: whole(1, 1_000_000),
  KUBEX_DEMO_SEED: whole(0, 2 ** 31 - 1),
  KUBEX_FLAGS_OFF: z.preprocess(blankAsUndefined, z.string().optional()),
  SESSION_SECRET: z.preprocess(blankAsUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  KUBEX_HIDE_DEMO_LOGIN: z.preprocess(blankAsUndefined, z.enum(["0", "1"]).optional()),
  // How many reverse proxies in front of the server to believe (X-Forwarded-For, X-Forwarded-Proto); 0: none.
  KUBEX_TRUST_PROXY: whole(0, 10),
  // The key that encrypts connection secrets at rest: 32 bytes as 64 hex digits or base64 (lib/secret-box.server.ts).
  KUBEX_SECRET_KEY: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32, "must be 32 bytes as 64 hex digits or base64")
      .optional(),
  ),
  // Where the generated key is kept when KUBEX_SECRET_KEY is not set (default: secret.key beside the database file).
  KUBEX_SECRET_KEY_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  // Cloud connections (decision 016): where the providers' APIs are (unset: the real clouds), the account id the
  // AWS dialog shows, how long one call may take, and how many days of utilisation a collection reads.
  KUBEX_AWS_ENDPOINT: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_AWS_ACCOUNT_ID: z.preprocess(blankAsUndefined, z.string().regex(/^\d{12}$/, "must be a 12-digit AWS account id").optional()),
  KUBEX_AZURE_AUTHORITY_HOST: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_AZURE_ARM_ENDPOINT: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_GCP_TOKEN_URL: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_GCP_COMPUTE_ENDPOINT: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_GCP_MONITORING_ENDPOINT: z.preprocess(blankAsUndefined, z.string().url().optional()),
  KUBEX_CLOUD_CA_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_CLOUD_TIMEOUT_MS: whole(100, 600_000),
  KUBEX_CLOUD_HISTORY_DAYS: whole(1, 90),
  // Web server processes sharing the port and the store (scripts/serve.mjs, decision 022); default: one per core.
  KUBEX_WEB_PROCESSES: whole(1, 64),
  // The analysis past one machine (decision 028): "on" splits a PostgreSQL run into per-cluster shard jobs that
  // `npm run analysis-worker` processes take; how long one shard may run before it is taken to be lost and retried
  // (seconds); how many times a shard is tried before the run fails.
  KUBEX_ANALYSIS_QUEUE: z.preprocess(blankAsUndefined, z.enum(["on", "off"]).optional()),
  KUBEX_ANALYSIS_SHARD_TIMEOUT_S: whole(5, 86_400),
  KUBEX_ANALYSIS_SHARD_ATTEMPTS: whole(1, 20),
  // Page and data reads one web process works on at once; the rest wait in order (decision 022). Default: 4.
  KUBEX_REQUESTS_PER_PROCESS: whole(1, 1000),
  // Rounds of the default pages' renders a web process makes before it takes connections (decision 022 §1c);
  // 0 skips them. Default: 30.
  KUBEX_WARM_RENDERS: whole(0, 1000),
  // When connected clusters are collected and analysed: a cron expression (UTC) or "off"; default daily at 02:00.
  KUBEX_COLLECT_SCHEDULE: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .refine((v) => v === "off" || /^(\S+\s+){4,5}\S+$/.test(v), 'must be a cron expression (5 or 6 fields) or "off"')
      .optional(),
  ),
  // The mutating admission webhook (decision 019): its own HTTPS listener, started when a certificate and key are
  // configured (PEM files); the CA clusters trust it by (default: the certificate itself); the address clusters
  // reach it at; its port (0: any free one, for tests); the LimitRange-style floors it never sets below.
  KUBEX_WEBHOOK_CERT_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_WEBHOOK_KEY_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_WEBHOOK_CA_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_WEBHOOK_PORT: whole(0, 65_535),
  KUBEX_WEBHOOK_HOST: z.preprocess(blankAsUndefined, z.string().optional()),
  KUBEX_WEBHOOK_URL: z.preprocess(blankAsUndefined, z.string().url().regex(/^https:\/\//, "must be an https:// address").optional()),
  KUBEX_WEBHOOK_MINIMUMS: z.preprocess(blankAsUndefined, z.string().optional()),
});

export type Env = z.infer<typeof SCHEMA>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment: ${issues.join("; ")}`);
    this.name = "EnvError";
  }
}

const NAMES = Object.keys(SCHEMA.shape);
let last: { key: string; value: Env } | undefined;

function validate(source: Record<string, string | undefined>): Env {
  const parsed = SCHEMA.safeParse(source);
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
  return parsed.data;
}

/** The validated environment; throws EnvError naming every bad variable. */
export function env(source: Record<string, string | undefined> = process.env): Env {
  if (source !== process.env) return validate(source);
  // The values of the product's own variables, in order: the same key means the same validated result.
  const key = NAMES.map((n) => source[n] ?? "\u0001").join("\u0000");
  if (last?.key !== key) last = { key, value: Object.freeze(validate(source)) as Env };
  return last.value;
}
