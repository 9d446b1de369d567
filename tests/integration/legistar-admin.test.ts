import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { legislativeSources, legistarBodies, legistarEvents } from "~/lib/db/schema";
import { getBoss } from "~/lib/jobs/boss.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { LEGISLATIVE_MESSAGES } from "~/lib/legistar/source-form";
import { getToast } from "~/lib/toast/toast.server";
import { action, loader } from "~/routes/admin/city-management";
import { callAction, callLoader, cookiesFrom, dbTag, getTestDb, TEST_ORIGIN, type RouteResult } from "../setup";
import { createCity, createSignedInUser } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";

/**
 * City Management's "Legislative system" card (issue 29, deliverable 1):
 * save the Legistar client id, token and time zone; Test lists the bodies
 * from the fake Legistar API or says why not; Sync now queues the job; a
 * member's or a visitor's post is refused.
 */

const PAGE = "/admin/city-management";
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };
const legistar = fakeLegistarPerTest();

beforeEach(async () => {
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
  member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
});

const post = (fields: Record<string, string>, cookie = admin.cookie) =>
  callAction(action, PAGE, fields, { headers: cookie ? { Cookie: cookie } : {} });
const get = (path: string, cookie = admin.cookie) =>
  callLoader(loader, path, { headers: cookie ? { Cookie: cookie } : {} });

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function sourceOf(cityId: string) {
  const [row] = await getTestDb().select().from(legislativeSources).where(eq(legislativeSources.cityId, cityId));
  return row ?? null;
}

const save = (cityId: string, fields: Record<string, string> = {}, cookie = admin.cookie) =>
  post(
    { intent: "save-legislative-source", cityId, clientId: "maplefalls", timeZone: "America/Chicago", ...fields },
    cookie,
  );

type CardData = { legislative: Record<string, unknown> | null };

