import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedVideo } from "#demo/meetings";
import { createUser, grantRole, ADMIN_ROLE } from "~/lib/auth/users.server";
import { hashPassword } from "~/lib/auth/password.server";
import {
  analyticsDailyCounts,
  analyticsDailyVisitors,
  analyticsSearchAskers,
  businessListings,
  cityRequests,
  contactSubmissions,
  passwords,
  productFeedback,
  profiles,
  rateLimits,
  sessions,
  userRoles,
  users,
  verificationCodes,
} from "~/lib/db/schema";
import { outboxDir } from "~/lib/email/email.server";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { COOKIE_LIST } from "~/lib/privacy/cookies";
import { pruneTechnicalRecords } from "~/lib/privacy/retention.server";
import { RE_ANALYZE } from "~/lib/meetings/admin-intents";
import { action as authAction } from "~/routes/auth/auth";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { loader as homeLoader } from "~/routes/home";
import { action as meetingAction } from "~/routes/meeting/meeting";
import { loader as privacyLoader } from "~/routes/privacy";
import { action as deleteAction, loader as deletePageLoader } from "~/routes/profile/delete";
import { loader as exportLoader } from "~/routes/profile/export";
import { loader as profileLoader } from "~/routes/profile";
import { action as liteAction } from "~/routes/resources/lite-mode";
import { action as languageAction } from "~/routes/resources/language";
import { loader as rootLoader } from "~/root";
import {
  callAction,
  callLoader,
  callRoute,
  cookiesFrom,
  dbTag,
  execSql,
  formRequest,
  getRequest,
  getTestDb,
  TEST_ORIGIN,
  truncateAllTables,
  type RouteResult,
} from "../setup";
import { CookieJar } from "../support/cookie-jar";
import { codeFrom, startSmtpListener } from "../support/smtp-listener";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";

/**
 * The privacy page's promises (docs/decisions/0038-privacy-promises.md):
 * every cookie the app sets is in the registry /privacy lists; a member's
 * export holds exactly their data; deleting an account leaves no row naming
 * them and keeps everyone else's; the retention clean-up deletes technical
 * records older than LOG_RETENTION_DAYS and keeps newer ones.
 */

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

beforeAll(async () => {
  smtp = await startSmtpListener();
});
afterAll(async () => {
  await stopBoss();
  await smtp.close();
});
beforeEach(async () => {
  await truncateAllTables();
  delete process.env.SMTP_URL;
  smtp.messages.length = 0;
  await fs.rm(outboxDir(), { recursive: true, force: true });
});

// ---------------------------------------------------------------- cookies

type SeenCookie = { name: string; maxAge: number | null; cleared: boolean; step: string };

function cookiesSet(result: RouteResult, step: string): SeenCookie[] {
  return result.headers.getSetCookie().map((header) => {
    const [pair = "", ...attributes] = header.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const maxAgeAttribute = attributes.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
    const maxAge = maxAgeAttribute ? Number(maxAgeAttribute.split("=")[1]) : null;
    const expires = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
    return { name, maxAge, cleared: maxAge === 0 || expires || pair.trim().endsWith("="), step };
  });
}

