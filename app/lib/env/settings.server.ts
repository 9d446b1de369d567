/**
 * Every setting of the app, read from the environment and validated in one
 * place (README, "Configuration"). Nothing else reads `process.env`:
 *
 *   const { OPENAI_MODEL, JOBS_CONCURRENCY } = settings();
 *
 * Blank values count as unset and take the default. A value that is not
 * valid stops the start with a SettingsError naming each such variable
 * (entry points call settingsOrExit() first).
 *
 * The variables are parsed on first use and the result is kept; they are
 * parsed again only when one of them changed in `process.env`, which the
 * tests do between cases (a running server never changes its environment).
 */
import { z } from "zod";
import { PRODUCT_NAME } from "~/lib/constants";
import { parseTrustProxy } from "~/lib/http/trust-proxy";

type Env = Record<string, string | undefined>;

type NumberRule = { min: number; max?: number; whole?: boolean };

function describe({ min, max, whole = true }: NumberRule): string {
  const kind = whole ? "a whole number" : "a number";
  return max === undefined ? `${kind} of at least ${min}` : `${kind} from ${min} to ${max}`;
}

function numberOrUnset(rule: NumberRule) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const parsed = Number(value);
      const valid =
        Number.isFinite(parsed) &&
        (rule.whole === false || Number.isInteger(parsed)) &&
        parsed >= rule.min &&
        (rule.max === undefined || parsed <= rule.max);
      if (!valid) context.addIssue({ code: "custom", message: `must be ${describe(rule)}` });
      return parsed;
    });
}

function number(fallback: number, rule: NumberRule) {
  return numberOrUnset(rule).transform((value) => value ?? fallback);
}

function oneOf<const Word extends string>(words: readonly [Word, ...Word[]]) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const word = value?.toLowerCase();
      if (word === undefined || (words as readonly string[]).includes(word)) return word as Word | undefined;
      context.addIssue({ code: "custom", message: `must be ${words.join(" or ")}` });
      return z.NEVER;
    });
}

function flag(fallback: boolean) {
  return oneOf(["true", "false"]).transform((word) => (word === undefined ? fallback : word === "true"));
}

function url({ web }: { web: boolean }) {
  const message = web ? "must be an http:// or https:// address" : "must be a URL";
  return z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || (URL.canParse(value) && (!web || /^https?:$/.test(new URL(value).protocol))),
      message,
    );
}

const text = (fallback: string) => z.string().default(fallback);

const SHAPE = {
  // The server
  NODE_ENV: z.string().optional(),
  PORT: number(3000, { min: 0, max: 65_535 }),
  HOST: text("0.0.0.0"),
  /** Without it: http://localhost:$PORT. */
  APP_URL: url({ web: true }),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  LOG_REQUESTS: flag(true),
  /** Newest first; none: a secret generated into $DATA_DIR/session-secret. */
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    ),
  AUTH_IP_LIMIT_MULTIPLIER: number(1, { min: 1 }),
  DATA_DIR: text("data"),

  // The database
  DATABASE_URL: url({ web: false }),
  DATABASE_POOL_SIZE: number(10, { min: 1 }),
  PGLITE_DATA_DIR: text("data/pglite"),
  SEED_DEMO_DATA: flag(true),

  // Mail
  SMTP_URL: url({ web: false }),
  MAIL_FROM: text(`${PRODUCT_NAME} <no-reply@localhost>`),

  // The language model
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: url({ web: true }),
  OPENAI_MODEL: text("gpt-4o-mini"),
  OPENAI_TIMEOUT_MS: number(120_000, { min: 1 }),
  OPENAI_MAX_RETRIES: number(2, { min: 0 }),
  /** Transcript tokens per model call. */
  OPENAI_CHUNK_TOKENS: number(60_000, { min: 200 }),
  AI_PROVIDER: oneOf(["offline"]),

  // Background jobs
  WORKER: oneOf(["on", "off"]).transform((word) => word ?? "on"),
  JOBS_POLL_SECONDS: number(2, { min: 0.5, whole: false }),
  JOBS_CONCURRENCY: number(1, { min: 1 }),
  JOBS_HEARTBEAT_SECONDS: number(10, { min: 0.2, whole: false }),
  JOBS_MAX_CHUNKS: number(8, { min: 1 }),
  /** `npm run worker`: how long running jobs may finish after SIGTERM. */
  WORKER_STOP_TIMEOUT_MS: number(25_000, { min: 0 }),

  // Captions
  YOUTUBE_BASE_URL: url({ web: true }).transform((value) => value ?? "https://www.youtube.com"),
  YOUTUBE_CAPTION_LANG: text("en"),
  YOUTUBE_TIMEOUT_MS: number(30_000, { min: 1 }),
  YOUTUBE_RETRIES: number(2, { min: 0 }),

  // For the tests, not documented for operators: faster retries and
  // maintenance, and a migrated database to start the embedded one from.
  YOUTUBE_RETRY_DELAY_MS: number(1000, { min: 0 }),
  JOBS_RETRY_DELAY_SECONDS: numberOrUnset({ min: 0 }),
  JOBS_MAINTENANCE_INTERVAL_SECONDS: number(60, { min: 1 }),
  PGLITE_SNAPSHOT: z.string().optional(),
};

const schema = z.object(SHAPE).transform((parsed) => ({
  ...parsed,
  APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
}));

export type Settings = z.output<typeof schema>;

const NAMES = Object.keys(SHAPE) as (keyof typeof SHAPE)[];
/** Their values appear in no message: they may hold passwords. */
const SECRET = new Set<string>(["SESSION_SECRET", "OPENAI_API_KEY", "DATABASE_URL", "SMTP_URL"]);

export class SettingsError extends Error {
  override name = "SettingsError";
}

function problem(name: string, raw: string | undefined, message: string): string {
  if (message.startsWith(`${name}=`)) return `  ${message}`; // TRUST_PROXY's own message shows the value
  return `  ${name}${SECRET.has(name) ? "" : `=${JSON.stringify(raw)}`}: ${message}`;
}

/** The settings from these variables; throws a SettingsError naming every invalid one. */
export function parseSettings(env: Env): Settings {
  const present = Object.fromEntries(NAMES.map((name) => [name, env[name]?.trim() || undefined]));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return problem(name, present[name], issue.message);
  });
  throw new SettingsError(`Invalid settings in the environment (see README, Configuration):\n${problems.join("\n")}`);
}

let cached: { source: string; settings: Settings } | undefined;

export function settings(): Settings {
  const source = JSON.stringify(NAMES.map((name) => process.env[name]));
  if (cached?.source !== source) cached = { source, settings: parseSettings(process.env) };
  return cached.settings;
}

/** settings() for entry points: invalid settings print their message (no stack trace) and exit with 1. */
export function settingsOrExit(): Settings {
  try {
    return settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
