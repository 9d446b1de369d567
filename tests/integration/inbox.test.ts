import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cities, cityRequests, contactSubmissions, inboxReplies } from "~/lib/db/schema";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { drainQueues, runNextJob } from "~/lib/jobs/index.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { getToast } from "~/lib/toast/toast.server";
import { action as cityManagementAction } from "~/routes/admin/city-management";
import { loader as adminIndexLoader } from "~/routes/admin/index";
import { loader as listLoader } from "~/routes/admin/inbox/index";
import { action as messageAction, loader as messageLoader } from "~/routes/admin/inbox/message";
import { action as requestAction, loader as requestLoader } from "~/routes/admin/inbox/request";
import { action as contactAction } from "~/routes/contact";
import { action as homeAction } from "~/routes/home";
import {
  callAction,
  callLoader,
  cookiesFrom,
  dbTag,
  getTestDb,
  TEST_ORIGIN,
  truncateAllTables,
  type RouteResult,
} from "../setup";
import { createCity, createSignedInUser } from "../support/factories";
import { type CapturedMail, startSmtpListener } from "../support/smtp-listener";

/**
 * The admin inbox (issue 26, item 9; docs/decisions/0053-admin-inbox.md):
 * contact messages and city requests listed, opened, answered by e-mail and
 * given a status; the admins' notice of each; the requesters' mail when
 * their city is Live. Mail goes to a real SMTP listener, and the jobs are
 * worked here as the worker would.
 */

const APP_URL = "https://gavel.example";
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
type Account = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpListener();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = APP_URL;
  process.env.JOBS_RETRY_DELAY_SECONDS = "0";
});
afterAll(async () => {
  await stopBoss();
  await smtp.close();
});
beforeEach(async () => {
  await truncateAllTables();
  await (await getBoss()).clearStorage();
  smtp.messages.length = 0;
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
});

/** A mail's raw text with folded headers, quoted-printable soft breaks and escapes undone. */
function decoded(mail: CapturedMail | undefined): string {
  const unfolded = (mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(unfolded.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
}

const subjectOf = (mail: CapturedMail | undefined) => /^Subject: (.*)$/m.exec(decoded(mail))?.[1]?.trim();
const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
const as = (who: Account | null): { headers: Record<string, string> } => ({
  headers: who ? { Cookie: who.cookie } : {},
});

async function toastOf(result: RouteResult) {
  return (await getToast(new Request(TEST_ORIGIN, { headers: { Cookie: cookiesFrom(result) } }))).toast;
}

async function sendContact(fields: Partial<Record<string, string>> = {}) {
  const result = await callAction(contactAction, "/contact", {
    email: "reader@example.com",
    topic: "Media Inquiry",
    message: "Who voted against the budget?\nAnd why?",
    ...fields,
  });
  expect(result.status).toBe(302);
  const [row] = await getTestDb()
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.email, fields.email ?? "reader@example.com"));
  return row!;
}

async function sendCityRequest(fields: { state: string; cityName: string; email: string }) {
  const result = await callAction(homeAction, "/?index", fields);
  expect(result.status).toBe(302);
  const [row] = await getTestDb().select().from(cityRequests).where(eq(cityRequests.email, fields.email));
  return row!;
}

const messagePath = (id: string, query = "") => `/admin/inbox/messages/${id}${query}`;
const requestPath = (id: string) => `/admin/inbox/requests/${id}`;

const replyTo = (id: string, fields: Record<string, string>, who: Account | null = admin, query = "") =>
  callAction(
    messageAction,
    messagePath(id, query),
    { intent: "reply", ...fields },
    { ...as(who), params: { messageId: id } },
  );

/** Works the inbox's mail queue until a job runs (the retry of a failed one may need a moment to be due). */
async function nextMailJob() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const ran = await runNextJob(QUEUES.inboxMail);
    if (ran) return ran;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

