import { describe, expect, it } from "vitest";
import {
  LEGISTAR_PAGE_SIZE,
  LegistarError,
  legistarGet,
  legistarList,
  legistarOne,
  odataDatetime,
} from "~/lib/legistar/client.server";
import { listBodies } from "~/lib/legistar/sync.server";
import { parseSettings } from "~/lib/env/settings.server";
import { bodyRecord, eventItemRecord, eventRecord, matterRecord } from "~/lib/legistar/records";
import { startFakeLegistarServer } from "../support/fake-legistar-server";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { body, event, mapleFalls } from "../support/legistar-fixtures";

/**
 * The Legistar client against the fake API (issue 29, deliverables 1–2):
 * paging past 1,000 rows, the token, and every failure in words.
 */

const legistar = fakeLegistarPerTest();

async function failure(promise: Promise<unknown>): Promise<LegistarError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LegistarError);
  return error as LegistarError;
}

describe("reading records", () => {
  it("lists the city's bodies, checked, each with the row as sent", async () => {
    const bodies = await legistarList({ client: "maplefalls" }, "Bodies", bodyRecord);
    expect(bodies.map(({ record }) => [record.BodyId, record.BodyName])).toEqual([
      [138, "City Council"],
      [141, "Finance Committee"],
    ]);
    expect(bodies[0]!.raw.BodyGuid).toBe(mapleFalls().bodies![0]!.BodyGuid);
    expect(legistar.requests).toEqual([{ client: "maplefalls", path: "bodies", query: { $top: "1000", $skip: "0" } }]);
  });

  it("reads a list past 1,000 rows, a page at a time until a short page", async () => {
    const many = Array.from({ length: 2345 }, (_, index) =>
      event(10_000 + index, body(138, "City Council"), "2020-01-01"),
    );
    legistar.clients.maplefalls!.events = many;
    const events = await legistarList({ client: "maplefalls" }, "Events", eventRecord, { orderby: "EventId" });
    expect(events.map(({ record }) => record.EventId)).toEqual(many.map((row) => row.EventId));
    expect(legistar.requests.map(({ query }) => query.$skip)).toEqual(["0", "1000", "2000"]);
    expect(legistar.requests.every(({ query }) => query.$top === String(LEGISTAR_PAGE_SIZE))).toBe(true);
  });

  it("asks once more after a full last page, and stops at the empty one", async () => {
    legistar.clients.maplefalls!.events = Array.from({ length: 2000 }, (_, index) =>
      event(index + 1, body(138, "City Council"), "2021-05-05"),
    );
    const events = await legistarList({ client: "maplefalls" }, "Events", eventRecord, { orderby: "EventId" });
    expect(events).toHaveLength(2000);
    expect(legistar.requests.map(({ query }) => query.$skip)).toEqual(["0", "1000", "2000"]);
  });

  it("passes a $filter on the last-modified time", async () => {
    const client = legistar.clients.maplefalls!;
    client.events = [
      event(1, body(138, "City Council"), "2026-01-01", { modified: "2026-11-01T10:00:00" }),
      event(2, body(138, "City Council"), "2026-02-01", { modified: "2026-11-26T09:30:00.5" }),
    ];
    const since = odataDatetime(new Date("2026-11-25T00:00:00Z"));
    expect(since).toBe("datetime'2026-11-25T00:00:00'");
    const events = await legistarList({ client: "maplefalls" }, "Events", eventRecord, {
      filter: `EventLastModifiedUtc ge ${since}`,
    });
    expect(events.map(({ record }) => record.EventId)).toEqual([2]);
    expect(legistar.requests[0]!.query.$filter).toBe("EventLastModifiedUtc ge datetime'2026-11-25T00:00:00'");
  });

  it("reads nested lists and single records", async () => {
    const items = await legistarList({ client: "maplefalls" }, "Events/902/EventItems", eventItemRecord);
    expect(items.map(({ record }) => record.EventItemAgendaNumber)).toEqual([null, "5.1", "7.1", "7.2"]);
    expect(items[2]!.record).toMatchObject({
      EventItemTally: "3:1",
      EventItemMover: "Tomas Lindqvist",
      EventItemMatterFile: "ORD 2026-14",
      EventItemVideoIndex: 1912,
    });
    const matter = await legistarOne({ client: "maplefalls" }, "Matters/1364", matterRecord);
    expect(matter.record.MatterFile).toBe("ORD 2026-14");
  });

  it("sends the token to a client that needs one, and never shows it in a message", async () => {
    legistar.clients.maplefalls!.token = "s3cret-t0ken";
    const bodies = await legistarList({ client: "maplefalls", token: "s3cret-t0ken" }, "Bodies", bodyRecord);
    expect(bodies).toHaveLength(2);
    expect(legistar.requests[0]!.query.token).toBe("s3cret-t0ken");

    legistar.clients.maplefalls!.gone = ["bodies"];
    const error = await failure(legistarList({ client: "maplefalls", token: "s3cret-t0ken" }, "Bodies", bodyRecord));
    expect(error.message).not.toContain("s3cret");
  });
});

