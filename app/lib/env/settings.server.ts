/**
 * Every setting of the app, read from the environment and validated in one
 * place. Nothing else reads `process.env`. Each variable's `.meta()` gives
 * the settings table of docs/operating.md its meaning and, where the parsed default
 * does not say it, its default (`npm run docs:settings` rewrites the table):
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
import { isIP } from "node:net";
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

/** An http:// or https:// proxy address, optionally with credentials, and nothing after the port. */
function proxyUrl() {
  return z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return;
      const parsed = URL.parse(value);
      if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname)
        context.addIssue({ code: "custom", message: "must be an http:// or https:// proxy address" });
      else if (parsed.pathname !== "/" || parsed.search || parsed.hash)
        context.addIssue({ code: "custom", message: "must be a proxy address with no path or query" });
    });
}

export const SHAPE = {
  // The server
  NODE_ENV: z
    .string()
    .optional()
    .meta({ default: "`production` for `npm start`", description: "`development` under `npm run dev`" }),
  PORT: number(3000, { min: 0, max: 65_535 }).meta({ description: "HTTP port" }),
  HOST: text("0.0.0.0").meta({ description: "interface to listen on" }),
  /** Without it: http://localhost:$PORT. */
  APP_URL: url({ web: true }).meta({
    default: "`http://localhost:$PORT`",
    description:
      "public origin, for absolute links in e-mails and meta tags; cookies are `Secure` when it is `https://` in production",
  }),
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
    })
    .meta({
      default: "`loopback` (Docker image: `loopback,uniquelocal`)",
      description:
        "which proxies may tell the client's address and protocol (`X-Forwarded-For`, `-Proto`, `-Host`); a TLS proxy must be trusted or every form post fails the origin check with 403. `true`/`false`; a number of proxy hops in front (`1`: one proxy, whatever its address); or a comma-separated list of addresses, CIDR ranges and `loopback`, `linklocal`, `uniquelocal`. Proxy on the same host: the default. Docker network, Kubernetes, a private LAN: `loopback,uniquelocal` or the proxy's range. A cloud load balancer in front of the proxy: `2`. Anything else stops the start with a message",
    }),
  LOG_REQUESTS: flag(true).meta({
    description:
      "access log on standard output; its retention is the supervisor's (journald, Docker): cap it at 30 days there (see Privacy below)",
  }),
  LOG_RETENTION_DAYS: number(30, { min: 1, max: 30 }).meta({
    description:
      "days the technical records are kept before the hourly clean-up deletes them: mail copies in the outbox, expired sessions and codes, finished background jobs, the words of searches (their number per day stays; the privacy page promises at most 30)",
  }),
  REQUEST_HEADERS_TIMEOUT_MS: number(15_000, { min: 100 }).meta({
    description: "a client must send its request's headers within this many milliseconds (then 408, connection closed)",
  }),
  REQUEST_BODY_TIMEOUT_MS: number(30_000, { min: 100 }).meta({
    description: "a request's body must arrive within this many milliseconds (then 408, connection closed)",
  }),
  HEALTH_TIMEOUT_MS: number(2_000, { min: 100 }).meta({
    description:
      '/healthz answers 503 "stuck" when the database has not answered its check within this many milliseconds',
  }),
  SHUTDOWN_TIMEOUT_MS: number(10_000, { min: 0 }).meta({
    description:
      "after SIGTERM, how long requests in flight and running jobs may finish, in milliseconds, before the process exits",
  }),
  PAGE_CACHE_MB: number(32, { min: 0 }).meta({
    description:
      "memory for the in-process cache of pages rendered for visitors who are not signed in (docs/decisions/0030-rendered-page-cache.md); `0` turns it off",
  }),
  PAGE_CACHE_LISTEN: flag(true).meta({
    description:
      "keep the content versions that validate cached pages in memory, current through the database's LISTEN/NOTIFY (a connection of its own on PostgreSQL); `false` reads them from the database on every request (a connection pooler in transaction mode does not pass LISTEN: the server notices and reads per request anyway)",
  }),
  /** Newest first; none: a secret generated into $DATA_DIR/session-secret. */
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .meta({
      default: "generated into `data/session-secret`",
      description: "secret(s) signing cookies; comma-separated to rotate, newest first",
    }),
  AUTH_IP_LIMIT_MULTIPLIER: number(1, { min: 1 }).meta({
    description:
      "raises the per-IP sign-in limits (10 codes an hour, 30 attempts per 15 minutes) for sites where many users share one address",
  }),
  DATA_DIR: text("data").meta({ description: "generated secret, outbox and other local files" }),

  // The database
  DATABASE_URL: url({ web: false }).meta({
    description: "PostgreSQL connection string; when unset the embedded PGlite is used",
  }),
  DATABASE_POOL_SIZE: number(10, { min: 1 }).meta({ description: "connections in the PostgreSQL pool" }),
  // Deadlines (docs/decisions/0039-deadlines.md)
  DATABASE_STATEMENT_TIMEOUT_MS: number(30_000, { min: 0 }).meta({
    description:
      "PostgreSQL: the longest one statement may run, in milliseconds (0: no limit; PGlite cannot interrupt a statement)",
  }),
  DATABASE_TRANSACTION_IDLE_MS: number(10_000, { min: 100 }).meta({
    description:
      "a transaction that waits this long, in milliseconds, for anything but its own statements is rolled back and its connection released",
  }),
  DATABASE_TRANSACTION_TIMEOUT_MS: number(60_000, { min: 100 }).meta({
    description: "the longest a transaction may hold its connection, in milliseconds; then it is rolled back",
  }),
  DATABASE_CONNECT_TIMEOUT_MS: number(10_000, { min: 100 }).meta({
    description: "PostgreSQL: how long a query waits for a free connection of the pool, in milliseconds",
  }),
  PGLITE_DATA_DIR: text("data/pglite").meta({
    description: "where the embedded database lives (`memory://` for a throwaway one)",
  }),
  SEED_DEMO_DATA: flag(true).meta({
    description:
      "load demo data into a database created empty, on the first start after its creation; `false` declines it for good (`npm run db:seed` still loads it)",
  }),

  // Uploaded files (docs/decisions/0034-business-images.md)
  STORAGE: oneOf(["local", "s3"])
    .transform((word) => word ?? "local")
    .meta({
      description:
        "where uploaded images are kept: `local` in `$DATA_DIR/uploads`, or `s3` in an S3-compatible bucket that several app servers can share",
    }),
  S3_BUCKET: z.string().optional().meta({ description: "the bucket's name (required with `STORAGE=s3`)" }),
  S3_ENDPOINT: url({ web: true }).meta({
    default: "AWS S3",
    description:
      "the S3-compatible service's address, e.g. `https://<account>.r2.cloudflarestorage.com` or a MinIO server",
  }),
  S3_REGION: text("us-east-1").meta({ description: "the bucket's region (`auto` for Cloudflare R2)" }),
  S3_ACCESS_KEY_ID: z.string().optional().meta({
    default: "the AWS SDK's own lookup (environment, profile, instance role)",
    description: "access key for the bucket",
  }),
  S3_SECRET_ACCESS_KEY: z.string().optional().meta({ description: "secret for that access key" }),
  S3_FORCE_PATH_STYLE: flag(false).meta({
    description: "`true` addresses the bucket as `<endpoint>/<bucket>` (MinIO and most self-hosted services need it)",
  }),

  // Analytics without tracking (docs/decisions/0036)
  ANALYTICS: oneOf(["local", "forward", "off"])
    .transform((word) => word ?? "local")
    .meta({
      description:
        "`local` counts the named events per day in the database (no cookie, no IP address, no user id); `forward` sends them to `ANALYTICS_FORWARD_URL` instead; `off` counts nothing",
    }),
  ANALYTICS_FORWARD_URL: url({ web: true }).meta({
    description:
      "a self-hosted Plausible (`https://plausible.example.org/api/event`) or Umami (`https://umami.example.org/api/send`) event endpoint",
  }),
  ANALYTICS_FORWARD_KIND: oneOf(["plausible", "umami"])
    .transform((word) => word ?? "plausible")
    .meta({ description: "the protocol `ANALYTICS_FORWARD_URL` speaks" }),
  ANALYTICS_FORWARD_SITE: z.string().optional().meta({
    default: "the host of `APP_URL`",
    description: "the Plausible site domain, or the Umami website id (required for Umami)",
  }),

  // Mail
  SMTP_URL: url({ web: false }).meta({
    description: "e.g. `smtps://user:pass@smtp.example.com:465`; unset writes mail to the log and `data/outbox/`",
  }),
  MAIL_FROM: text(`${PRODUCT_NAME} <no-reply@localhost>`).meta({ description: "sender of outgoing mail" }),

  // The language model
  OPENAI_API_KEY: z
    .string()
    .optional()
    .meta({ description: "enables the language-model provider; unset uses the built-in offline analyzer" }),
  OPENAI_BASE_URL: url({ web: true }).meta({
    default: "the SDK's default",
    description: "any OpenAI-compatible endpoint",
  }),
  OPENAI_MODEL: text("gpt-4o-mini").meta({ description: "model name sent to that endpoint" }),
  OPENAI_TIMEOUT_MS: number(120_000, { min: 1 }).meta({ description: "timeout of one model call, in milliseconds" }),
  OPENAI_MAX_RETRIES: number(2, { min: 0 }).meta({ description: "retries of a failed model call" }),
  /** Transcript tokens per model call. */
  OPENAI_CHUNK_TOKENS: number(60_000, { min: 200 }).meta({
    description: "size of the chunks, in tokens, that a long transcript is split into",
  }),
  AI_PROVIDER: oneOf(["offline"]).meta({
    description: "`offline` forces the built-in analyzer even when a key is set",
  }),

  // Background jobs
  WORKER: oneOf(["on", "off"])
    .transform((word) => word ?? "on")
    .meta({
      description:
        "`off` stops the web server from running background jobs (then run `npm run worker`, PostgreSQL only)",
    }),
  JOBS_POLL_SECONDS: number(2, { min: 0.5, whole: false }).meta({
    description: "how often an idle worker looks for jobs, in seconds (one that just ran a job looks again at once)",
  }),
  JOBS_CONCURRENCY: number(1, { min: 1 }).meta({ description: "how many jobs per queue a process runs at once" }),
  JOBS_HEARTBEAT_SECONDS: number(10, { min: 0.2, whole: false }).meta({
    description:
      "how often a worker reports alive, in seconds; the jobs of one silent for three beats go back to the queue",
  }),
  JOBS_MAX_CHUNKS: number(8, { min: 1 }).meta({
    description: "how many transcript chunks an analysis's time limit allows for",
  }),
  /** `npm run worker`: how long running jobs may finish after SIGTERM. */
  WORKER_STOP_TIMEOUT_MS: number(25_000, { min: 0 }).meta({
    description: "how long `npm run worker` lets running jobs finish after SIGTERM, in milliseconds",
  }),

  // Captions
  YOUTUBE_BASE_URL: url({ web: true })
    .transform((value) => value ?? "https://www.youtube.com")
    .meta({ description: "where captions are fetched from (tests point it at a local fake)" }),
  YOUTUBE_CAPTION_LANG: text("en").meta({ description: "caption language" }),
  YOUTUBE_TIMEOUT_MS: number(30_000, { min: 1 }).meta({
    description: "timeout of one caption request, in milliseconds",
  }),
  YOUTUBE_RETRIES: number(2, { min: 0 }).meta({ description: "retries of a failed caption request" }),
  // Captions from a data center (docs/decisions/0049-captions-from-a-data-center.md)
  YOUTUBE_PROXY_URL: proxyUrl().meta({
    description:
      "an HTTP proxy for every request to the video site (captions, the Data API, the keyless feeds), e.g. `http://user:pass@proxy.example.net:3128`; `https://` for a proxy spoken to over TLS. Requests go through it with CONNECT. Unset: direct (Node's `fetch` ignores `HTTPS_PROXY`)",
  }),
  CAPTIONS_MIN_INTERVAL_SECONDS: number(5, { min: 0, whole: false }).meta({
    description:
      "a process fetches one video's captions at a time, at least this many seconds after the previous one ended (a refresh of a 300-video channel takes half an hour instead of hammering the site)",
  }),
  CAPTIONS_RETRY_LIMIT: number(6, { min: 1 }).meta({
    description:
      "attempts at a video's captions while the site answers with a bot check, 429 or a network error; then the video stays failed until an admin presses Retry captions. No captions, captions turned off and private videos are never retried",
  }),
  CAPTIONS_RETRY_DELAY_SECONDS: number(600, { min: 0, whole: false }).meta({
    description:
      "wait before a video's second attempt, doubled for each further one (with jitter, at most 6 hours), never shorter than the site's `Retry-After`",
  }),
  CAPTIONS_PAUSE_SECONDS: number(1800, { min: 0, whole: false }).meta({
    description:
      "after 3 bot checks or 429s in a row, every caption fetch of the process waits this long (or the site's `Retry-After`, when longer)",
  }),

  // Video sources (docs/decisions/0021-video-ingestion.md)
  YOUTUBE_API_KEY: z.string().optional().meta({
    description:
      "enables the YouTube Data API: whole playlists and uploads, and a channel's playlists; unset reads the keyless feeds (15 newest videos)",
  }),
  YOUTUBE_API_BASE_URL: url({ web: true })
    .transform((value) => value ?? "https://www.googleapis.com/youtube/v3")
    .meta({ description: "where the YouTube Data API is (tests point it at a local fake)" }),
  SOURCE_REFRESH_INTERVAL_HOURS: number(6, { min: 0, whole: false }).meta({
    description:
      "how often the sources of every city but Archived ones are refreshed, in hours (the first time one interval after start); 0 turns the schedule off",
  }),

  // The official record (issue 29, docs/decisions/0067-legistar-record.md)
  LEGISTAR_BASE_URL: url({ web: true })
    .transform((value) => value ?? "https://webapi.legistar.com")
    .meta({
      description:
        "where the Legistar Web API is, which publishes cities' agendas, votes, people and bills (tests point it at a local fake)",
    }),
  LEGISTAR_TIMEOUT_MS: number(30_000, { min: 1 }).meta({
    description: "timeout of one request to the Legistar Web API, in milliseconds",
  }),

  // Speech-to-text for meetings without captions (issue 30, docs/decisions/0071-speech-to-text.md)
  TRANSCRIPTION_BASE_URL: url({ web: true }).meta({
    default: "unset: transcription off",
    description:
      "a server that speaks OpenAI's `POST /v1/audio/transcriptions` (`verbose_json` with segment times), e.g. `http://127.0.0.1:8000` for a self-hosted speaches or whisper.cpp server, or `https://api.openai.com`; a trailing `/v1` is allowed (docs/operating.md, Speech-to-text)",
  }),
  TRANSCRIPTION_API_KEY: z.string().optional().meta({
    description: "sent as `Authorization: Bearer …` to that server (self-hosted servers usually need none)",
  }),
  TRANSCRIPTION_MODEL: text("whisper-1").meta({
    description:
      "model name sent to that server (e.g. `Systran/faster-whisper-large-v3` for speaches; whisper.cpp ignores it)",
  }),
  TRANSCRIPTION_TIMEOUT_MS: number(600_000, { min: 1 }).meta({
    description: "timeout of one chunk's request (10 to 15 minutes of audio), in milliseconds",
  }),
  TRANSCRIPTION_RETRIES: number(2, { min: 0 }).meta({
    description: "retries of one chunk after a server error, a timeout or an unreadable answer (each chunk alone)",
  }),
  TRANSCRIPTION_ENGINE: z.string().trim().min(1).optional().meta({
    default: "the server's host name",
    description:
      'the engine\'s name as the meeting page says it ("Transcribed automatically by speaches (Systran/faster-whisper-large-v3); names and numbers may be misheard"), e.g. `speaches`, `whisper.cpp`, `OpenAI`',
  }),
  // Recordings given by URL or uploaded (docs/decisions/0083-recordings-for-transcription.md)
  MEDIA_MAX_BYTES: number(4 * 1024 ** 3, { min: 1 }).meta({
    description: "largest recording fetched from a media URL or uploaded, in bytes (4 GiB by default)",
  }),
  MEDIA_FETCH_TIMEOUT_MS: number(3_600_000, { min: 1 }).meta({
    description:
      "time limit of fetching one recording from a media URL (every part of an HLS playlist), in milliseconds",
  }),
  MEDIA_UPLOAD_TIMEOUT_MS: number(7_200_000, { min: 1 }).meta({
    description:
      "time limit of receiving one uploaded recording, in milliseconds (2 hours: 4 GB at about 0.6 MB/s); the HTTP server's own deadline for a whole request is raised to match",
  }),
  MEDIA_ALLOWED_PRIVATE_NETWORKS: z
    .string()
    .optional()
    .transform((value, context) => {
      const networks = (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      for (const network of networks) {
        const [address, prefix] = network.split("/");
        const family = isIP(address ?? "");
        const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
        if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
          context.addIssue({ code: "custom", message: `${network} is not an address or network (10.0.0.0/8, ::1)` });
      }
      return networks;
    })
    .meta({
      default: "none",
      description:
        "private, loopback or link-local addresses or networks that media URLs may reach, comma-separated (e.g. `10.20.0.0/16` for a recording on the city's own network); every other such address is refused, for every address a name resolves to and on every redirect",
    }),

  // For the tests, not documented for operators (`internal`): faster
  // retries and maintenance, and a migrated database to start the embedded
  // one from.
  YOUTUBE_RETRY_DELAY_MS: number(1000, { min: 0 }).meta({ internal: true }),
  JOBS_RETRY_DELAY_SECONDS: numberOrUnset({ min: 0 }).meta({ internal: true }),
  JOBS_MAINTENANCE_INTERVAL_SECONDS: number(60, { min: 1 }).meta({ internal: true }),
  PGLITE_SNAPSHOT: z.string().optional().meta({ internal: true }),
  // Speech-to-text: the chunk lengths (seconds) and the pause before a chunk's retry; tests cut 2 minutes into several chunks.
  TRANSCRIPTION_CHUNK_MIN_SECONDS: number(600, { min: 1 }).meta({ internal: true }),
  TRANSCRIPTION_CHUNK_MAX_SECONDS: number(900, { min: 2 }).meta({ internal: true }),
  TRANSCRIPTION_RETRY_DELAY_MS: number(2000, { min: 0 }).meta({ internal: true }),

  // `npm run bench -- --only render`: a directory served as static files at /bench-static.
  BENCH_STATIC_DIR: z.string().optional().meta({ internal: true }),
  // `npm run bench -- --only soak`: on SIGUSR2 the server collects garbage and prints its memory (server.ts).
  BENCH_MEMORY_REPORT: flag(false).meta({ internal: true }),
};