describe(`inbox: notices to admins ${dbTag}`, () => {
  it("mails every admin at once, once, about a contact message, with the link that opens it", async () => {
    const second = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    const message = await sendContact({ phone: "555-0100" });
    expect(message.adminNotifiedAt).toBeNull();

    const ran = await runNextJob(QUEUES.inboxMail);
    expect(ran?.output).toEqual({ outcome: "notified", mails: 2 });
    for (const to of [admin.email, second.email]) {
      const [mail, ...more] = mailsTo(to);
      expect(more).toEqual([]);
      expect(subjectOf(mail)).toBe("New contact message: Media Inquiry");
      const text = decoded(mail);
      expect(text).toContain("From: reader@example.com, phone 555-0100");
      expect(text).toContain("> Who voted against the budget?\n> And why?");
      expect(text).toContain(`${APP_URL}/admin/inbox/messages/${message.id}`);
    }
    expect(mailsTo(member.email)).toEqual([]);
    const [stored] = await getTestDb().select().from(contactSubmissions).where(eq(contactSubmissions.id, message.id));
    expect(stored!.adminNotifiedAt).toBeInstanceOf(Date);

    // The same job again (a retry after a crash) mails nobody twice.
    await (await getBoss()).send(QUEUES.inboxMail, { kind: "admin-notice", box: "messages", id: message.id });
    expect((await runNextJob(QUEUES.inboxMail))?.output).toMatchObject({ outcome: "skipped" });
    expect(smtp.messages).toHaveLength(2);
  });

  it("takes a city request while the mail server is down, and mails the notice once it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    let request;
    try {
      // The visitor's post does not wait for the mail, and a refused mail loses nothing.
      request = await sendCityRequest({ state: "OR", cityName: "Astoria", email: "someone@example.com" });
      const failed = await runNextJob(QUEUES.inboxMail);
      expect(failed?.error).toBeDefined();
      const [stored] = await getTestDb().select().from(cityRequests).where(eq(cityRequests.id, request.id));
      expect(stored).toMatchObject({ cityName: "Astoria", status: "New", adminNotifiedAt: null });
    } finally {
      smtp = await startSmtpListener({ port });
    }
    expect((await nextMailJob())?.output).toEqual({ outcome: "notified", mails: 1 });
    const mail = mailsTo(admin.email)[0];
    expect(subjectOf(mail)).toBe("New city request: Astoria, OR");
    expect(decoded(mail)).toContain("someone@example.com asks for coverage of Astoria, OR.");
    expect(decoded(mail)).toContain(`${APP_URL}/admin/inbox/requests/${request.id}`);
    expect(smtp.messages).toHaveLength(1);
  });
});

type ListData = {
  box: string;
  rows: { id: string; status: string; replies: number; topic?: string; cityName?: string; city?: unknown }[];
  total: number;
  page: number;
  pageCount: number;
  newCounts: { messages: number; requests: number };
};

async function list(query: string, who: Account | null = admin) {
  const result = await callLoader(listLoader, `/admin/inbox${query}`, as(who));
  return result;
}

