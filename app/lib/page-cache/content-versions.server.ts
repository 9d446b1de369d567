/**
 * What a page's content depends on, as one short token
 * (docs/decisions/0030-rendered-page-cache.md). Database triggers
 * (migration 0003) bump `city:<uuid>` on every write to a city's rows and
 * `site` on writes to the rows every page shows; versions come from one
 * sequence and are never reused.
 * - Pages under /city/:key show that city and the site: its two versions.
 * - Every other page (home, /search, /meeting/:id, about…) may show any
 *   city: the largest version and their sum, which change with every bump.
 *
 * The versions are held in memory and kept current by the database itself:
 * every bump also sends a NOTIFY (content-versions-notify.server.ts), which
 * this process LISTENs to. It reads all versions (and the cities' keys) once
 * when it starts listening and after every reconnection, and again after a
 * `site` bump (a city's key may have changed). A heartbeat NOTIFY every few
 * seconds checks that notifications still arrive. While the listener is not
 * up (starting, lost, reconnecting), every request reads its versions from
 * the database, as before. Writes committed by any process therefore show
 * within the notification's delay (milliseconds), or, if the listener dies
 * silently, within one heartbeat (HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS).
 */
import crypto from "node:crypto";
import { getConnection, type Connection } from "~/lib/db/client.server";
import { settings } from "~/lib/env/settings.server";
import { CONTENT_VERSIONS_CHANNEL, installContentVersionNotifications } from "~/lib/db/content-versions-notify.server";

const CITY_PATH = /^\/city\/([a-z0-9-]+)(?:[/.]|$)/;

const CITY_VERSIONS_SQL = `select coalesce(string_agg(scope || '=' || version, ',' order by scope), '') as token
  from content_versions
  where scope = 'site' or scope = (select 'city:' || id from cities where location_key = $1)`;

const ALL_VERSIONS_SQL = `select coalesce(max(version), 0) || '/' || coalesce(sum(version), 0) as token from content_versions`;

/** Every version, and every city's id by its key (the city pages' scope). */
const SNAPSHOT_SQL = `select scope as name, version::text as value from content_versions
  union all select 'key:' || location_key, id::text from cities`;

const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Heartbeats are told apart from bumps (`<scope>:<version>`) by this prefix. */
const PING_PREFIX = "ping ";

function cityKeyOf(pathname: string): string | undefined {
  return CITY_PATH.exec(pathname)?.[1];
}

function cityToken(entries: [string, bigint | string][]): string {
  return entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([scope, version]) => `${scope}=${version}`)
    .join(",");
}

/** The versions as the last snapshot and the notifications since say. */
class Memory {
  private allToken: string | null = null;

  constructor(
    private versions: Map<string, bigint>,
    private cityIds: Map<string, string>,
  ) {}

  static fromRows(rows: unknown[]): Memory {
    const versions = new Map<string, bigint>();
    const cityIds = new Map<string, string>();
    for (const { name, value } of rows as { name: string; value: string }[]) {
      if (name.startsWith("key:")) cityIds.set(name.slice(4), value);
      else versions.set(name, BigInt(value));
    }
    return new Memory(versions, cityIds);
  }

  set(scope: string, version: bigint): void {
    this.versions.set(scope, version);
    this.allToken = null;
  }

  tokenFor(cityKey: string | undefined): string {
    if (!cityKey) return `all ${(this.allToken ??= this.computeAllToken())}`;
    const id = this.cityIds.get(cityKey);
    const scopes = id ? ["site", `city:${id}`] : ["site"];
    const entries = scopes.flatMap((scope): [string, bigint][] => {
      const version = this.versions.get(scope);
      return version === undefined ? [] : [[scope, version]];
    });
    return `city ${cityToken(entries)}`;
  }

  private computeAllToken(): string {
    let max = 0n;
    let sum = 0n;
    for (const version of this.versions.values()) {
      if (version > max) max = version;
      sum += version;
    }
    return `${max}/${sum}`;
  }
}

