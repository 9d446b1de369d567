/**
 * A fake Legistar Web API on 127.0.0.1, for the client and the sync
 * (app/lib/legistar/). Point LEGISTAR_BASE_URL at `baseUrl`. It serves the
 * recorded JSON it is given, client by client, under the API's own paths
 * (case-insensitive, as the real API):
 *
 *   GET /v1/{client}/Bodies | Persons | OfficeRecords | Events | Matters
 *   GET /v1/{client}/Events/{id} | Matters/{id}
 *   GET /v1/{client}/Events/{id}/EventItems
 *   GET /v1/{client}/EventItems/{id}/Votes | RollCalls
 *   GET /v1/{client}/Matters/{id}/Histories | Sponsors | Attachments
 *
 * with the API's paging (`$top` capped at 1,000, `$skip`), `$orderby` on one
 * field, and `$filter` on dates (`Field ge datetime'…'`, clauses joined by
 * `and` or `or`). Like the real API: an unknown client answers 500 with its
 * missing-settings message, a client with a token answers 403 without it.
 * Per client, paths can be made to answer malformed JSON, hang (never
 * answer), or 410 Gone. Every request is recorded.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type Row = Record<string, unknown>;

export type FakeLegistarClient = {
  /** When set, every request must carry `token=` with this value. */
  token?: string;
  bodies?: Row[];
  persons?: Row[];
  officeRecords?: Row[];
  events?: Row[];
  /** Event items by event id. */
  eventItems?: Record<number, Row[]>;
  /** Votes by event item id. */
  votes?: Record<number, Row[]>;
  /** Roll calls by event item id. */
  rollCalls?: Record<number, Row[]>;
  matters?: Row[];
  /** Histories, sponsors and attachments by matter id. */
  matterHistories?: Record<number, Row[]>;
  matterSponsors?: Record<number, Row[]>;
  matterAttachments?: Record<number, Row[]>;
  /** Paths (lowercase, after `/v1/{client}/`, e.g. `events/7/eventitems`) answering a broken JSON body. */
  malformed?: string[];
  /** Paths whose requests are never answered. */
  hang?: string[];
  /** Paths answering 410 Gone. */
  gone?: string[];
};

export type FakeLegistarRequest = { client: string; path: string; query: Record<string, string> };

export type FakeLegistarServer = {
  baseUrl: string;
  requests: FakeLegistarRequest[];
  /** The clients served; change them between runs (a record modified, a minutes file published). */
  clients: Record<string, FakeLegistarClient>;
  close(): Promise<void>;
};

const MAX_ROWS = 1000;

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(text);
}

type Clause = { field: string; op: string; value: string };

/** `A ge datetime'x' or B ge datetime'y'` → clauses and how they join. */
function parseFilter(filter: string): { join: "and" | "or"; clauses: Clause[] } {
  const join = / or /i.test(filter) ? "or" : "and";
  const clauses = filter
    .replace(/[()]/g, "")
    .split(join === "or" ? / or /i : / and /i)
    .map((part) => {
      const match = /^\s*(\w+)\s+(eq|ne|ge|gt|le|lt)\s+(?:datetime)?'([^']*)'\s*$/i.exec(part);
      if (!match) throw new Error(`unsupported $filter clause: ${part}`);
      return { field: match[1]!, op: match[2]!.toLowerCase(), value: match[3]! };
    });
  return { join, clauses };
}

function compare(row: Row, { field, op, value }: Clause): boolean {
  const have = row[field];
  if (typeof have !== "string") return false;
  const a = Date.parse(`${have.slice(0, 23)}Z`);
  const b = Date.parse(`${value.slice(0, 23)}Z`);
  switch (op) {
    case "eq":
      return a === b;
    case "ne":
      return a !== b;
    case "ge":
      return a >= b;
    case "gt":
      return a > b;
    case "le":
      return a <= b;
    default:
      return a < b;
  }
}

