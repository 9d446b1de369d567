import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as confirmAction } from "~/routes/auth/confirm";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { loader as adminLoader } from "~/routes/admin/index";
import { loader as homeLoader } from "~/routes/home";
import { cities, passwords, profiles, sessions, userRoles, users, verificationCodes } from "~/lib/db/schema";
import { callRoute, cookiesFrom, dbTag, formRequest, getRequest, getTestDb, truncateAllTables } from "../setup";
import { CookieJar } from "../support/cookie-jar";
import { codeFrom, confirmationTokenFrom, startSmtpListener } from "../support/smtp-listener";
import { createUser } from "~/lib/auth/users.server";
import { hashPassword } from "~/lib/auth/password.server";
import { AUTH_LIMITS } from "~/lib/auth/sign-in.server";

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpListener();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await truncateAllTables();
  smtp.messages.length = 0;
  await getTestDb()
    .insert(cities)
    .values([
      { name: "Alder Creek", locationKey: "alder-creek", status: "Live" },
      { name: "Brook Hollow", locationKey: "brook-hollow", status: "Live" },
    ]);
});

/** A browser: its cookies, and its own address (rate limits are per IP); `jar` takes a browser's cookies to another network. */
function browser(jar = new CookieJar()) {
  const ip = `10.0.0.${++ipCounter}`;
  const post = async (
    path: string,
    fields: Record<string, string>,
    run: (args: never) => unknown = authAction as never,
  ) => {
    const request = formRequest(
      path,
      { website_url: "", ...fields },
      { headers: { Cookie: jar.header(), "x-gavel-client-ip": ip } },
    );
    const result = await callRoute(run, { request });
    jar.store(result.headers);
    return result;
  };
  const get = async (path: string, run: (args: never) => unknown) => {
    const result = await callRoute(run, {
      request: getRequest(path, { headers: { Cookie: jar.header(), "x-gavel-client-ip": ip } }),
    });
    jar.store(result.headers);
    return result;
  };
  return { jar, post, get };
}

function toastIn(result: { data: unknown }) {
  return (result.data as { toast?: { title: string; description?: string } } | null)?.toast;
}

async function signUpWithCode(email: string, homeCity = "") {
  const b = browser();
  const sent = await b.post("/auth", { intent: "send-code", mode: "signup", email, homeCity });
  expect(sent.status).toBe(302);
  const verified = await b.post("/auth", {
    intent: "verify-code",
    mode: "signup",
    homeCity,
    code: codeFrom(smtp.lastTo(email)),
  });
  return { b, verified };
}

