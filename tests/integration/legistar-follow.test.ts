import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { drainQueues } from "~/lib/jobs/index.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { action as unsubscribeAction } from "~/routes/alerts/unsubscribe";
import { action as matterAction, loader as matterLoader } from "~/routes/city/matter";
import { callAction, callLoader, dbTag, TEST_ORIGIN } from "../setup";
import { createCity, createSignedInUser } from "../support/factories";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { body, event, matterHistory } from "../support/legistar-fixtures";
import { startSmtpListener } from "../support/smtp-listener";

/**
 * "Follow this bill" (issue 29, deliverable 6;
 * docs/decisions/0076-bills-and-calendars.md) on the alerts' machinery: a
 * visitor is sent to sign in and back; a member follows a matter with a
 * plain form post; a forged post for another city's matter or an unknown
 * file is a 404; the actions on the record when they followed are never
 * mailed, a new one a later sync finds is mailed once through pg-boss
 * with the one-click unsubscribe, and after unsubscribing none is.
 */

const legistar = fakeLegistarPerTest();
const FIRST_SYNC = new Date("2026-11-18T12:00:00Z");
const LIBRARY = "ORD 2026-14";
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
  process.env.SMTP_URL = smtp.url;
  process.env.JOBS_RETRY_DELAY_SECONDS = "0";
  await (await getBoss()).clearStorage();
});
afterAll(async () => {
  await stopBoss();
  await smtp.close();
});

const pagePath = (key: string, file: string) => `/city/${key}/matters/${encodeURIComponent(file)}`;

function post(key: string, file: string, intent: string, cookie?: string) {
  return callAction(
    matterAction,
    pagePath(key, file),
    { intent },
    { params: { locationKey: key, file }, headers: cookie ? { Cookie: cookie } : {} },
  );
}

/** A new action on the library ordinance, in a third body, found by the sync of `now`. */
function mayorSigns(day: string, id: number) {
  const client = legistar.clients.maplefalls!;
  const mayor = body(150, "Office of the Mayor", "Executive");
  if (!client.bodies!.some((b) => b.BodyId === 150)) client.bodies!.push(mayor);
  const signing = event(id, mayor, day, { modified: `${day}T10:00:00` });
  client.events!.push(signing);
  client.eventItems![id] = [];
  client.matterHistories![1364]!.push(matterHistory(id * 10, signing, "signed by the Mayor", { passed: "Pass" }));
  client.matters!.find((m) => m.MatterFile === LIBRARY)!.MatterLastModifiedUtc = `${day}T10:00:00`;
}

describe(`following a bill ${dbTag}`, () => {
  it("sends a visitor to sign in, refuses forged posts, and mails each new action once", async () => {
    const city = await createCity({ name: "Maple Falls" });
    await saveLegislativeSource(city.id, { clientId: "maplefalls", timeZone: "America/Chicago" });
    await syncLegislativeRecord(city.id, { now: FIRST_SYNC });
    const other = await createCity({ name: "Cedar Bend" });

    // A visitor: to sign in, and back to the page.
    const visitor = await post(city.locationKey, LIBRARY, "follow");
    expect(visitor.status).toBe(302);
    expect(visitor.response!.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(pagePath(city.locationKey, LIBRARY))}`,
    );

    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    // Forged: the matter under another city, an unknown file, an intent that is not one.
    for (const [key, file] of [
      [other.locationKey, LIBRARY],
      [city.locationKey, "ORD 2026-99"],
    ] as const) {
      const forged = await post(key, file, "follow", member.cookie);
      expect([forged.status, forged.thrown], `${key} ${file}`).toEqual([404, true]);
      expect(forged.data).toEqual(expect.objectContaining({ title: "Matter not found" }));
    }
    expect((await post(city.locationKey, LIBRARY, "delete-everything", member.cookie)).status).toBe(400);

    const followed = await post(city.locationKey, LIBRARY, "follow", member.cookie);
    expect(followed.status).toBe(302);
    expect(followed.response!.headers.get("Location")).toBe(pagePath(city.locationKey, LIBRARY));
    const page = await callLoader(matterLoader, pagePath(city.locationKey, LIBRARY), {
      params: { locationKey: city.locationKey, file: LIBRARY },
      headers: { Cookie: member.cookie },
    });
    expect((page.data as { following: boolean }).following).toBe(true);

    // The record's actions at the time of following are not mailed, even when a sync reads them again.
    await syncLegislativeRecord(city.id, { now: new Date("2026-11-19T12:00:00Z") });
    await drainQueues([QUEUES.matterMail]);
    expect(smtp.messages).toHaveLength(0);

    // A new action in a third body: one mail, listing it alone.
    mayorSigns("2026-11-24", 910);
    await syncLegislativeRecord(city.id, { now: new Date("2026-11-25T12:00:00Z") });
    await drainQueues([QUEUES.matterMail]);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([member.email]);
    expect(mail.raw).toContain("signed by the Mayor (Passed)");
    expect(mail.raw).not.toContain("recommended for approval");
    const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(mail.raw.replace(/\r\n\s+/g, " "))?.[1];
    expect(unsubscribe).toMatch(/\/alerts\/unsubscribe\/[A-Za-z0-9_-]+$/);

    // Once: the next sync finds nothing new for them.
    await syncLegislativeRecord(city.id, { now: new Date("2026-11-26T12:00:00Z") });
    await drainQueues([QUEUES.matterMail]);
    expect(smtp.messages).toHaveLength(1);

    // One-click unsubscribe: no mail for the next action.
    const token = unsubscribe!.split("/").at(-1)!;
    const off = await callAction(unsubscribeAction, `/alerts/unsubscribe/${token}`, {}, { params: { token } });
    expect(off.data).toEqual({ alerts: [{ query: LIBRARY, active: false }], done: true });
    mayorSigns("2026-11-27", 911);
    await syncLegislativeRecord(city.id, { now: new Date("2026-11-28T12:00:00Z") });
    await drainQueues([QUEUES.matterMail]);
    expect(smtp.messages).toHaveLength(1);
  });
});
