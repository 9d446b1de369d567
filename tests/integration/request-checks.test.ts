import type { ServerBuild } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSearch } from "~/lib/alerts/alerts.server";
import { cities, cityVideos, savedSearches, sessions } from "~/lib/db/schema";
import { GATE_MESSAGES } from "~/lib/http/body-gate.server";
import { REQUEST_CHECK_MESSAGES } from "~/lib/http/request-checks.server";
import { getBoss, stopBoss } from "~/lib/jobs/boss.server";
import { dbTag, getTestDb } from "../setup";
import {
  actionPaths,
  type BuiltApp,
  dataPath,
  loadBuild,
  rawRequest,
  rowCounts,
  signedInAs,
  startBuiltApp,
} from "../support/built-app";

/**
 * What the stack checks on every request before a route reads it
 * (app/lib/http/request-checks.server.ts, ADR 0052), through server.ts's
 * stack in front of the built app, on both databases:
 * - a NUL (%00) in an address or a form field is refused with 400, never 500;
 * - every mutation of every route with an action (found in the build, that
 *   is in app/routes.ts) is refused from another origin, and accepted from
 *   this one; the one-click unsubscribe works without an Origin.
 */

const HOST = "gavel.example";
const OWN = `http://${HOST}`;

let build: ServerBuild;
let app: BuiltApp;
let meetingId: string;
const who: Record<"visitor" | "member" | "admin", string> = { visitor: "", member: "", admin: "" };
let memberId: string;

beforeAll(async () => {
  build = await loadBuild();
  const [city] = await getTestDb()
    .insert(cities)
    .values({ name: "Riverton", locationKey: "riverton", status: "Live" })
    .returning();
  const [video] = await getTestDb()
    .insert(cityVideos)
    .values({ cityId: city!.id, videoId: "riverton-001", title: "Budget hearing", publishedAt: new Date() })
    .returning();
  meetingId = video!.id;
  await getBoss();
  const member = await signedInAs("member@example.com");
  who.member = member.cookie;
  memberId = member.id;
  who.admin = (await signedInAs("admin@example.com", { admin: true })).cookie;
  app = await startBuiltApp(build);
});

afterAll(async () => {
  await stopBoss();
  await app?.close();
});

/** The one-click unsubscribe is exempt from the origin check (tested on its own below). */
const UNSUBSCRIBE = "/alerts/unsubscribe/";

function paths(): string[] {
  return actionPaths(build, {
    locationKey: "riverton",
    meetingId,
    businessId: "00000000-0000-4000-8000-000000000000",
    messageId: "00000000-0000-4000-8000-000000000000",
    requestId: "00000000-0000-4000-8000-000000000000",
    token: "no-such-token",
    issueKey: "no-such-issue",
    file: "NO-SUCH-FILE",
  });
}