describe(`inbox: the list ${dbTag}`, () => {
  it("lists each box newest first, 25 a page, filtered by status in the URL, with the New counts", async () => {
    const db = getTestDb();
    const base = Date.UTC(2026, 10, 1);
    await db.insert(contactSubmissions).values(
      Array.from({ length: 27 }, (_, i) => ({
        email: `sender${i}@example.com`,
        topic: "Other",
        message: `Message number ${i}`,
        status: i % 3 === 0 ? "Closed" : "New",
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await db.insert(cityRequests).values([
      { state: "OR", cityName: "Bend", email: "a@example.com", createdAt: new Date(base) },
      { state: "WA", cityName: "Yakima", email: "b@example.com", status: "Answered", createdAt: new Date(base + 1) },
    ]);

    const first = (await list("")).data as ListData;
    expect(first).toMatchObject({ box: "messages", total: 27, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]).toMatchObject({ status: "New", topic: "Other", replies: 0 });
    const second = (await list("?page=2")).data as ListData;
    expect(second.rows).toHaveLength(2);
    const numbers = [...first.rows, ...second.rows].map((row) => (row as { excerpt?: string }).excerpt);
    expect(numbers).toEqual(Array.from({ length: 27 }, (_, i) => `Message number ${26 - i}`));
    expect(first.newCounts).toEqual({ messages: 18, requests: 1 });

    const closed = (await list("?status=Closed")).data as ListData;
    expect(closed.total).toBe(9);
    expect(closed.rows.every((row) => row.status === "Closed")).toBe(true);
    const past = (await list("?status=Closed&page=9")).data as ListData;
    expect(past.page).toBe(1);

    const requests = (await list("?box=requests")).data as ListData;
    expect(requests.rows.map((row) => row.cityName)).toEqual(["Yakima", "Bend"]);
    const answered = (await list("?box=requests&status=Answered")).data as ListData;
    expect(answered.rows.map((row) => row.cityName)).toEqual(["Yakima"]);
    // Unknown values are ignored, not errors.
    expect(((await list("?box=nope&status=Maybe&page=-3")).data as ListData).total).toBe(27);

    const panel = await callLoader(adminIndexLoader, "/admin", as(admin));
    expect(panel.data).toEqual({ inboxNew: 19 });
  });
});

describe(`inbox: replies ${dbTag}`, () => {
  it("sends a reply to the sender's own address, records who sent it and when, and marks it Answered", async () => {
    const message = await sendContact();
    smtp.messages.length = 0;
    const back = "/admin/inbox?status=New";
    const sent = await replyTo(
      message.id,
      {
        subject: "Re: Media Inquiry",
        body: "Council member Ortiz voted against.\nThe minutes are online.",
        // A field nobody should be able to use: the address comes from the message.
        to: "attacker@evil.example",
      },
      admin,
      `?back=${encodeURIComponent(back)}`,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(messagePath(message.id, `?back=${encodeURIComponent(back)}`));
    expect(await toastOf(sent)).toMatchObject({ title: "Reply sent", description: "Sent to reader@example.com." });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["reader@example.com"]);
    expect(subjectOf(mail)).toBe("Re: Media Inquiry");
    const text = decoded(mail);
    expect(text).toContain("Council member Ortiz voted against.\nThe minutes are online.");
    expect(text).toContain("> Who voted against the budget?");
    expect(text).toContain(`${APP_URL}/contact`);
    expect(text).not.toContain(admin.email);

    const [recorded] = await getTestDb().select().from(inboxReplies);
    expect(recorded).toMatchObject({ contactSubmissionId: message.id, subject: "Re: Media Inquiry", sentBy: admin.id });
    expect(recorded!.sentAt).toBeInstanceOf(Date);
    const page = await callLoader(messageLoader, messagePath(message.id), {
      ...as(admin),
      params: { messageId: message.id },
    });
    expect(page.data).toMatchObject({
      message: { status: "Answered", replies: [{ subject: "Re: Media Inquiry", sentBy: admin.email }] },
    });
    expect(((await list("")).data as ListData).rows[0]).toMatchObject({ replies: 1, status: "Answered" });
  });

  it("refuses a blank or overlong reply with field messages, keeps the text, and sends nothing", async () => {
    const message = await sendContact();
    smtp.messages.length = 0;
    const blank = await replyTo(message.id, { subject: "  ", body: " \n " });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      toast: { title: "Reply not sent" },
      result: { error: { subject: ["Please enter a subject"], body: ["Please write your reply"] } },
    });
    const long = await replyTo(message.id, { subject: "Hello", body: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({
      result: {
        error: { body: ["Please keep your reply under 5,000 characters"] },
        initialValue: { subject: "Hello" },
      },
    });
    expect(smtp.messages).toEqual([]);
    expect(await getTestDb().select().from(inboxReplies)).toEqual([]);
  });

  it("keeps the text and records nothing when the mail server refuses the reply", async () => {
    const message = await sendContact();
    await drainQueues([QUEUES.inboxMail]);
    smtp.messages.length = 0;
    const port = smtp.port;
    await smtp.close();
    try {
      const failed = await replyTo(message.id, { subject: "Re: Media Inquiry", body: "We will look into it." });
      expect(failed.status).toBe(502);
      expect(failed.data).toMatchObject({
        toast: { title: "Reply not sent" },
        result: { initialValue: { body: "We will look into it." } },
      });
    } finally {
      smtp = await startSmtpListener({ port });
    }
    expect(await getTestDb().select().from(inboxReplies)).toEqual([]);
    const [stored] = await getTestDb().select().from(contactSubmissions).where(eq(contactSubmissions.id, message.id));
    expect(stored!.status).toBe("New");
  });

  it("cannot answer a message without an e-mail address, and says so", async () => {
    const message = await sendContact();
    await getTestDb().update(contactSubmissions).set({ email: null }).where(eq(contactSubmissions.id, message.id));
    await drainQueues([QUEUES.inboxMail]);
    smtp.messages.length = 0;
    const refused = await replyTo(message.id, { subject: "Hi", body: "Hello" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      toast: { title: "Reply not sent", description: "This message has no e-mail address, so it cannot be answered." },
    });
    expect(smtp.messages).toEqual([]);
    expect(await getTestDb().select().from(inboxReplies)).toEqual([]);
  });
});

describe(`inbox: status ${dbTag}`, () => {
  it("sets New, Answered or Closed, and refuses anything else", async () => {
    const message = await sendContact();
    const post = (status: string) =>
      callAction(
        messageAction,
        messagePath(message.id),
        { intent: "status", status },
        {
          ...as(admin),
          params: { messageId: message.id },
        },
      );
    const closed = await post("Closed");
    expect(closed.status).toBe(302);
    expect(await toastOf(closed)).toMatchObject({ title: "Status updated", description: "Now Closed." });
    expect((await post("Deleted")).status).toBe(400);
    const [stored] = await getTestDb().select().from(contactSubmissions).where(eq(contactSubmissions.id, message.id));
    expect(stored!.status).toBe("Closed");
  });
});

describe(`inbox: a requester hears when their city is Live ${dbTag}`, () => {
  const liveFields = (city: { id: string; name: string; locationKey: string }, status: string) => ({
    intent: "update-city",
    cityId: city.id,
    name: city.name,
    state: "OR",
    county: "Clatsop",
    locationKey: city.locationKey,
    primaryColor: "#3B82F6",
    secondaryColor: "#1E40AF",
    status,
  });

  it("mails each request for the city once, when City Management makes it Live", async () => {
    const db = getTestDb();
    const city = await createCity({ name: "Seaside" });
    await db.update(cities).set({ state: "OR" }).where(eq(cities.id, city.id));
    await db.insert(cityRequests).values([
      { state: "OR", cityName: "Seaside", email: "one@example.com" },
      { state: "OR", cityName: " seaside ", email: "two@example.com" },
      { state: "WA", cityName: "Seaside", email: "elsewhere@example.com" },
      { state: "OR", cityName: "Seaside", email: null },
    ]);
    const setStatus = async (status: string) => {
      const saved = await callAction(
        cityManagementAction,
        "/admin/city-management",
        liveFields(city, status),
        as(admin),
      );
      expect(saved.status).toBe(302);
      await drainQueues([QUEUES.inboxMail]);
    };
    await setStatus("Test");
    expect(smtp.messages).toEqual([]);
    await setStatus("Live");
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(["one@example.com", "two@example.com"]);
    const mail = mailsTo("one@example.com")[0];
    expect(subjectOf(mail)).toBe("Seaside, OR is now on Gavel");
    expect(decoded(mail)).toContain(`${APP_URL}/city/${city.locationKey}`);
    const rows = await db.select().from(cityRequests).where(eq(cityRequests.state, "OR"));
    for (const row of rows.filter((r) => r.email)) {
      expect(row.liveNotifiedAt).toBeInstanceOf(Date);
      expect(row.cityId).toBe(city.id);
    }

    // Live again after a pause: nobody is mailed twice.
    await setStatus("Test");
    await setStatus("Live");
    expect(smtp.messages).toHaveLength(2);

    // A request for a city that is Live already is answered as soon as it arrives.
    await sendCityRequest({ state: "OR", cityName: "SEASIDE", email: "late@example.com" });
    await drainQueues([QUEUES.inboxMail]);
    expect(subjectOf(mailsTo("late@example.com")[0])).toBe("Seaside, OR is now on Gavel");
    expect(mailsTo("late@example.com")).toHaveLength(1);
  });

  it("mails a request an admin links to a Live city of another spelling, once", async () => {
    const city = await createCity({ name: "Saint Helens", status: "Live" });
    const [request] = await getTestDb()
      .insert(cityRequests)
      .values({ state: "CA", cityName: "St. Helens", email: "helens@example.com" })
      .returning();
    const page = async () =>
      (await callLoader(requestLoader, requestPath(request!.id), { ...as(admin), params: { requestId: request!.id } }))
        .data as {
        request: { city: { name: string } | null; linkedCityId: string | null; liveNotifiedAt: string | null };
      };
    expect((await page()).request.city).toBeNull();
    const link = (cityId: string) =>
      callAction(
        requestAction,
        requestPath(request!.id),
        { intent: "city", cityId },
        {
          ...as(admin),
          params: { requestId: request!.id },
        },
      );
    const linked = await link(city.id);
    expect(linked.status).toBe(302);
    expect(await toastOf(linked)).toMatchObject({ title: "City link saved" });
    await drainQueues([QUEUES.inboxMail]);
    expect(mailsTo("helens@example.com")).toHaveLength(1);
    expect((await page()).request).toMatchObject({ city: { name: "Saint Helens" }, linkedCityId: city.id });
    expect((await page()).request.liveNotifiedAt).toBeTruthy();
    await link(city.id);
    await drainQueues([QUEUES.inboxMail]);
    expect(mailsTo("helens@example.com")).toHaveLength(1);
    expect((await link("not-a-city")).status).toBe(400);
  });
});

describe(`inbox: admins only ${dbTag}`, () => {
  it("refuses the pages and every intent to a member and a visitor, and changes or sends nothing", async () => {
    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    const message = await sendContact();
    const request = await sendCityRequest({ state: "OR", cityName: "Bend", email: "bend@example.com" });
    await drainQueues([QUEUES.inboxMail]);
    smtp.messages.length = 0;
    const city = await createCity({ status: "Live" });
    for (const [who, status] of [
      [member, 403],
      [null, 401],
    ] as const) {
      expect((await list("", who)).status).toBe(status);
      expect((await callLoader(adminIndexLoader, "/admin", as(who))).status).toBe(status);
      const opened = await callLoader(messageLoader, messagePath(message.id), {
        ...as(who),
        params: { messageId: message.id },
      });
      expect(opened.status).toBe(status);
      const openedRequest = await callLoader(requestLoader, requestPath(request.id), {
        ...as(who),
        params: { requestId: request.id },
      });
      expect(openedRequest.status).toBe(status);
      for (const fields of [
        { intent: "reply", subject: "Hi", body: "Forged" },
        { intent: "status", status: "Closed" },
      ]) {
        const forged = await callAction(messageAction, messagePath(message.id), fields, {
          ...as(who),
          params: { messageId: message.id },
        });
        expect(forged.status).toBe(status);
        expect(forged.thrown).toBe(true);
      }
      const forgedLink = await callAction(
        requestAction,
        requestPath(request.id),
        { intent: "city", cityId: city.id },
        {
          ...as(who),
          params: { requestId: request.id },
        },
      );
      expect(forgedLink.status).toBe(status);
    }
    expect(smtp.messages).toEqual([]);
    expect(await getTestDb().select().from(inboxReplies)).toEqual([]);
    const [storedMessage] = await getTestDb().select().from(contactSubmissions);
    const [storedRequest] = await getTestDb().select().from(cityRequests);
    expect(storedMessage!.status).toBe("New");
    expect(storedRequest!.cityId).toBeNull();
  });

  it("answers an unknown or malformed id with not found", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const page = await callLoader(messageLoader, messagePath(id), { ...as(admin), params: { messageId: id } });
      expect(page.status).toBe(404);
      const request = await callLoader(requestLoader, requestPath(id), { ...as(admin), params: { requestId: id } });
      expect(request.status).toBe(404);
      const reply = await replyTo(id, { subject: "Hi", body: "Hello" });
      expect(reply.status).toBe(404);
    }
  });
});