describe(`city management: the Legislative system card ${dbTag}`, () => {
  it("saves the client id and time zone, and the page shows them (a pasted Legistar address gives its client id)", async () => {
    const city = await createCity({ name: "Maple Falls" });
    expect(((await get(`${PAGE}?city=${city.id}`)).data as CardData).legislative).toBeNull();
    const saved = await save(city.id, { clientId: " https://MapleFalls.legistar.com/Calendar.aspx " });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${PAGE}?city=${city.id}`);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Legislative system saved" });
    expect(await sourceOf(city.id)).toMatchObject({
      clientId: "maplefalls",
      timeZone: "America/Chicago",
      token: null,
    });
    const page = await get(`${PAGE}?city=${city.id}`);
    expect((page.data as CardData).legislative).toEqual({
      clientId: "maplefalls",
      timeZone: "America/Chicago",
      tokenSaved: false,
      lastSyncedAt: null,
      lastAttemptAt: null,
      lastError: null,
      lastErrorAt: null,
      sync: null,
    });
  });

  it("refuses a malformed client id or time zone with its message, and changes nothing", async () => {
    const city = await createCity();
    await save(city.id);
    for (const [fields, field, message] of [
      [{ clientId: "maple falls!" }, "clientId", LEGISLATIVE_MESSAGES.clientId],
      [{ clientId: "" }, "clientId", LEGISLATIVE_MESSAGES.clientId],
      [{ timeZone: "PST" }, "timeZone", LEGISLATIVE_MESSAGES.timeZone],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone", LEGISLATIVE_MESSAGES.timeZone],
    ] as const) {
      const refused = await save(city.id, { ...fields, token: "typed-secret" });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        toast: { type: "error", title: "Error saving the legislative system", description: message },
        result: { error: { [field]: [message] } },
      });
      // The token typed is not sent back into the page.
      expect(JSON.stringify(refused.data)).not.toContain("typed-secret");
    }
    expect(await sourceOf(city.id)).toMatchObject({ clientId: "maplefalls", timeZone: "America/Chicago", token: null });
  });

  it("keeps a saved token when the field is left blank, never shows it, replaces it, and removes it when asked", async () => {
    const city = await createCity();
    await save(city.id, { token: "first-token" });
    expect((await sourceOf(city.id))!.token).toBe("first-token");
    const page = await get(`${PAGE}?city=${city.id}`);
    expect((page.data as CardData).legislative).toMatchObject({ tokenSaved: true });
    expect(JSON.stringify(page.data)).not.toContain("first-token");

    await save(city.id, { timeZone: "America/Denver" });
    expect(await sourceOf(city.id)).toMatchObject({ token: "first-token", timeZone: "America/Denver" });
    await save(city.id, { token: "second-token" });
    expect((await sourceOf(city.id))!.token).toBe("second-token");
    await save(city.id, { clearToken: "on" });
    expect((await sourceOf(city.id))!.token).toBeNull();
    expect(((await get(`${PAGE}?city=${city.id}`)).data as CardData).legislative).toMatchObject({ tokenSaved: false });
  });

  it("removes the record of the old client when the client id changes, and says so", async () => {
    const city = await createCity();
    await save(city.id);
    expect((await syncLegislativeRecord(city.id)).error).toBeNull();
    const count = async () =>
      (await getTestDb().select().from(legistarBodies).where(eq(legistarBodies.cityId, city.id))).length;
    expect(await count()).toBe(2);
    // The same client (another case): nothing removed.
    await save(city.id, { clientId: "MapleFalls", timeZone: "America/Chicago" });
    expect(await count()).toBe(2);
    const changed = await save(city.id, { clientId: "maplefallsmn" });
    expect(await toastOf(changed)).toMatchObject({
      title: "Legislative system saved",
      description: LEGISLATIVE_MESSAGES.clientChanged,
    });
    expect(await count()).toBe(0);
    expect(await getTestDb().select().from(legistarEvents).where(eq(legistarEvents.cityId, city.id))).toEqual([]);
    expect(await sourceOf(city.id)).toMatchObject({ clientId: "maplefallsmn", lastSyncedAt: null });
  });

  it("Test lists the saved client's bodies from Legistar, with the saved token", async () => {
    const city = await createCity();
    legistar.clients.maplefalls!.token = "clerk-token";
    await save(city.id, { token: "clerk-token" });
    const tested = await post({ intent: "test-legislative-source", cityId: city.id });
    expect(tested.status).toBe(302);
    expect(await toastOf(tested)).toMatchObject({
      type: "success",
      title: "Connected to Legistar",
      description: "2 bodies: City Council, Finance Committee.",
    });
    expect(legistar.requests.at(-1)).toMatchObject({ client: "maplefalls", query: { token: "clerk-token" } });
  });

  it("Test says why not: an unknown client, a token needed, a token refused, Legistar unreachable", async () => {
    const city = await createCity();
    const testToast = async () => toastOf(await post({ intent: "test-legislative-source", cityId: city.id }));

    await save(city.id, { clientId: "nosuchcity" });
    expect(await testToast()).toMatchObject({
      type: "error",
      title: "Legistar test failed",
      description: 'Legistar has no client "nosuchcity": check the subdomain of nosuchcity.legistar.com.',
    });

    legistar.clients.maplefalls!.token = "clerk-token";
    await save(city.id);
    expect(await testToast()).toMatchObject({
      type: "error",
      title: "Legistar test failed",
      description: 'Legistar client "maplefalls" needs a token: ask the city clerk\'s office for one and enter it.',
    });
    await save(city.id, { token: "wrong-token" });
    expect(await testToast()).toMatchObject({
      type: "error",
      description: 'Legistar refused the token for client "maplefalls": check it with the city clerk\'s office.',
    });

    // Nothing listens on port 9 of this machine.
    process.env.LEGISTAR_BASE_URL = "http://127.0.0.1:9";
    const unreachable = await testToast();
    expect(unreachable).toMatchObject({ type: "error", title: "Legistar test failed" });
    expect(unreachable!.description).toMatch(/^Legistar could not be reached at 127\.0\.0\.1:9 \(/);
  });

  it("Test and Sync now of a city without a legislative system say what to do first (404)", async () => {
    const city = await createCity();
    for (const intent of ["test-legislative-source", "sync-legislative-record"]) {
      const result = await post({ intent, cityId: city.id });
      expect(result.status).toBe(404);
      expect(result.data).toMatchObject({ toast: { type: "error", description: LEGISLATIVE_MESSAGES.noSource } });
    }
  });

  it("Sync now queues one sync of the city; a second press while it waits queues none", async () => {
    const city = await createCity();
    await save(city.id);
    const jobs = async () =>
      (await (await getBoss()).fetch(QUEUES.legistarSync, { batchSize: 10, includeMetadata: false })) ?? [];
    const first = await post({ intent: "sync-legislative-record", cityId: city.id });
    expect(first.status).toBe(302);
    expect(await toastOf(first)).toMatchObject({
      type: "info",
      title: "Sync queued",
      description: LEGISLATIVE_MESSAGES.syncQueuedText,
    });
    expect(((await get(`${PAGE}?city=${city.id}`)).data as CardData).legislative).toMatchObject({ sync: "queued" });
    const second = await post({ intent: "sync-legislative-record", cityId: city.id });
    expect(await toastOf(second)).toMatchObject({
      title: "Sync queued",
      description: LEGISLATIVE_MESSAGES.syncWaiting,
    });
    const queued = await jobs();
    expect(queued.map((job) => job.data)).toEqual([{ cityId: city.id, requestedBy: admin.id }]);
  });

  it("refuses a visitor (401) and a member (403) on every intent of the card, and changes nothing", async () => {
    const city = await createCity();
    await save(city.id, { token: "clerk-token" });
    const before = await sourceOf(city.id);
    const requestsBefore = legistar.requests.length;
    for (const [who, cookie, status] of [
      ["visitor", "", 401],
      ["member", member.cookie, 403],
    ] as const) {
      const intents: Record<string, string>[] = [
        { intent: "save-legislative-source", cityId: city.id, clientId: "forged", timeZone: "UTC", clearToken: "on" },
        { intent: "test-legislative-source", cityId: city.id },
        { intent: "sync-legislative-record", cityId: city.id },
      ];
      for (const fields of intents) {
        const result = await post(fields, cookie);
        expect([who, fields.intent, result.status]).toEqual([who, fields.intent, status]);
      }
    }
    expect(await sourceOf(city.id)).toEqual(before);
    expect(legistar.requests.length).toBe(requestsBefore);
    expect(((await get(`${PAGE}?city=${city.id}`)).data as CardData).legislative).toMatchObject({ sync: null });
  });
});