describe(`sign-up and sign-in with an e-mail code ${dbTag}`, () => {
  it("sends a code over SMTP, creates the account in sign-up mode and lands on the home city", async () => {
    const b = browser();
    const sent = await b.post("/auth", {
      intent: "send-code",
      mode: "signup",
      email: "Ana@Example.com",
      homeCity: "brook-hollow",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/auth?mode=signup&method=code&step=verify&homeCity=brook-hollow");
    const mail = smtp.lastTo("ana@example.com");
    expect(mail?.raw).toMatch(/Gavel/);
    const verified = await b.post("/auth", {
      intent: "verify-code",
      mode: "signup",
      homeCity: "brook-hollow",
      code: codeFrom(mail),
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/city/brook-hollow");
    const [profile] = await getTestDb().select().from(profiles);
    expect(profile?.homeCityKey).toBe("brook-hollow");
    expect(profile?.preferences.home_city_id).toEqual(expect.any(String));
    const [user] = await getTestDb().select().from(users);
    expect(user?.email).toBe("ana@example.com");
    expect(user?.emailConfirmedAt).not.toBeNull();
    // The landing page now sends this member to their city.
    const home = await b.get("/", homeLoader as never);
    expect(home.headers.get("Location")).toBe("/city/brook-hollow");
  });

  it("sends a code to an unknown address in sign-in mode too, and says there is no account only to whoever has the code", async () => {
    const b = browser();
    const sent = await b.post("/auth", { intent: "send-code", mode: "login", email: "nobody@example.com" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/auth?mode=login&method=code&step=verify");
    const result = await b.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo("nobody@example.com")),
    });
    expect(result.status).toBe(400);
    expect(toastIn(result)).toMatchObject({
      title: "Error",
      description: "No account found for this email. Create an account instead.",
    });
    expect(await getTestDb().select().from(users)).toHaveLength(0);
    expect(await getTestDb().select().from(sessions)).toHaveLength(0);
  });

  it("asks for an address and for exactly six digits", async () => {
    const b = browser();
    const noEmail = await b.post("/auth", { intent: "send-code", mode: "login", email: "" });
    expect(toastIn(noEmail)?.description).toBe("Please enter your email address");
    for (const code of ["12345", "1234567", "12a456", ""]) {
      const result = await b.post("/auth", { intent: "verify-code", mode: "login", code });
      expect(toastIn(result)?.description).toBe("Please enter a valid 6-digit code");
    }
  });

  it("kills a code after three wrong tries, even when the cookie is replayed", async () => {
    await signUpWithCode("eve@example.com");
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "login", email: "eve@example.com" });
    const code = codeFrom(smtp.lastTo("eve@example.com"));
    const wrong = code === "000000" ? "111111" : "000000";
    const cookieAfterSend = b.jar.header();
    const first = await b.post("/auth", { intent: "verify-code", mode: "login", code: wrong });
    expect(toastIn(first)?.description).toBe("That code didn't work. Please check it and try again. 2 attempts left.");
    await b.post("/auth", { intent: "verify-code", mode: "login", code: wrong });
    const third = await b.post("/auth", { intent: "verify-code", mode: "login", code: wrong });
    expect(toastIn(third)?.description).toBe("Too many incorrect attempts. Please request a new code.");
    // The right code no longer works, and replaying the original cookie does not help.
    const replay = await callRoute(authAction as never, {
      request: formRequest(
        "/auth",
        { intent: "verify-code", mode: "login", code },
        { headers: { Cookie: cookieAfterSend } },
      ),
    });
    expect(replay.status).toBe(400);
    expect(toastIn(replay)?.description).toBe("Too many incorrect attempts. Please request a new code.");
  });

  it("refuses an expired code", async () => {
    await signUpWithCode("old@example.com");
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "login", email: "old@example.com" });
    await getTestDb()
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const result = await b.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo("old@example.com")),
    });
    expect(toastIn(result)?.description).toBe("That code has expired. Please request a new one.");
  });

  it("uses a code once: a replayed successful sign-in is refused", async () => {
    await signUpWithCode("once@example.com");
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "login", email: "once@example.com" });
    const code = codeFrom(smtp.lastTo("once@example.com"));
    const cookie = b.jar.header();
    const ok = await b.post("/auth", { intent: "verify-code", mode: "login", code });
    expect(ok.status).toBe(302);
    const replay = await callRoute(authAction as never, {
      request: formRequest("/auth", { intent: "verify-code", mode: "login", code }, { headers: { Cookie: cookie } }),
    });
    expect(replay.status).toBe(400);
  });

  it("limits how many codes one client can request for an address", async () => {
    await signUpWithCode("busy@example.com");
    const b = browser();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await b.post("/auth", { intent: "send-code", mode: "login", email: "busy@example.com" })).status);
    }
    expect(statuses).toEqual([302, 302, 302, 400]);
    expect(
      toastIn(await b.post("/auth", { intent: "send-code", mode: "login", email: "busy@example.com" }))?.description,
    ).toBe("Too many codes requested. Please wait a few minutes and try again.");
  });

  it("resends a code to the address of this browser", async () => {
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "signup", email: "re@example.com" });
    const resent = await b.post("/auth", { intent: "resend-code", mode: "signup" });
    expect(resent.status).toBe(302);
    expect(smtp.messages.filter((m) => m.to.includes("re@example.com"))).toHaveLength(2);
    const verified = await b.post("/auth", {
      intent: "verify-code",
      mode: "signup",
      code: codeFrom(smtp.lastTo("re@example.com")),
    });
    expect(verified.status).toBe(302);
  });

  it("ignores a filled honeypot", async () => {
    const b = browser();
    const result = await b.post("/auth", {
      intent: "send-code",
      mode: "signup",
      email: "bot@example.com",
      website_url: "spam",
    });
    expect(result.status).toBe(302);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe(`passwords ${dbTag}`, () => {
  it("signs up, waits for the confirmation link, then signs in with the password", async () => {
    const b = browser();
    const signUp = await b.post("/auth", {
      intent: "password",
      mode: "signup",
      email: "pat@example.com",
      password: "correct horse",
      homeCity: "alder-creek",
    });
    expect(signUp.status).toBe(302);
    const before = await b.post("/auth", {
      intent: "password",
      mode: "login",
      email: "pat@example.com",
      password: "correct horse",
    });
    expect(before.status).toBe(400);
    expect(toastIn(before)?.description).toMatch(/confirm your email address/);
    const [stored] = await getTestDb().select().from(users);
    expect(stored?.emailConfirmedAt).toBeNull();

    const confirmed = await b.post(
      "/auth/confirm",
      { token: confirmationTokenFrom(smtp.lastTo("pat@example.com")) },
      confirmAction as never,
    );
    expect(confirmed.status).toBe(302);
    await b.post("/auth/sign-out", {}, signOutAction as never);

    const wrong = await b.post("/auth", {
      intent: "password",
      mode: "login",
      email: "pat@example.com",
      password: "wrong password",
    });
    expect(toastIn(wrong)).toMatchObject({ title: "Error", description: "Invalid email or password." });
    const right = await b.post("/auth", {
      intent: "password",
      mode: "login",
      email: "PAT@example.com",
      password: "correct horse",
    });
    expect(right.status).toBe(302);
    const [profile] = await getTestDb().select().from(profiles);
    expect(profile?.homeCityKey).toBe("alder-creek");
  });

  it("requires a password of at least 8 characters", async () => {
    const b = browser();
    const short = await b.post("/auth", {
      intent: "password",
      mode: "signup",
      email: "s@example.com",
      password: "short",
    });
    expect(short.status).toBe(400);
    expect(await getTestDb().select().from(users)).toHaveLength(0);
  });

  it("uses a confirmation link once", async () => {
    const b = browser();
    await b.post("/auth", { intent: "password", mode: "signup", email: "one@example.com", password: "long enough" });
    const token = confirmationTokenFrom(smtp.lastTo("one@example.com"));
    expect((await b.post("/auth/confirm", { token }, confirmAction as never)).status).toBe(302);
    const again = await b.post("/auth/confirm", { token }, confirmAction as never);
    expect(again.data).toEqual({ invalid: true });
  });
});

describe(`sessions ${dbTag}`, () => {
  it("sets an HttpOnly, SameSite=Lax cookie, rotates it at sign-in and deletes the row at sign-out", async () => {
    const { b, verified } = await signUpWithCode("sam@example.com");
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith("gavel_session="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(await getTestDb().select().from(sessions)).toHaveLength(1);
    const firstCookie = b.jar.get("gavel_session");

    await b.post("/auth", { intent: "send-code", mode: "login", email: "sam@example.com" });
    await b.post("/auth", { intent: "verify-code", mode: "login", code: codeFrom(smtp.lastTo("sam@example.com")) });
    expect(b.jar.get("gavel_session")).not.toBe(firstCookie);
    expect(await getTestDb().select().from(sessions)).toHaveLength(1);

    const out = await b.post("/auth/sign-out", {}, signOutAction as never);
    expect(out.headers.get("Location")).toBe("/");
    expect(await getTestDb().select().from(sessions)).toHaveLength(0);
    const profile = await b.get("/profile", profileLoader as never);
    expect(profile.status).toBe(401);
  });

  it("redirects a signed-in user away from /auth", async () => {
    const { b } = await signUpWithCode("in@example.com");
    const page = await b.get("/auth", authLoader as never);
    expect(page.headers.get("Location")).toBe("/");
  });
});

describe(`profile and roles ${dbTag}`, () => {
  it("shows the Member label and updates the home city", async () => {
    const { b } = await signUpWithCode("mo@example.com");
    const page = await b.get("/profile", profileLoader as never);
    expect(page.data).toMatchObject({ user: { roleLabel: "Member", email: "mo@example.com" } });
    const updated = await b.post("/profile", { homeCity: "alder-creek" }, profileAction as never);
    expect(updated.headers.get("Location")).toBe("/profile");
    const [profile] = await getTestDb().select().from(profiles);
    expect(profile?.homeCityKey).toBe("alder-creek");
    const failed = await b.post("/profile", { homeCity: "atlantis" }, profileAction as never);
    const toastCookie = failed.headers.getSetCookie().join(";");
    expect(toastCookie).toMatch(/gavel_toast=/);
  });

  it("refuses admin pages to visitors and members on the server, and shows them to admins", async () => {
    const visitor = await callRoute(adminLoader as never, { request: getRequest("/admin") });
    expect(visitor.status).toBe(401);
    const { b } = await signUpWithCode("member@example.com");
    const member = await b.get("/admin", adminLoader as never);
    expect(member.status).toBe(403);
    expect(member.data).toMatchObject({ message: "You don't have permission to access the admin panel." });

    const [user] = await getTestDb().select().from(users).where(eq(users.email, "member@example.com"));
    await getTestDb().insert(userRoles).values({ userId: user!.id, role: "admin" });
    const admin = await b.get("/admin", adminLoader as never);
    expect(admin.status).toBe(200);
    const page = await b.get("/profile", profileLoader as never);
    expect(page.data).toMatchObject({ user: { roleLabel: "Administrator" } });
  });
});

describe(`clean-up ${dbTag}`, () => {
  it("deletes expired sessions, rate-limit windows and old codes, and keeps live ones", async () => {
    const { pruneExpiredAuthRows } = await import("~/lib/auth/cleanup.server");
    const { rateLimits } = await import("~/lib/db/schema");
    await signUpWithCode("keep@example.com");
    await getTestDb()
      .insert(rateLimits)
      .values({ key: "old", count: 1, resetAt: new Date(Date.now() - 1000) });
    const [live] = await getTestDb().select().from(sessions);
    await getTestDb()
      .insert(sessions)
      .values({ userId: live!.userId, expiresAt: new Date(Date.now() - 1000) });
    await getTestDb()
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '2 days'` });
    await pruneExpiredAuthRows();
    expect(await getTestDb().select().from(sessions)).toHaveLength(1);
    expect((await getTestDb().select().from(rateLimits)).map((r) => r.key)).not.toContain("old");
    expect(await getTestDb().select().from(verificationCodes)).toHaveLength(0);
  });
});

/** The `_totp` cookie with its address changed, as an attacker would edit it. */
function withForgedAddress(totpCookie: string, email: string): string {
  const params = new URLSearchParams(totpCookie);
  params.set("email", email);
  return params.toString();
}

async function sessionsOf(email: string) {
  const [user] = await getTestDb().select().from(users).where(eq(users.email, email));
  return user ? getTestDb().select().from(sessions).where(eq(sessions.userId, user.id)) : [];
}

describe(`the address that signs in is the one the code was sent to ${dbTag}`, () => {
  beforeEach(async () => {
    await createUser({ email: "admin@gavel.local", emailConfirmed: true });
    await createUser({ email: "mallory@example.com", emailConfirmed: true });
  });

  for (const mode of ["login", "signup"] as const) {
    it(`refuses a code whose cookie names another address (${mode} mode)`, async () => {
      const victim = mode === "login" ? "admin@gavel.local" : "newcomer@example.com";
      const attacker = browser();
      await attacker.post("/auth", { intent: "send-code", mode, email: "mallory@example.com" });
      const code = codeFrom(smtp.lastTo("mallory@example.com"));
      const forged = `_totp=${withForgedAddress(attacker.jar.get("_totp")!, victim)}`;
      const result = await callRoute(authAction as never, {
        request: formRequest(
          "/auth",
          { website_url: "", intent: "verify-code", mode, code },
          { headers: { Cookie: forged, "x-gavel-client-ip": "10.9.9.9" } },
        ),
      });
      expect(result.status).toBe(400);
      expect(result.headers.getSetCookie().join()).not.toMatch(/gavel_session=/);
      expect(await sessionsOf(victim)).toHaveLength(0);
      expect(await getTestDb().select().from(users).where(eq(users.email, "newcomer@example.com"))).toHaveLength(0);
    });

    it(`refuses a cookie with a made-up code secret (${mode} mode)`, async () => {
      const victim = mode === "login" ? "admin@gavel.local" : "newcomer@example.com";
      const totp = new URLSearchParams({
        email: victim,
        totp: JSON.stringify({ jwe: "eyJhbGciOiJkaXIifQ..made.up", attempts: 0 }),
      });
      const result = await callRoute(authAction as never, {
        request: formRequest(
          "/auth",
          { website_url: "", intent: "verify-code", mode, code: "123456" },
          { headers: { Cookie: `_totp=${totp}` } },
        ),
      });
      expect(result.status).toBe(400);
      expect(await sessionsOf(victim)).toHaveLength(0);
      expect(await getTestDb().select().from(users).where(eq(users.email, "newcomer@example.com"))).toHaveLength(0);
    });
  }

  it("does not resend to an address edited into the cookie, nor show it", async () => {
    const attacker = browser();
    await attacker.post("/auth", { intent: "send-code", mode: "login", email: "mallory@example.com" });
    const headers = {
      Cookie: `_totp=${withForgedAddress(attacker.jar.get("_totp")!, "admin@gavel.local")}`,
      "x-gavel-client-ip": "10.9.9.9",
    };
    const page = await callRoute(authLoader as never, {
      request: getRequest("/auth?mode=login&method=code&step=verify", { headers }),
    });
    expect(page.data).toMatchObject({ pendingEmail: null });
    await callRoute(authAction as never, {
      request: formRequest("/auth", { website_url: "", intent: "resend-code", mode: "login" }, { headers }),
    });
    expect(smtp.messages.filter((m) => m.to.includes("admin@gavel.local"))).toHaveLength(0);
    expect(await sessionsOf("admin@gavel.local")).toHaveLength(0);
  });

  it("resends to a plus address and shows it as it was typed", async () => {
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "signup", email: "ana+news@example.com" });
    const page = await b.get("/auth?mode=signup&method=code&step=verify", authLoader as never);
    expect(page.data).toMatchObject({ pendingEmail: "ana+news@example.com" });
    await b.post("/auth", { intent: "resend-code", mode: "signup" });
    expect(smtp.messages.filter((m) => m.to.includes("ana+news@example.com"))).toHaveLength(2);
  });
});

/**
 * A member whose password hash has a low scrypt cost: these tests are about
 * limits and sessions, and each of up to fifty attempts verifies at the
 * stored hash's cost (the production cost: tests/unit/password.test.ts and
 * the sign-ups here).
 */
async function memberWithPassword(email: string, password: string) {
  return createUser({ email, passwordHash: await hashPassword(password, TEST_COST), emailConfirmed: true });
}

const TEST_COST = { N: 2 ** 10, r: 8, p: 1 };

describe(`the page after sign-in is on this site ${dbTag}`, () => {
  it("answers a same-site redirect for tabs, newlines and backslashes, and keeps exactly one session", async () => {
    await memberWithPassword("red@example.com", "correct horse");
    const b = browser();
    for (const redirectTo of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\\evil.example",
      "/.//evil.example",
    ]) {
      const result = await b.post("/auth", {
        intent: "password",
        mode: "login",
        email: "red@example.com",
        password: "correct horse",
        redirectTo,
      });
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/");
    }
    expect(await sessionsOf("red@example.com")).toHaveLength(1);
    const kept = await b.post("/auth", {
      intent: "password",
      mode: "login",
      email: "red@example.com",
      password: "correct horse",
      redirectTo: "/city/alder-creek?x=1",
    });
    expect(kept.headers.get("Location")).toBe("/city/alder-creek?x=1");
  });

  it("does the same after a code", async () => {
    await createUser({ email: "code@example.com", emailConfirmed: true });
    const b = browser();
    await b.post("/auth", {
      intent: "send-code",
      mode: "login",
      email: "code@example.com",
      redirectTo: "/\t/evil.example",
    });
    const code = codeFrom(smtp.lastTo("code@example.com"));
    const result = await b.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code,
      redirectTo: "/\t/evil.example",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
    expect(await sessionsOf("code@example.com")).toHaveLength(1);
  });
});

describe(`nobody can spend another person's limits ${dbTag}`, () => {
  it("codes: an attacker using up the requests for an address from one client does not stop its owner elsewhere", async () => {
    await createUser({ email: "victim@example.com", emailConfirmed: true });
    const attacker = browser();
    for (let i = 0; i < AUTH_LIMITS.emailsPerAddressAndIp.limit; i++) {
      expect(
        (await attacker.post("/auth", { intent: "send-code", mode: "login", email: "victim@example.com" })).status,
      ).toBe(302);
    }
    expect(
      (await attacker.post("/auth", { intent: "send-code", mode: "login", email: "victim@example.com" })).status,
    ).toBe(400);
    const owner = browser();
    expect(
      (await owner.post("/auth", { intent: "send-code", mode: "login", email: "victim@example.com" })).status,
    ).toBe(302);
    const signedIn = await owner.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo("victim@example.com")),
    });
    expect(signedIn.status).toBe(302);
  });

  it("codes: the ceiling per address across all clients still holds", async () => {
    const { limit } = AUTH_LIMITS.emailsPerAddress;
    const perClient = AUTH_LIMITS.emailsPerAddressAndIp.limit;
    for (let sent = 0; sent < limit;) {
      const client = browser();
      for (let i = 0; i < perClient && sent < limit; i++, sent++) {
        expect(
          (await client.post("/auth", { intent: "send-code", mode: "signup", email: "flood@example.com" })).status,
        ).toBe(302);
      }
    }
    const late = await browser().post("/auth", { intent: "send-code", mode: "signup", email: "flood@example.com" });
    expect(toastIn(late)?.description).toBe("Too many codes requested. Please wait a few minutes and try again.");
    expect(smtp.messages.filter((m) => m.to.includes("flood@example.com"))).toHaveLength(limit);
  }, 90_000);

  it("passwords: wrong passwords from one client do not lock the owner out elsewhere", async () => {
    await memberWithPassword("locked@example.com", "correct horse");
    const attacker = browser();
    for (let i = 0; i < AUTH_LIMITS.signInsPerAddressAndIp.limit; i++) {
      const wrong = await attacker.post("/auth", {
        intent: "password",
        mode: "login",
        email: "locked@example.com",
        password: `guess ${i}`,
      });
      expect(toastIn(wrong)?.description).toBe("Invalid email or password.");
    }
    const refused = await attacker.post("/auth", {
      intent: "password",
      mode: "login",
      email: "locked@example.com",
      password: "correct horse",
    });
    expect(toastIn(refused)?.description).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    const owner = await browser().post("/auth", {
      intent: "password",
      mode: "login",
      email: "locked@example.com",
      password: "correct horse",
    });
    expect(owner.status).toBe(302);
  });

  it("passwords: the ceiling per address across all clients still holds, but not for the owner's own browser", async () => {
    await memberWithPassword("target@example.com", "correct horse");
    // The owner signed in on this browser before (device cookie, see below), and out again.
    const owner = browser();
    const first = await owner.post("/auth", {
      intent: "password",
      mode: "login",
      email: "target@example.com",
      password: "correct horse",
    });
    expect(first.status).toBe(302);
    await owner.post("/auth/sign-out", {}, signOutAction as never);
    const { limit } = AUTH_LIMITS.signInsPerAddress;
    const perClient = AUTH_LIMITS.signInsPerAddressAndIp.limit;
    for (let tried = 0; tried < limit;) {
      const client = browser();
      for (let i = 0; i < perClient && tried < limit; i++, tried++) {
        await client.post("/auth", {
          intent: "password",
          mode: "login",
          email: "target@example.com",
          password: `guess ${tried}`,
        });
      }
    }
    const late = await browser().post("/auth", {
      intent: "password",
      mode: "login",
      email: "target@example.com",
      password: "correct horse",
    });
    expect(toastIn(late)?.description).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    // Someone rotating addresses spent the address's shared quota, never the owner's browser's (even on another network).
    const again = await browser(owner.jar).post("/auth", {
      intent: "password",
      mode: "login",
      email: "target@example.com",
      password: "correct horse",
    });
    expect(again.status).toBe(302);
  }, 90_000);
});

describe(`a browser the owner signed in with keeps its own quota (device cookie) ${dbTag}`, () => {
  const TOO_MANY_CODES = "Too many codes requested. Please wait a few minutes and try again.";

  /** Signs in with a code and out again: the browser keeps its device cookie. */
  async function signedInOnceByCode(email: string) {
    const b = browser();
    await b.post("/auth", { intent: "send-code", mode: "login", email });
    const verified = await b.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo(email)),
    });
    expect(verified.status).toBe(302);
    await b.post("/auth/sign-out", {}, signOutAction as never);
    expect(b.jar.get("gavel_session")).toBeUndefined();
    expect(b.jar.get("gavel_device")).toBeTruthy();
    return { b, verified };
  }

  /** An attacker asking codes for `email` from one new address after another until the address's shared quota is spent. */
  async function spendCodesFromRotatingAddresses(email: string) {
    const { limit } = AUTH_LIMITS.emailsPerAddress;
    for (let asked = 0; asked <= limit;) {
      const client = browser();
      for (let i = 0; i < AUTH_LIMITS.emailsPerAddressAndIp.limit; i++, asked++) {
        const answer = await client.post("/auth", { intent: "send-code", mode: "login", email });
        if (answer.status !== 302) return expect(toastIn(answer)?.description).toBe(TOO_MANY_CODES);
      }
    }
    throw new Error("The shared quota was never spent");
  }

  it("sets a signed, HttpOnly, SameSite=Lax cookie for a year at sign-in, and keeps it at sign-out", async () => {
    await createUser({ email: "device@example.com", emailConfirmed: true });
    const { verified } = await signedInOnceByCode("device@example.com");
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith("gavel_device="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    // Nothing in it names the account.
    expect(decodeURIComponent(setCookie!)).not.toContain("device@example.com");
    const [user] = await getTestDb().select().from(users).where(eq(users.email, "device@example.com"));
    expect(
      Buffer.from(decodeURIComponent(setCookie!.split(/[=;]/)[1]!).split(".")[0]!, "base64").toString(),
    ).not.toContain(user!.id);
  });

  it("codes: an attacker rotating addresses spends the account's shared quota; the owner's browser still gets a code and signs in", async () => {
    await createUser({ email: "owner@example.com", emailConfirmed: true });
    const { b: owner } = await signedInOnceByCode("owner@example.com");
    await spendCodesFromRotatingAddresses("owner@example.com");
    // A browser that never signed in as the owner (the attacker's, or the owner's new phone) waits.
    expect(
      toastIn(await browser().post("/auth", { intent: "send-code", mode: "login", email: "owner@example.com" }))
        ?.description,
    ).toBe(TOO_MANY_CODES);
    // The owner's own browser, even on another network, still gets a code and signs in.
    const elsewhere = browser(owner.jar);
    expect(
      (await elsewhere.post("/auth", { intent: "send-code", mode: "login", email: "owner@example.com" })).status,
    ).toBe(302);
    const signedIn = await elsewhere.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo("owner@example.com")),
    });
    expect(signedIn.status).toBe(302);
    expect(elsewhere.jar.get("gavel_session")).toBeTruthy();
  });

  it("gives nothing to a browser signed in with another account, nor to a cookie that was tampered with", async () => {
    await createUser({ email: "target@example.com", emailConfirmed: true });
    await createUser({ email: "attacker@example.com", emailConfirmed: true });
    const { b: attacker } = await signedInOnceByCode("attacker@example.com");
    await spendCodesFromRotatingAddresses("target@example.com");
    const withOwnCookie = await attacker.post("/auth", {
      intent: "send-code",
      mode: "login",
      email: "target@example.com",
    });
    expect(toastIn(withOwnCookie)?.description).toBe(TOO_MANY_CODES);

    const value = attacker.jar.get("gavel_device")!;
    const tampered = new CookieJar();
    tampered.store(new Headers({ "Set-Cookie": `gavel_device=${value.slice(0, -3)}abc` }));
    const forged = await browser(tampered).post("/auth", {
      intent: "send-code",
      mode: "login",
      email: "target@example.com",
    });
    expect(toastIn(forged)?.description).toBe(TOO_MANY_CODES);
  });

  it("keeps a quota for each account signed in on a shared browser", async () => {
    await createUser({ email: "parent@example.com", emailConfirmed: true });
    await createUser({ email: "teen@example.com", emailConfirmed: true });
    const family = browser();
    for (const email of ["parent@example.com", "teen@example.com"]) {
      await family.post("/auth", { intent: "send-code", mode: "login", email });
      const verified = await family.post("/auth", {
        intent: "verify-code",
        mode: "login",
        code: codeFrom(smtp.lastTo(email)),
      });
      expect(verified.status).toBe(302);
      await family.post("/auth/sign-out", {}, signOutAction as never);
    }
    await spendCodesFromRotatingAddresses("parent@example.com");
    const parent = await browser(family.jar).post("/auth", {
      intent: "send-code",
      mode: "login",
      email: "parent@example.com",
    });
    expect(parent.status).toBe(302);
  });
});