/** A bump's payload, `<scope>:<version>` (a city's scope has a colon of its own). */
function parseBump(payload: string): { scope: string; version: bigint } | null {
  const colon = payload.lastIndexOf(":");
  if (colon <= 0) return null;
  try {
    return { scope: payload.slice(0, colon), version: BigInt(payload.slice(colon + 1)) };
  } catch {
    return null;
  }
}

class VersionListener {
  /** Non-null only while the listener is up and the snapshot read: then requests are answered from it. */
  private memory: Memory | null = null;
  private syncing: Promise<void> | null = null;
  /** Bumps that arrive while a snapshot is read, applied after it. */
  private buffered: string[] | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private pings = new Map<string, () => void>();
  private beating: Promise<boolean> | null = null;
  private pingCount = 0;
  private readonly pingId = crypto.randomBytes(6).toString("base64url");
  /** Bumped on every loss, so that callbacks of an earlier subscription are ignored. */
  private epoch = 0;
  private failures = 0;

  constructor(private connection: Connection) {}

  get trusted(): boolean {
    return this.memory !== null;
  }

  start(): void {
    void this.connect(this.epoch);
  }

  /** From memory; null when the memory cannot be trusted (the caller reads the database). */
  async tokenFor(cityKey: string | undefined): Promise<string | null> {
    if (this.syncing) await this.syncing.catch(() => undefined);
    return this.memory?.tokenFor(cityKey) ?? null;
  }

  /**
   * Sends a heartbeat through the pool and waits for it on the listener.
   * True when it arrived: the listener is up, and every bump committed
   * before this call is in memory (notifications arrive in commit order).
   * False, and the listener is restarted, when it did not.
   */
  async confirm(): Promise<boolean> {
    if (!this.memory) return false;
    const epoch = this.epoch;
    const id = `${PING_PREFIX}${this.pingId}-${++this.pingCount}`;
    let arrived = false;
    const arrival = new Promise<void>((resolve) =>
      this.pings.set(id, () => {
        arrived = true;
        resolve();
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.connection.execute("select pg_notify($1, $2)", [CONTENT_VERSIONS_CHANNEL, id]);
      // PGlite delivers a notification before the statement's promise resolves: no need to wait.
      if (!this.connection.notifiesSynchronously) {
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, HEARTBEAT_TIMEOUT_MS)));
        await Promise.race([arrival, timeout]);
      }
    } catch {
      // The pool failed: the listener cannot be checked; treat it as lost.
    } finally {
      clearTimeout(timer);
      this.pings.delete(id);
    }
    if (this.syncing) await this.syncing.catch(() => undefined);
    if (!arrived && epoch === this.epoch) this.lose("the heartbeat did not arrive");
    return arrived && this.memory !== null;
  }

  private async connect(epoch: number): Promise<void> {
    this.retry = null;
    try {
      await installContentVersionNotifications(this.connection);
      const stop = await this.connection.listen(
        CONTENT_VERSIONS_CHANNEL,
        (payload) => epoch === this.epoch && this.onMessage(payload),
        () => epoch === this.epoch && this.lose("its connection ended"),
      );
      if (epoch !== this.epoch) return void (await stop());
      this.stopListening = stop;
      await this.resync();
      if (epoch !== this.epoch) return;
      this.failures = 0;
      this.heartbeat = setInterval(() => {
        // One heartbeat at a time (a busy pool may hold it back).
        this.beating ??= this.confirm().finally(() => (this.beating = null));
      }, HEARTBEAT_MS);
      this.heartbeat.unref();
    } catch (error) {
      if (epoch === this.epoch) this.lose(error instanceof Error ? error.message : String(error));
    }
  }

  private onMessage(payload: string): void {
    if (payload.startsWith(PING_PREFIX)) return void this.pings.get(payload)?.();
    if (this.buffered) return void this.buffered.push(payload);
    if (this.apply(payload)) void this.resync().catch(() => undefined);
  }

  /** Applies a bump to memory; true when it was the site's (a city's key may have changed). */
  private apply(payload: string): boolean {
    const bump = parseBump(payload);
    if (!bump || !this.memory) return false;
    this.memory.set(bump.scope, bump.version);
    return bump.scope === "site";
  }

  private resync(): Promise<void> {
    this.syncing ??= this.readSnapshots().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async readSnapshots(): Promise<void> {
    const epoch = this.epoch;
    let again = true;
    while (again && epoch === this.epoch) {
      this.buffered = [];
      let rows: unknown[];
      try {
        ({ rows } = await this.connection.execute(SNAPSHOT_SQL, []));
      } catch (error) {
        this.buffered = null;
        if (epoch === this.epoch) this.lose(error instanceof Error ? error.message : String(error));
        throw error;
      }
      const buffered = this.buffered;
      this.buffered = null;
      if (epoch !== this.epoch) return;
      this.memory = Memory.fromRows(rows);
      again = buffered.map((payload) => this.apply(payload)).some(Boolean);
    }
  }

  /** Back to reading per request, and a new subscription after a pause. */
  private lose(reason: string): void {
    const wasTrusted = this.memory !== null;
    this.epoch++;
    this.memory = null;
    this.buffered = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    void this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    if (this.connection.closed || this.retry) return;
    if (wasTrusted)
      console.warn(`Content versions: the listener stopped (${reason}); reading them per request until it is back.`);
    const delay = Math.min(RETRY_FIRST_MS * 2 ** this.failures++, RETRY_MAX_MS);
    const epoch = this.epoch;
    this.retry = setTimeout(() => void this.connect(epoch), delay);
    this.retry.unref();
  }
}