const schema = z
  .object(SHAPE)
  .superRefine((parsed, context) => {
    if (parsed.STORAGE === "s3" && !parsed.S3_BUCKET)
      context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "must be set when STORAGE is s3" });
    if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY))
      context.addIssue({
        code: "custom",
        path: [parsed.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    if (parsed.ANALYTICS === "forward" && !parsed.ANALYTICS_FORWARD_URL)
      context.addIssue({
        code: "custom",
        path: ["ANALYTICS_FORWARD_URL"],
        message: "must be set when ANALYTICS is forward",
      });
    if (parsed.ANALYTICS === "forward" && parsed.ANALYTICS_FORWARD_KIND === "umami" && !parsed.ANALYTICS_FORWARD_SITE)
      context.addIssue({
        code: "custom",
        path: ["ANALYTICS_FORWARD_SITE"],
        message: "must be the Umami website id when ANALYTICS_FORWARD_KIND is umami",
      });
    if (parsed.TRANSCRIPTION_CHUNK_MIN_SECONDS >= parsed.TRANSCRIPTION_CHUNK_MAX_SECONDS)
      context.addIssue({
        code: "custom",
        path: ["TRANSCRIPTION_CHUNK_MIN_SECONDS"],
        message: "must be less than TRANSCRIPTION_CHUNK_MAX_SECONDS",
      });
  })
  .transform((parsed) => ({
    ...parsed,
    APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
  }));

export type Settings = z.output<typeof schema>;

const NAMES = Object.keys(SHAPE) as (keyof typeof SHAPE)[];
/** Their values appear in no message: they may hold passwords. */
const SECRET = new Set<string>([
  "SESSION_SECRET",
  "OPENAI_API_KEY",
  "YOUTUBE_API_KEY",
  "DATABASE_URL",
  "SMTP_URL",
  "S3_SECRET_ACCESS_KEY",
  "S3_ACCESS_KEY_ID",
  "YOUTUBE_PROXY_URL",
  "TRANSCRIPTION_API_KEY",
]);

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
  throw new SettingsError(
    `Invalid settings in the environment (see docs/operating.md, Settings):\n${problems.join("\n")}`,
  );
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