describe(`the cookie registry ${dbTag}`, () => {
  it("lists every cookie the app sets, with its lifetime, and nothing it never sets", async () => {
    process.env.SMTP_URL = smtp.url;
    const seen: SeenCookie[] = [];
    const jar = new CookieJar();
    const headers = () => ({ Cookie: jar.header(), "x-gavel-client-ip": "10.9.0.1" });
    const run = async (step: string, fn: (args: never) => unknown, request: Request) => {
      const result = await callRoute(fn, { request });
      seen.push(...cookiesSet(result, step));
      jar.store(result.headers);
      return result;
    };

    // A plain visit sets nothing (the privacy page says so).
    const visit = getRequest("/", { headers: headers() });
    expect((await run("visit", rootLoader as never, visit)).headers.getSetCookie()).toEqual([]);
    expect((await run("visit", homeLoader as never, getRequest("/"))).headers.getSetCookie()).toEqual([]);
    expect((await run("visit", privacyLoader as never, getRequest("/privacy"))).headers.getSetCookie()).toEqual([]);

    // Sign up with an e-mail code: the code cookie, then the session and a toast.
    const email = "cookie-walker@example.com";
    await run(
      "send code",
      authAction as never,
      formRequest("/auth", { website_url: "", intent: "send-code", mode: "signup", email }, { headers: headers() }),
    );
    await run(
      "verify code",
      authAction as never,
      formRequest(
        "/auth",
        { website_url: "", intent: "verify-code", mode: "signup", code: codeFrom(smtp.lastTo(email)) },
        { headers: headers() },
      ),
    );
    expect(jar.get("gavel_session")).toBeTruthy();
    // The next page reads the toast and clears it.
    await run("toast read", rootLoader as never, getRequest("/", { headers: headers() }));

    // Lite mode, on and off.
    await run("lite", liteAction as never, formRequest("/resources/lite-mode", { lite: "on", redirectTo: "/" }));
    // The language switch.
    await run("language", languageAction as never, formRequest("/resources/language", { lang: "es", redirectTo: "/" }));

    // An admin's re-analysis: the awaited-job cookie.
    await getBoss();
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const city = await createCity({ status: "Live" });
    const meeting = await createMeeting({ cityId: city.id, transcript: seedVideo("ac-cc-2025-07-15").transcript! });
    const queued = await callAction(
      meetingAction,
      `/meeting/${meeting.id}`,
      { intent: RE_ANALYZE, meetingId: meeting.id },
      { params: { meetingId: meeting.id }, headers: { Cookie: admin.cookie } },
    );
    expect(queued.status).toBe(302);
    seen.push(...cookiesSet(queued, "re-analyze"));

    // Signing out clears the session.
    await run("sign out", signOutAction as never, formRequest("/auth/sign-out", {}, { headers: headers() }));

    const registry = new Map(COOKIE_LIST.map((cookie) => [cookie.name, cookie]));
    for (const cookie of seen) {
      expect(registry.has(cookie.name), `${cookie.name} (set by ${cookie.step}) is not in the registry`).toBe(true);
      if (!cookie.cleared)
        expect(cookie.maxAge, `${cookie.name}'s Max-Age (${cookie.step})`).toBe(
          registry.get(cookie.name)!.maxAgeSeconds,
        );
    }
    const setNames = new Set(seen.filter((c) => !c.cleared).map((c) => c.name));
    expect([...registry.keys()].filter((name) => !setNames.has(name))).toEqual([]);
  });

  it("says how visits are counted as the ANALYTICS setting does", async () => {
    const saved = { ANALYTICS: process.env.ANALYTICS, ANALYTICS_FORWARD_URL: process.env.ANALYTICS_FORWARD_URL };
    try {
      const modes = [];
      for (const [mode, url] of [
        ["local", undefined],
        ["forward", "https://plausible.example.org/api/event"],
        ["off", undefined],
      ] as const) {
        process.env.ANALYTICS = mode;
        if (url) process.env.ANALYTICS_FORWARD_URL = url;
        else delete process.env.ANALYTICS_FORWARD_URL;
        modes.push((await callLoader(privacyLoader, "/privacy")).data);
      }
      expect(modes.map((page) => (page as { analytics: unknown }).analytics)).toEqual([
        { mode: "local" },
        { mode: "forward", host: "plausible.example.org" },
        { mode: "off" },
      ]);
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });

  it("is what /privacy shows", async () => {
    const result = await callLoader(privacyLoader, "/privacy");
    const { cookies } = result.data as { cookies: Array<{ name: string; lifetime: string }> };
    expect(cookies.map((c) => c.name)).toEqual(COOKIE_LIST.map((c) => c.name));
    expect(cookies.find((c) => c.name === "gavel_session")?.lifetime).toBe("30 days, or until you sign out");
    expect(cookies.find((c) => c.name === "_totp")?.lifetime).toBe("10 minutes");
    expect(result.headers.get("Cache-Control")).toMatch(/public/);
  });
});

// ---------------------------------------------------------------- deletion and export

type Member = { id: string; email: string; cookie: string };

/** A member with a row in every table that can name them, and their mail in the outbox. */
async function memberWithData(role: "member" | "admin", label: string): Promise<Member> {
  const signedIn = await createSignedInUser({ role, origin: TEST_ORIGIN });
  const { id, email } = signedIn;
  const db = getTestDb();
  const shouted = email.toUpperCase();
  await db.insert(passwords).values({ userId: id, hash: await hashPassword("correct horse battery") });
  await db
    .update(profiles)
    .set({ username: `${label}-name` })
    .where(eq(profiles.id, id));
  await db.insert(sessions).values({
    userId: id,
    expiresAt: new Date(Date.now() + 86_400_000),
    userAgent: `${label}-browser`,
    ipAddress: "10.1.2.3",
  });
  await db.insert(verificationCodes).values({
    email,
    purpose: "code",
    codeHash: `${label}-hash`,
    expiresAt: new Date(Date.now() + 600_000),
  });
  await db.insert(rateLimits).values([
    { key: `code-send:email:${email}`, count: 1, resetAt: new Date(Date.now() + 600_000) },
    { key: `sign-in:ip-email:10.1.2.3 ${email}`, count: 1, resetAt: new Date(Date.now() + 600_000) },
    {
      key: `code-send:device-email:AAAAAAAAAAAAAAAAAAAAAA ${email}`,
      count: 1,
      resetAt: new Date(Date.now() + 600_000),
    },
  ]);
  await db
    .insert(productFeedback)
    .values({ feedbackType: "bug", feedbackText: `${label} feedback`, userEmail: shouted });
  await db.insert(cityRequests).values({ state: "OR", cityName: `${label} Falls`, email });
  await db.insert(contactSubmissions).values({ email, topic: "Other", message: `${label} message` });
  const city = await createCity({ status: "Live" });
  await db.insert(businessListings).values({
    name: `${label} Bakery`,
    cityId: city.id,
    businessKey: `${label}-bakery`,
    userEmail: email,
  });
  await fs.mkdir(outboxDir(), { recursive: true });
  await fs.writeFile(path.join(outboxDir(), `2026-01-01T00-00-00-000Z-${email}.eml`), "Subject: code");
  return signedIn;
}

/** Rows of the public schema, in any table, whose text holds the member's id or address. */
async function rowsNaming(member: { id: string; email: string }): Promise<string[]> {
  const tables = await execSql<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await execSql<{ row: string }>(
      `select row_to_json(t)::text as row from ${name} t where position($1 in lower(row_to_json(t)::text)) > 0 or position($2 in row_to_json(t)::text) > 0`,
      [member.email.toLowerCase(), member.id],
    );
    found.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return found;
}

async function userCount(): Promise<number> {
  const [row] = await getTestDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(users);
  return row!.n;
}

describe(`account deletion ${dbTag}`, () => {
  it("removes every row naming the member, keeps their content anonymised, and keeps everyone else's", async () => {
    const alice = await memberWithData("member", "alice");
    const bob = await memberWithData("member", "bob");
    expect((await rowsNaming(alice)).length).toBeGreaterThan(8);
    const bobBefore = await rowsNaming(bob);

    const deleted = await callAction(
      deleteAction,
      "/profile/delete",
      { confirmEmail: ` ${alice.email.toUpperCase()} ` },
      { headers: { Cookie: alice.cookie } },
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    const setCookies = cookiesSet(deleted, "delete");
    expect(setCookies.find((c) => c.name === "gavel_session")?.cleared).toBe(true);
    const landing = await callLoader(rootLoader, "/", { headers: { Cookie: cookiesFrom(deleted) } });
    expect((landing.data as { toast: { title: string } }).toast.title).toBe("Your account has been deleted");

    expect(await rowsNaming(alice)).toEqual([]);
    expect(await rowsNaming(bob)).toEqual(bobBefore);
    // Alice's content stays, without her address.
    const db = getTestDb();
    expect(
      await db.select().from(productFeedback).where(eq(productFeedback.feedbackText, "alice feedback")),
    ).toMatchObject([{ userEmail: null }]);
    expect(await db.select().from(cityRequests).where(eq(cityRequests.cityName, "alice Falls"))).toMatchObject([
      { email: null },
    ]);
    expect(
      await db.select().from(contactSubmissions).where(eq(contactSubmissions.message, "alice message")),
    ).toMatchObject([{ email: null }]);
    expect(
      await db.select().from(businessListings).where(eq(businessListings.businessKey, "alice-bakery")),
    ).toMatchObject([{ userEmail: null }]);
    // Her mail copies are gone, Bob's stay.
    const outbox = await fs.readdir(outboxDir());
    expect(outbox.some((name) => name.includes(alice.email))).toBe(false);
    expect(outbox.some((name) => name.includes(bob.email))).toBe(true);
    // Her old cookie opens nothing.
    expect((await callLoader(profileLoader, "/profile", { headers: { Cookie: alice.cookie } })).status).toBe(401);
  });

  it("needs the member's own address typed, and a session; the form cannot name another account", async () => {
    const alice = await memberWithData("member", "alice");
    const bob = await memberWithData("member", "bob");
    for (const confirmEmail of ["", "DELETE", bob.email]) {
      const refused = await callAction(
        deleteAction,
        "/profile/delete",
        { confirmEmail, userId: bob.id, email: bob.email },
        { headers: { Cookie: alice.cookie } },
      );
      expect(refused.status).toBe(400);
    }
    const visitor = await callAction(deleteAction, "/profile/delete", { confirmEmail: bob.email, userId: bob.id });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Fdelete");
    expect(await getTestDb().select({ id: users.id }).from(users)).toHaveLength(2);
    // A forged user id or address beside Alice's own confirmation deletes Alice, never Bob.
    await callAction(
      deleteAction,
      "/profile/delete",
      { confirmEmail: alice.email, userId: bob.id, email: bob.email },
      { headers: { Cookie: alice.cookie } },
    );
    expect((await getTestDb().select({ id: users.id }).from(users)).map((u) => u.id)).toEqual([bob.id]);
  });

  it("refuses the last administrator, and lets one go when another remains", async () => {
    const admin = await memberWithData("admin", "admin");
    const page = await callLoader(deletePageLoader, "/profile/delete", { headers: { Cookie: admin.cookie } });
    expect((page.data as { lastAdminMessage: string | null }).lastAdminMessage).toMatch(/only administrator/);
    const refused = await callAction(
      deleteAction,
      "/profile/delete",
      { confirmEmail: admin.email },
      { headers: { Cookie: admin.cookie } },
    );
    expect(refused.status).toBe(409);
    expect(await userCount()).toBe(1);

    const other = await createUser({ email: "second-admin@example.com", emailConfirmed: true });
    await grantRole(other.email, ADMIN_ROLE);
    const done = await callAction(
      deleteAction,
      "/profile/delete",
      { confirmEmail: admin.email },
      { headers: { Cookie: admin.cookie } },
    );
    expect(done.status).toBe(302);
    expect(await getTestDb().select({ userId: userRoles.userId }).from(userRoles)).toEqual([{ userId: other.id }]);
  });
});

describe(`data export ${dbTag}`, () => {
  it("downloads exactly the member's own data, without secrets, and only with a session", async () => {
    const alice = await memberWithData("member", "alice");
    await memberWithData("member", "bob");

    const visitor = await callLoader(exportLoader, "/profile/export");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Fexport");

    const result = await callLoader(exportLoader, "/profile/export", { headers: { Cookie: alice.cookie } });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="gavel-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const body = JSON.parse(await result.response!.text()) as Record<string, unknown>;
    expect(body).toMatchObject({
      account: { id: alice.id, email: alice.email, hasPassword: true },
      profile: { username: "alice-name" },
      roles: [],
      productFeedback: [{ type: "bug", text: "alice feedback" }],
      cityRequests: [{ state: "OR", cityName: "alice Falls" }],
      contactMessages: [{ topic: "Other", message: "alice message" }],
      businessListings: [{ name: "alice Bakery", businessKey: "alice-bakery" }],
    });
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions).toContainEqual(
      expect.objectContaining({ userAgent: "alice-browser", ipAddress: "10.1.2.3" }),
    );
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/bob/);
    expect(text).not.toMatch(/scrypt\$|alice-hash/);
    const [session] = await getTestDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, alice.id));
    expect(text).not.toContain(session!.id);
  });
});