function list(rows: Row[], query: Record<string, string>): Row[] {
  let out = rows;
  if (query.$filter) {
    const { join, clauses } = parseFilter(query.$filter);
    out = out.filter((row) =>
      join === "or" ? clauses.some((clause) => compare(row, clause)) : clauses.every((clause) => compare(row, clause)),
    );
  }
  if (query.$orderby) {
    const [field, direction] = query.$orderby.trim().split(/\s+/);
    const sign = direction?.toLowerCase() === "desc" ? -1 : 1;
    out = [...out].sort((a, b) => {
      const x = a[field!] as string | number;
      const y = b[field!] as string | number;
      return x === y ? 0 : x < y ? -sign : sign;
    });
  }
  const skip = Number(query.$skip ?? 0);
  const top = Math.min(Number(query.$top ?? MAX_ROWS), MAX_ROWS);
  return out.slice(skip, skip + top);
}

function route(client: FakeLegistarClient, path: string): Row[] | Row | null {
  const parts = path.split("/");
  const [collection, idText, sub] = parts;
  const id = Number(idText);
  const byId = (rows: Row[] | undefined, key: string) => rows?.find((row) => row[key] === id) ?? null;
  switch (parts.length === 1 ? collection : `${collection}/${sub ?? ""}`) {
    case "bodies":
      return client.bodies ?? [];
    case "persons":
      return client.persons ?? [];
    case "officerecords":
      return client.officeRecords ?? [];
    case "events":
      return client.events ?? [];
    case "matters":
      return client.matters ?? [];
    case "events/":
      return byId(client.events, "EventId");
    case "matters/":
      return byId(client.matters, "MatterId");
    case "events/eventitems":
      return byId(client.events, "EventId") ? (client.eventItems?.[id] ?? []) : null;
    case "eventitems/votes":
      return client.votes?.[id] ?? [];
    case "eventitems/rollcalls":
      return client.rollCalls?.[id] ?? [];
    case "matters/histories":
      return byId(client.matters, "MatterId") ? (client.matterHistories?.[id] ?? []) : null;
    case "matters/sponsors":
      return byId(client.matters, "MatterId") ? (client.matterSponsors?.[id] ?? []) : null;
    case "matters/attachments":
      return byId(client.matters, "MatterId") ? (client.matterAttachments?.[id] ?? []) : null;
    default:
      return null;
  }
}

export async function startFakeLegistarServer(
  clients: Record<string, FakeLegistarClient> = {},
): Promise<FakeLegistarServer> {
  const requests: FakeLegistarRequest[] = [];
  const sockets = new Set<Socket>();
  const state = { clients };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const match = /^\/v1\/([^/]+)\/(.+?)\/?$/.exec(url.pathname);
    if (!match || request.method !== "GET") return send(response, 404, { Message: "No HTTP resource was found." });
    const clientId = decodeURIComponent(match[1]!).toLowerCase();
    const path = match[2]!.toLowerCase();
    const query = Object.fromEntries(url.searchParams);
    requests.push({ client: clientId, path, query });

    const client = state.clients[clientId];
    if (!client)
      return send(response, 500, {
        Code: -1,
        Message: `LegistarConnectionString setting is not set up in InSite for client: ${clientId}`,
      });
    if (client.token && query.token !== client.token)
      return send(response, 403, { Code: -1, Message: "Token is required or invalid." });
    if (client.hang?.includes(path)) return; // never answered; closed with the server
    if (client.gone?.includes(path)) return send(response, 410, { Code: -1, Message: "Gone" });
    if (client.malformed?.includes(path)) return send(response, 200, '[{"EventId": 1, "EventBodyName": "Cou');

    const found = route(client, path);
    if (found === null) return send(response, 404, { Message: "No HTTP resource was found." });
    if (!Array.isArray(found)) return send(response, 200, found);
    try {
      return send(response, 200, list(found, query));
    } catch (error) {
      return send(response, 400, { Message: error instanceof Error ? error.message : String(error) });
    }
  });
  // Idle connections stay open until the client closes them (or close() ends them all), as in
  // fake-openai-server.ts: with Node's default keep-alive timeout (5 s, plus a 1 s buffer) the
  // server could destroy a pooled connection that undici's fetch, timed from its own coarse
  // ticks, still held as alive after the event loop had been busy (PGlite's queries run on it)
  // past that: the sync's next request was written to a dead socket, read ECONNRESET, and the
  // sync, which records a failure rather than throwing, stopped before storing anyone; the
  // person page then answered 404 in legistar-people.test.ts on a busy machine.
  server.keepAliveTimeout = 0;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get clients() {
      return state.clients;
    },
    set clients(value) {
      state.clients = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
