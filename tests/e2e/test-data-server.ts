import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  createBusinessListings,
  createBusinessListing,
  createCity,
  createCitySource,
  createMeeting,
  createSignedInUser,
  type BusinessListingOptions,
  type CityOptions,
  type MeetingOptions,
  type SourceOptions,
} from "../support/factories";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { createLegislativeRecord, type LegislativeRecordOptions } from "../support/legistar-factories";

/**
 * The e2e server's test-data door (docs/decisions/0018-e2e-test-data.md):
 * a second listener, in the same process as the app so that it shares the
 * embedded database, through which a spec creates the users, cities and
 * meetings it changes, with the factories the integration tests use.
 *
 * It lives under tests/ only: server.ts, build/ and the Docker image know
 * nothing of it. tests/e2e/web-server.ts starts it, and only when the
 * database is a throwaway embedded one in the system's temporary directory;
 * it listens on 127.0.0.1, answers loopback clients only, and wants the
 * random token the test runner made for this run.
 */

export type TestDataSettings = { port: number; token: string };

/** The settings from the environment, or null when there are none; throws when they are unsafe. */
export function testDataSettings(env: NodeJS.ProcessEnv = process.env): TestDataSettings | null {
  if (!env.E2E_TEST_DATA_PORT && !env.E2E_TEST_DATA_TOKEN) return null;
  const port = Number(env.E2E_TEST_DATA_PORT);
  const token = env.E2E_TEST_DATA_TOKEN ?? "";
  if (!Number.isInteger(port) || port <= 0) throw new Error("E2E_TEST_DATA_PORT must be a port number");
  if (token.length < 32) throw new Error("E2E_TEST_DATA_TOKEN must be at least 32 characters");
  if (env.DATABASE_URL)
    throw new Error("The test-data server runs only on a throwaway embedded database, not DATABASE_URL");
  // DATA_DIR must be given: the default (./data) would pass the check below in a checkout under /tmp.
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : null;
  if (env.E2E_REMOVE_DATA_DIR !== "true" || !dataDir?.startsWith(path.resolve(os.tmpdir()) + path.sep))
    throw new Error(
      "The test-data server runs only with a throwaway data directory under the system's temporary directory",
    );
  return { port, token };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function authorized(request: http.IncomingMessage, token: string): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) return false;
  const given = Buffer.from(request.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  let body = "";
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 1_000_000) throw new Error("Request body too large");
  }
  return body ? (JSON.parse(body) as Record<string, unknown>) : {};
}

function cityResult(city: Awaited<ReturnType<typeof createCity>>) {
  return { id: city.id, name: city.name, locationKey: city.locationKey };
}

type Route = (input: Record<string, unknown>, appOrigin: string) => Promise<unknown>;

const ROUTES: Record<string, Route> = {
  "/users": (input, appOrigin) =>
    createSignedInUser({ role: input.role === "admin" ? "admin" : "member", origin: appOrigin }),
  "/cities": async (input) => cityResult(await createCity(input as CityOptions)),
  "/sources": async (input) => {
    const { cityId, ...options } = input as SourceOptions & { cityId: string };
    const source = await createCitySource(cityId, options);
    return { id: source.id, title: source.title, url: source.url };
  },
  "/businesses": async (input) => {
    const { cityId, listings } = input as {
      cityId: string;
      listings: Parameters<typeof createBusinessListings>[1];
    };
    const created = await createBusinessListings(cityId, listings);
    return { listings: created.map(({ id, name }) => ({ id, name })) };
  },
  "/listings": async (input) => {
    const listing = await createBusinessListing(input as BusinessListingOptions);
    return { id: listing.id, name: listing.name, businessKey: listing.businessKey, imageUrl: listing.imageUrl };
  },
  // The city's official record, synced now from the fake Legistar web-server.ts runs ("maplefalls").
  "/legislative-syncs": async (input) => {
    const { cityId, clientId = "maplefalls" } = input as { cityId: string; clientId?: string };
    await saveLegislativeSource(cityId, { clientId, timeZone: "America/Chicago" });
    const { written, error } = await syncLegislativeRecord(cityId);
    if (error) throw new Error(error);
    return { written };
  },
  "/legislative-records": async (input) => {
    const { cityId, ...options } = input as LegislativeRecordOptions & { cityId: string };
    return createLegislativeRecord(cityId, options);
  },
  "/meetings": async (input) => {
    const {
      city: cityInput,
      publishedAt,
      ...options
    } = input as MeetingOptions & {
      city?: CityOptions;
      publishedAt?: string;
    };
    const city = options.cityId ? null : await createCity(cityInput);
    const meeting = await createMeeting({
      ...options,
      cityId: options.cityId ?? city!.id,
      publishedAt: publishedAt ? new Date(publishedAt) : undefined,
    });
    return {
      meetingId: meeting.id,
      videoId: meeting.videoId,
      title: meeting.title,
      city: city ? cityResult(city) : null,
    };
  },
};

/** Starts the listener; resolves once it listens. */
export async function startTestDataServer(settings: TestDataSettings, appOrigin: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      response.end(JSON.stringify(body));
    };
    if (!authorized(request, settings.token)) return reply(403, { error: "Forbidden" });
    const route = request.method === "POST" ? ROUTES[request.url ?? ""] : undefined;
    if (!route) return reply(404, { error: "Not found" });
    readJson(request)
      .then((input) => route(input, appOrigin))
      .then(
        (created) => reply(201, created),
        (error: unknown) => reply(500, { error: error instanceof Error ? error.message : String(error) }),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, "127.0.0.1", resolve);
  });
  server.unref();
  return server;
}
