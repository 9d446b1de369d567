import { beforeEach, describe, expect, it } from "vitest";
import { cityRequests, contactSubmissions } from "~/lib/db/schema";
import { HONEYPOT_FIELD_NAME } from "~/lib/http/honeypot";
import { action as contactAction } from "~/routes/contact";
import { action as homeAction } from "~/routes/home";
import { callAction, dbTag, getTestDb, truncateAllTables } from "../setup";

/**
 * The public forms store what was sent: the contact page and the request for
 * a city on the home page, posted to their real route actions and read back
 * from the database.
 */

beforeEach(async () => {
  await truncateAllTables();
});

/** Rows with their stored fields; `createdAt` checked to be recent, ids dropped. */
function withoutIds<Row extends { id: string; createdAt: Date }>(rows: Row[], since: number) {
  return rows.map(({ id, createdAt, ...fields }) => {
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(since - 1000);
    expect(createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    return fields;
  });
}

describe(`contact form saves ${dbTag}`, () => {
  it("stores the message with its trimmed fields, and a blank phone as null", async () => {
    const since = Date.now();
    const first = await callAction(contactAction, "/contact", {
      email: "  reader@example.com ",
      phone: " 555-0100 ",
      topic: "Media Inquiry",
      message: "  Who voted against the budget?\nLine two.  ",
    });
    expect([first.status, first.headers.get("Location")]).toEqual([302, "/contact"]);
    const second = await callAction(contactAction, "/contact", {
      email: "other@example.com",
      phone: "   ",
      topic: "Other",
      message: "Hello",
    });
    expect(second.status).toBe(302);

    const rows = await getTestDb().select().from(contactSubmissions).orderBy(contactSubmissions.email);
    // New in the admin inbox; the admins' notice is queued, not yet sent (tests/integration/inbox.test.ts).
    const inbox = { status: "New", adminNotifiedAt: null };
    expect(withoutIds(rows, since)).toEqual([
      { email: "other@example.com", phone: null, topic: "Other", message: "Hello", ...inbox },
      {
        email: "reader@example.com",
        phone: "555-0100",
        topic: "Media Inquiry",
        message: "Who voted against the budget?\nLine two.",
        ...inbox,
      },
    ]);
  });

  it("stores nothing for an invalid form or a filled honeypot", async () => {
    const invalid = await callAction(contactAction, "/contact", {
      email: "not-an-email",
      topic: "Other",
      message: "Hi",
    });
    expect(invalid.status).toBe(400);
    const missing = await callAction(contactAction, "/contact", {
      email: "a@example.com",
      topic: "Other",
      message: "   ",
    });
    expect(missing.status).toBe(400);
    const unknownTopic = await callAction(contactAction, "/contact", {
      email: "a@example.com",
      topic: "Spam",
      message: "Hi",
    });
    expect(unknownTopic.status).toBe(400);
    const bot = await callAction(contactAction, "/contact", {
      email: "bot@example.com",
      topic: "Other",
      message: "Buy",
      [HONEYPOT_FIELD_NAME]: "x",
    });
    expect(bot.status).toBe(302);
    expect(await getTestDb().select().from(contactSubmissions)).toEqual([]);
  });
});

describe(`city request saves ${dbTag}`, () => {
  it("stores the state, the trimmed city name and the e-mail in lower case", async () => {
    const since = Date.now();
    const result = await callAction(homeAction, "/?index", {
      state: "OR",
      cityName: "  Astoria ",
      email: " Someone@Example.COM ",
    });
    expect([result.status, result.headers.get("Location")]).toEqual([302, "/"]);

    const rows = await getTestDb().select().from(cityRequests);
    expect(withoutIds(rows, since)).toEqual([
      {
        state: "OR",
        cityName: "Astoria",
        email: "someone@example.com",
        status: "New",
        cityId: null,
        adminNotifiedAt: null,
        liveNoticeQueuedAt: null,
        liveNotifiedAt: null,
      },
    ]);
  });

  it("stores nothing for an invalid request or a filled honeypot", async () => {
    const badState = await callAction(homeAction, "/?index", {
      state: "XX",
      cityName: "Astoria",
      email: "a@example.com",
    });
    expect((badState.data as { result: { error?: unknown } }).result.error).toBeTruthy();
    const noCity = await callAction(homeAction, "/?index", { state: "OR", cityName: "  ", email: "a@example.com" });
    expect((noCity.data as { result: { error?: unknown } }).result.error).toBeTruthy();
    const badEmail = await callAction(homeAction, "/?index", { state: "OR", cityName: "Astoria", email: "nope" });
    expect((badEmail.data as { result: { error?: unknown } }).result.error).toBeTruthy();
    const bot = await callAction(homeAction, "/?index", {
      state: "OR",
      cityName: "Astoria",
      email: "bot@example.com",
      [HONEYPOT_FIELD_NAME]: "x",
    });
    expect(bot.status).toBe(302);
    expect(await getTestDb().select().from(cityRequests)).toEqual([]);
  });
});