describe("the Test button and the setting", () => {
  it("lists the city's bodies by name", async () => {
    expect(await listBodies({ client: "maplefalls" })).toEqual(["City Council", "Finance Committee"]);
    expect(legistar.requests[0]!.query.$orderby).toBe("BodyName");
  });

  it("reads the public Legistar Web API unless told otherwise", () => {
    expect(parseSettings({}).LEGISTAR_BASE_URL).toBe("https://webapi.legistar.com");
    expect(() => parseSettings({ LEGISTAR_BASE_URL: "ftp://example.test" })).toThrow(/LEGISTAR_BASE_URL/);
  });
});

describe("failures, in words", () => {
  it("an unknown client", async () => {
    const error = await failure(legistarList({ client: "nowhereville" }, "Bodies", bodyRecord));
    expect(error.kind).toBe("unknown-client");
    expect(error.message).toBe(
      'Legistar has no client "nowhereville": check the subdomain of nowhereville.legistar.com.',
    );
  });

  it("a client id that cannot be a subdomain is refused before any request", async () => {
    const error = await failure(legistarList({ client: "maple falls/../x" }, "Bodies", bodyRecord));
    expect(error.kind).toBe("unknown-client");
    expect(legistar.requests).toEqual([]);
  });

  it("a token needed, and a token refused", async () => {
    legistar.clients.maplefalls!.token = "right";
    const needed = await failure(legistarList({ client: "maplefalls" }, "Bodies", bodyRecord));
    expect(needed.kind).toBe("token-needed");
    expect(needed.message).toBe(
      'Legistar client "maplefalls" needs a token: ask the city clerk\'s office for one and enter it.',
    );
    const refused = await failure(legistarList({ client: "maplefalls", token: "wrong" }, "Bodies", bodyRecord));
    expect(refused.kind).toBe("token-refused");
    expect(refused.message).toBe(
      'Legistar refused the token for client "maplefalls": check it with the city clerk\'s office.',
    );
  });

  it("an API that cannot be reached", async () => {
    const closed = await startFakeLegistarServer();
    const address = closed.baseUrl;
    await closed.close();
    process.env.LEGISTAR_BASE_URL = address;
    try {
      const error = await failure(legistarList({ client: "maplefalls" }, "Bodies", bodyRecord));
      expect(error.kind).toBe("unreachable");
      expect(error.message).toBe(`Legistar could not be reached at ${new URL(address).host} (ECONNREFUSED).`);
    } finally {
      process.env.LEGISTAR_BASE_URL = legistar.baseUrl;
    }
  });

  it("an endpoint that never answers gives up after the timeout", async () => {
    process.env.LEGISTAR_TIMEOUT_MS = "300";
    legistar.clients.maplefalls!.hang = ["bodies"];
    const error = await failure(legistarList({ client: "maplefalls" }, "Bodies", bodyRecord));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Legistar did not answer Bodies within 0.3 seconds.");
  });

  it("malformed JSON", async () => {
    legistar.clients.maplefalls!.malformed = ["events"];
    const error = await failure(legistarList({ client: "maplefalls" }, "Events", eventRecord));
    expect(error.kind).toBe("malformed");
    expect(error.message).toBe("Legistar answered Events with something that is not JSON.");
  });

  it("a record that is not in the API's shape", async () => {
    legistar.clients.maplefalls!.bodies = [{ BodyId: "one", BodyName: "City Council" }];
    const error = await failure(legistarList({ client: "maplefalls" }, "Bodies", bodyRecord));
    expect(error.kind).toBe("invalid-record");
    expect(error.message).toMatch(/^Legistar answered Bodies with a record Gavel cannot read: BodyId /);
  });

  it("a deleted record (410 Gone)", async () => {
    legistar.clients.maplefalls!.gone = ["matters/1371"];
    const error = await failure(legistarGet({ client: "maplefalls" }, "Matters/1371"));
    expect(error.kind).toBe("gone");
    expect(error.status).toBe(410);
    expect(error.message).toBe("Legistar no longer has Matters/1371 (410 Gone): it was deleted.");
  });
});