function post(path: string, headers: Record<string, string>, body: string | Buffer = "junk=1") {
  return rawRequest(app.port, {
    method: "POST",
    path,
    headers: { Host: HOST, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

describe(`a NUL in an address or a form is refused with 400, never 500 ${dbTag}`, () => {
  const ADDRESSES = [
    "/city/%00",
    "/businesses/%00",
    "/api/v1/cities/%00",
    "/search?city=%00&q=budget",
    "/desk?tab=quotes&q=%00",
    "/admin/business-directory?q=%00",
    "/%00",
    "/meeting/%00",
    "/meeting-story/%00",
    "/city/riverton/meeting/%00",
    "/city/riverton/search?q=%00",
    "/city/riverton/businesses/%00",
    "/city/riverton/issues/%00",
    "/city/%00/feed.atom",
    "/api/v1/meetings/%00",
    "/api/v1/meetings?city=%00",
    "/api/v1/search?q=budget&city=%00",
    "/api/v1/issues/%00",
    "/alerts/unsubscribe/%00",
    "/images/businesses/%00",
    "/resources/pipeline-status/%00",
    "/resources/city-videos?city=%00",
    "/admin/revisions/%00",
    "/admin/city-management?city=%00",
    "/businesses?q=budget%00",
    "/search?q=%00budget%00",
  ];

  it("answers every address holding %00 with 400 and says why, for visitor, member and admin", async () => {
    const answers: string[] = [];
    for (const [role, cookie] of Object.entries(who)) {
      for (const address of ADDRESSES) {
        const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
        const response = await rawRequest(app.port, { path: address, headers });
        answers.push(`${role} ${address}: ${response.status} ${response.body}`);
      }
    }
    expect(answers).toEqual(
      Object.keys(who).flatMap((role) =>
        ADDRESSES.map((address) => `${role} ${address}: 400 ${REQUEST_CHECK_MESSAGES.nulInAddress}`),
      ),
    );
  });

  it("still serves an address with an escaped percent sign (%2500 is the text %00)", async () => {
    const response = await rawRequest(app.port, { path: "/search?q=%2500" });
    expect(response.status).toBe(200);
  });

  it("refuses a posted field or name holding a NUL, URL-encoded or multipart, before the action", async () => {
    const before = await rowCounts();
    const multipart = (name: string, value: string) =>
      `--gavelform\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--gavelform--\r\n`;
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", "email=a%40example.com&topic=Other&message=hello%00there"],
      ["application/x-www-form-urlencoded", "email=a%40example.com&topic=Other&message=hi&x%00=1"],
      ["multipart/form-data; boundary=gavelform", multipart("message", "hello\u0000there")],
      ["multipart/form-data; boundary=gavelform", multipart("mess\u0000age", "hello")],
    ];
    for (const target of ["/contact", "/contact.data", "/?index", "/feedback"]) {
      for (const [contentType, body] of bodies) {
        const response = await post(target, { Origin: OWN, "Content-Type": contentType }, body);
        expect([target, body, response.status, response.body]).toEqual([target, body, 400, GATE_MESSAGES.nul]);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("leaves a file's bytes alone: NUL bytes in an uploaded file reach the action", async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--gavelform\r\nContent-Disposition: form-data; name="website_url"\r\n\r\nbot\r\n' +
          '--gavelform\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from([0, 1, 0, 2]),
      Buffer.from("\r\n--gavelform--\r\n"),
    ]);
    // The honeypot is filled: the contact action thanks the bot and stores nothing.
    const response = await post(
      "/contact",
      { Origin: OWN, "Content-Type": "multipart/form-data; boundary=gavelform" },
      body,
    );
    expect([response.status, response.headers.location]).toEqual([302, "/contact"]);
  });
});

describe(`one origin check for every mutation ${dbTag}`, () => {
  const FORGED: Record<string, Record<string, string>> = {
    "a sibling subdomain's Origin": { Origin: `http://evil.${HOST}` },
    "another scheme": { Origin: `https://${HOST}` },
    "another port": { Origin: `http://${HOST}:8080` },
    "Origin: null": { Origin: "null" },
    "no Origin, a foreign Referer": { Referer: `http://evil.${HOST}/page` },
    "no Origin, Sec-Fetch-Site: same-site": { "Sec-Fetch-Site": "same-site" },
    "a matching Origin, Sec-Fetch-Site: cross-site": { Origin: OWN, "Sec-Fetch-Site": "cross-site" },
  };

  it("finds the mutations of every kind in the build, resource routes included", () => {
    expect(paths()).toEqual(
      expect.arrayContaining([
        "/alerts",
        "/desk/add",
        "/auth/sign-out",
        "/resources/lite-mode",
        "/resources/analytics",
        "/contact",
        "/profile",
        "/admin/jobs",
        `/city/riverton/meeting/${meetingId}`,
      ]),
    );
  });

  it("refuses every one from another origin with 403, for visitor, member and admin, and writes nothing", async () => {
    const before = await rowCounts();
    const wrong: string[] = [];
    for (const [role, cookie] of Object.entries(who)) {
      for (const page of paths().filter((path) => !path.startsWith(UNSUBSCRIBE))) {
        for (const target of [page, dataPath(page)]) {
          for (const [forgery, headers] of Object.entries(FORGED)) {
            const response = await post(target, cookie ? { ...headers, Cookie: cookie } : headers);
            if (response.status !== 403 || response.body !== REQUEST_CHECK_MESSAGES.crossOrigin)
              wrong.push(`${role} ${target} (${forgery}): ${response.status} ${response.body.slice(0, 80)}`);
            if (response.headers["set-cookie"]) wrong.push(`${role} ${target} (${forgery}): sets a cookie`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 240_000); // about 1,200 requests

  it("refuses PUT, PATCH and DELETE from another origin too", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await rawRequest(app.port, {
        method,
        path: "/alerts",
        headers: { Host: HOST, Origin: `http://evil.${HOST}`, Cookie: who.member, "Content-Type": "text/plain" },
        body: "x",
      });
      expect([method, response.status]).toEqual([method, 403]);
    }
  });

  it("lets every one through from this origin (the action answers, not the check)", async () => {
    const refused: string[] = [];
    for (const page of paths()) {
      if (page === "/auth/sign-out") continue; // signs the admin out: below
      for (const target of [page, dataPath(page)]) {
        const sameOrigin: Record<string, string>[] = [
          { Origin: OWN },
          { Referer: `${OWN}/page` },
          { "Sec-Fetch-Site": "same-origin" },
          {},
        ];
        for (const headers of sameOrigin) {
          const response = await post(target, { ...headers, Cookie: who.admin });
          if (response.body === REQUEST_CHECK_MESSAGES.crossOrigin || response.status >= 500)
            refused.push(`${target} ${JSON.stringify(headers)}: ${response.status} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  }, 240_000);

  it("saves a member's alert from this site only", async () => {
    const form = "intent=save-search&q=budget&frequency=daily";
    const count = async () =>
      (await getTestDb().select().from(savedSearches).where(eq(savedSearches.userId, memberId))).length;
    const before = await count();
    const forged = await post("/alerts", { Origin: `http://evil.${HOST}`, Cookie: who.member }, form);
    expect(forged.status).toBe(403);
    expect(await count()).toBe(before);
    const own = await post("/alerts", { Origin: OWN, Cookie: who.member }, form);
    expect(own.status).toBe(302);
    expect(await count()).toBe(before + 1);
  });

  it("turns lite mode on from this site only", async () => {
    const forged = await post("/resources/lite-mode", { Origin: `http://evil.${HOST}` }, "lite=on");
    expect([forged.status, forged.headers["set-cookie"]]).toEqual([403, undefined]);
    const own = await post("/resources/lite-mode", { Origin: OWN }, "lite=on");
    expect(own.status).toBe(303);
    expect(own.headers["set-cookie"]?.join()).toMatch(/^lite=on/);
  });

  it("signs a member out from this site only", async () => {
    const member = await signedInAs("leaving@example.com");
    const sessionsOf = async () =>
      (await getTestDb().select().from(sessions).where(eq(sessions.userId, member.id))).length;
    expect((await post("/auth/sign-out", { Origin: `http://evil.${HOST}`, Cookie: member.cookie }, "")).status).toBe(
      403,
    );
    expect(await sessionsOf()).toBe(1);
    expect((await post("/auth/sign-out", { Origin: OWN, Cookie: member.cookie }, "")).status).toBe(302);
    expect(await sessionsOf()).toBe(0);
  });

  it("takes the one-click unsubscribe of an alert e-mail without an Origin (RFC 8058), whatever the body", async () => {
    const saved = await saveSearch(memberId, { intent: "save-search", q: "zoning", city: [], frequency: "immediate" });
    if (!saved.ok) throw new Error(saved.error);
    const [row] = await getTestDb().select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    // What a mail provider's server sends: no Origin, no Referer, no cookie.
    const response = await post(`/alerts/unsubscribe/${row!.unsubscribeToken}`, {}, "List-Unsubscribe=One-Click");
    expect(response.status).toBe(200);
    const [after] = await getTestDb().select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(after!.active).toBe(false);
  });
});
