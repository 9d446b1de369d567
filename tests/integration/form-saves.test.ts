import { beforeEach, describe, expect, it } from "vitest";
import { cityRequests, contactSubmissions } from "~/lib/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/http/client-ip.server";
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

describe(`per-address limits on the public forms ${dbTag}`, () => {
  const from = (ip: string) => ({ headers: { [CLIENT_IP_HEADER]: ip } });
  type Refused = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

  it("keeps five contact messages an hour from one address, then answers 429 with Retry-After, keeping the message", async () => {
    const message = (n: number) => ({ email: "flood@example.com", topic: "Other", message: `Message ${n}` });
    // Refused forms and the honeypot's bots do not count.
    expect((await callAction(contactAction, "/contact", { topic: "Other" }, from("203.0.113.5"))).status).toBe(400);
    const bot = { ...message(0), [HONEYPOT_FIELD_NAME]: "x" };
    expect((await callAction(contactAction, "/contact", bot, from("203.0.113.5"))).status).toBe(302);
    for (let n = 1; n <= 5; n++) {
      expect((await callAction(contactAction, "/contact", message(n), from("203.0.113.5"))).status).toBe(302);
    }
    const refused = await callAction(contactAction, "/contact", message(6), from("203.0.113.5"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const { result } = refused.data as Refused;
    expect(result.error?.[""]).toEqual([expect.stringMatching(/^Too many messages from your connection: please wait/)]);
    expect(result.initialValue?.message).toBe("Message 6");
    // Another address is not held back; the honeypot still thanks a bot from the limited one.
    expect((await callAction(contactAction, "/contact", message(7), from("198.51.100.9"))).status).toBe(302);
    expect((await callAction(contactAction, "/contact", bot, from("203.0.113.5"))).status).toBe(302);
    const stored = await getTestDb().select().from(contactSubmissions).orderBy(contactSubmissions.message);
    expect(stored.map((row) => row.message)).toEqual([1, 2, 3, 4, 5, 7].map((n) => `Message ${n}`));
  });

  it("keeps five city requests an hour from one address, then answers 429 with Retry-After, keeping the request", async () => {
    const request = (n: number) => ({ state: "OR", cityName: `Town ${n}`, email: "flood@example.com" });
    for (let n = 1; n <= 5; n++) {
      expect((await callAction(homeAction, "/?index", request(n), from("203.0.113.5"))).status).toBe(302);
    }
    const refused = await callAction(homeAction, "/?index", request(6), from("203.0.113.5"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { result } = refused.data as Refused;
    expect(result.error?.[""]).toEqual([expect.stringMatching(/^Too many requests from your connection: please wait/)]);
    expect(result.initialValue?.cityName).toBe("Town 6");
    expect((await callAction(homeAction, "/?index", request(7), from("198.51.100.9"))).status).toBe(302);
    const stored = await getTestDb().select().from(cityRequests).orderBy(cityRequests.cityName);
    expect(stored.map((row) => row.cityName)).toEqual([1, 2, 3, 4, 5, 7].map((n) => `Town ${n}`));
  });
});