describe(`sign-up does not tell whether an address has an account ${dbTag}`, () => {
  it("answers a taken address like a new one, keeps its password and tells the owner by e-mail", async () => {
    await memberWithPassword("taken@example.com", "correct horse");
    const fresh = await browser().post("/auth", {
      intent: "password",
      mode: "signup",
      email: "fresh@example.com",
      password: "long enough",
    });
    const taken = await browser().post("/auth", {
      intent: "password",
      mode: "signup",
      email: "Taken@example.com",
      password: "another one",
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("Location")).toBe(fresh.headers.get("Location"));
    expect(cookiesFrom(taken).replace(/=[^;]*/g, "")).toBe(cookiesFrom(fresh).replace(/=[^;]*/g, ""));
    expect(smtp.lastTo("taken@example.com")?.raw).toMatch(/You already have a Gavel account/);
    const old = await browser().post("/auth", {
      intent: "password",
      mode: "login",
      email: "taken@example.com",
      password: "correct horse",
    });
    expect(old.status).toBe(302);
    const replaced = await browser().post("/auth", {
      intent: "password",
      mode: "login",
      email: "taken@example.com",
      password: "another one",
    });
    expect(replaced.status).toBe(400);
  });

  it("drops a stranger's unconfirmed password when the owner proves the address with a code", async () => {
    const stranger = browser();
    await stranger.post("/auth", {
      intent: "password",
      mode: "signup",
      email: "owner@example.com",
      password: "stranger's secret",
    });
    const owner = browser();
    await owner.post("/auth", { intent: "send-code", mode: "login", email: "owner@example.com" });
    const signedIn = await owner.post("/auth", {
      intent: "verify-code",
      mode: "login",
      code: codeFrom(smtp.lastTo("owner@example.com")),
    });
    expect(signedIn.status).toBe(302);
    const [stored] = await getTestDb().select().from(users).where(eq(users.email, "owner@example.com"));
    expect(stored?.emailConfirmedAt).not.toBeNull();
    expect(await getTestDb().select().from(passwords).where(eq(passwords.userId, stored!.id))).toHaveLength(0);
    const attempt = await stranger.post("/auth", {
      intent: "password",
      mode: "login",
      email: "owner@example.com",
      password: "stranger's secret",
    });
    expect(attempt.status).toBe(400);
  });

  it("sends the confirmation link again to an address that signed up but never confirmed", async () => {
    const b = browser();
    await b.post("/auth", { intent: "password", mode: "signup", email: "late@example.com", password: "long enough" });
    const again = await b.post("/auth", {
      intent: "password",
      mode: "signup",
      email: "late@example.com",
      password: "long enough",
    });
    expect(again.status).toBe(302);
    const links = smtp.messages.filter((m) => m.to.includes("late@example.com")).map((m) => confirmationTokenFrom(m));
    expect(new Set(links).size).toBe(2);
    expect(await getTestDb().select().from(users)).toHaveLength(1);
  });
});