// ---------------------------------------------------------------- retention

describe(`retention clean-up ${dbTag}`, () => {
  it("deletes technical records older than LOG_RETENTION_DAYS and keeps newer ones", async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    const db = getTestDb();
    const user = await createUser({ email: "kept@example.com", emailConfirmed: true });
    await db.insert(sessions).values([
      { userId: user.id, expiresAt: new Date(now - DAY), userAgent: "expired" },
      { userId: user.id, expiresAt: new Date(now + DAY), userAgent: "current" },
    ]);
    await db.insert(verificationCodes).values([
      { email: user.email, purpose: "code", codeHash: "old", expiresAt: new Date(now - 2 * DAY) },
      { email: user.email, purpose: "code", codeHash: "new", expiresAt: new Date(now + DAY) },
    ]);
    await db.insert(rateLimits).values([
      { key: "old", count: 1, resetAt: new Date(now - DAY) },
      { key: "new", count: 1, resetAt: new Date(now + DAY) },
    ]);
    await fs.mkdir(outboxDir(), { recursive: true });
    const oldMail = path.join(outboxDir(), "old.eml");
    const newMail = path.join(outboxDir(), "new.eml");
    await fs.writeFile(oldMail, "old");
    await fs.writeFile(newMail, "new");
    await fs.utimes(oldMail, new Date(now - 31 * DAY), new Date(now - 31 * DAY));
    await fs.utimes(newMail, new Date(now - 29 * DAY), new Date(now - 29 * DAY));
    await getBoss();
    await execSql(
      `insert into pgboss.archive (id, name, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
         start_after, created_on, completed_on, keep_until, policy, priority, expire_in, archived_on)
       select gen_random_uuid(), 'analysis', '{}'::jsonb, 'completed', 0, 0, 0, false,
         now(), d, d, now() + interval '14 days', 'standard', 0, interval '15 minutes', d
       from (values (now() - interval '31 days'), (now() - interval '29 days')) v(d)`,
    );

    await db.insert(analyticsDailyVisitors).values([
      { day: "2020-01-01", visitorHash: "yesterdays-salt" },
      { day: new Date().toISOString().slice(0, 10), visitorHash: "todays-salt" },
    ]);

    // Search words: those older than the retention period go, each day's number of searches stays.
    const today = new Date(now).toISOString().slice(0, 10);
    const old = new Date(now - 31 * DAY).toISOString().slice(0, 10);
    const recent = new Date(now - 29 * DAY).toISOString().slice(0, 10);
    await db.insert(analyticsDailyCounts).values([
      { day: old, event: "search", route: "/search", subject: "budget", count: 4 },
      { day: old, event: "search", route: "/search", subject: "(Other searches)", count: 2 },
      { day: old, event: "search", route: "/search", subject: "", count: 1 },
      { day: old, event: "search_no_results", route: "/city/:locationKey/search", subject: "zoning", count: 3 },
      { day: old, event: "meeting_opened", route: "/meeting/:meetingId", subject: "a-meeting", count: 5 },
      { day: recent, event: "search", route: "/search", subject: "budget", count: 6 },
      { day: today, event: "search", route: "/search", subject: "budget", count: 7 },
    ]);
    await db.insert(analyticsSearchAskers).values([
      { day: old, event: "search", route: "/search", wordsHash: "w", visitorHash: "v", count: 1 },
      { day: today, event: "search", route: "/search", wordsHash: "w", visitorHash: "v", count: 1 },
    ]);

    expect(await pruneTechnicalRecords(new Date(now))).toEqual({
      outboxFiles: 1,
      archivedJobs: 1,
      visitorHashes: 1,
      searchWords: 3,
    });
    expect((await db.select().from(analyticsDailyVisitors)).map((row) => row.visitorHash)).toEqual(["todays-salt"]);
    expect((await db.select().from(analyticsSearchAskers)).map((row) => row.day)).toEqual([today]);
    const counts = await db
      .select()
      .from(analyticsDailyCounts)
      .orderBy(analyticsDailyCounts.day, analyticsDailyCounts.event, analyticsDailyCounts.subject);
    expect(counts.map(({ day, event, subject, count }) => [day, event, subject, count])).toEqual([
      [old, "meeting_opened", "a-meeting", 5],
      [old, "search", "", 7],
      [old, "search_no_results", "", 3],
      [recent, "search", "budget", 6],
      [today, "search", "budget", 7],
    ]);

    expect((await db.select({ ua: sessions.userAgent }).from(sessions)).map((s) => s.ua)).toEqual(["current"]);
    expect((await db.select({ h: verificationCodes.codeHash }).from(verificationCodes)).map((c) => c.h)).toEqual([
      "new",
    ]);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k)).toEqual(["new"]);
    expect(await fs.readdir(outboxDir())).toContain("new.eml");
    expect(await fs.readdir(outboxDir())).not.toContain("old.eml");
    expect(await execSql("select 1 from pgboss.archive")).toHaveLength(1);
  });

  it("follows a shorter LOG_RETENTION_DAYS, and refuses more than 30", async () => {
    const { settings, SettingsError } = await import("~/lib/env/settings.server");
    process.env.LOG_RETENTION_DAYS = "31";
    expect(() => settings()).toThrow(SettingsError);
    process.env.LOG_RETENTION_DAYS = "7";
    try {
      await fs.mkdir(outboxDir(), { recursive: true });
      const mail = path.join(outboxDir(), "week-old.eml");
      await fs.writeFile(mail, "x");
      await fs.utimes(mail, new Date(Date.now() - 8 * 86_400_000), new Date(Date.now() - 8 * 86_400_000));
      expect((await pruneTechnicalRecords()).outboxFiles).toBe(1);
    } finally {
      delete process.env.LOG_RETENTION_DAYS;
    }
  });
});