// One listener per connection, on globalThis like the connection itself.
const LISTENERS = Symbol.for("gavel.http.contentVersionListeners");
type GlobalWithListeners = typeof globalThis & { [LISTENERS]?: WeakMap<Connection, VersionListener> };

function listenerOf(connection: Connection): VersionListener {
  const global = globalThis as GlobalWithListeners;
  const listeners = (global[LISTENERS] ??= new WeakMap());
  let listener = listeners.get(connection);
  if (!listener) {
    listener = new VersionListener(connection);
    listeners.set(connection, listener);
    if (settings().PAGE_CACHE_LISTEN) listener.start();
  }
  return listener;
}

/** The content versions `pathname`'s page depends on: from memory when the listener is up, else from the database. */
export async function contentVersionsOf(pathname: string): Promise<string> {
  const cityKey = cityKeyOf(pathname);
  const fromMemory = await listenerOf(getConnection()).tokenFor(cityKey);
  return fromMemory ?? readSharedVersions(cityKey);
}

/** Where contentVersionsOf answers from now (tests, diagnostics). */
export function contentVersionsSource(): "memory" | "database" {
  return listenerOf(getConnection()).trusted ? "memory" : "database";
}

/**
 * Checks the listener now, as its heartbeat does: true when it is up and
 * every write committed before the call shows in the versions.
 */
export function confirmContentVersionsListener(): Promise<boolean> {
  return listenerOf(getConnection()).confirm();
}

/**
 * Requests that arrive while the same versions are being read share that
 * read: under load, one query serves a burst of requests. (A write that
 * commits during the read shows from the next read, a few milliseconds on.)
 */
const inFlight = new Map<string, Promise<string>>();

function readSharedVersions(cityKey: string | undefined): Promise<string> {
  const scope = cityKey ?? "";
  let read = inFlight.get(scope);
  if (!read) {
    read = readContentVersions(cityKey).finally(() => inFlight.delete(scope));
    inFlight.set(scope, read);
  }
  return read;
}

/** The same token as contentVersionsOf, read from the database. */
export async function readContentVersions(cityKey: string | undefined): Promise<string> {
  const { rows } = cityKey
    ? await getConnection().execute(CITY_VERSIONS_SQL, [cityKey])
    : await getConnection().execute(ALL_VERSIONS_SQL, []);
  const token = (rows[0] as { token: string } | undefined)?.token ?? "";
  return cityKey ? `city ${token}` : `all ${token}`;
}
