import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_EMAIL } from "#demo/accounts";
import { SEED_FEEDBACK } from "#demo/feedback";
import { seedDemoData } from "#demo/seed.server";
import { signIn } from "~/lib/auth/session.server";
import { productFeedback, users } from "~/lib/db/schema";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { CookieJar } from "../support/cookie-jar";

/**
 * The demo's product feedback links to the pages it was sent from: every one
 * of them is a real page of the demo data (they used to name meetings by
 * their video ids, and every such link was a 404). Served by the BUILT app
 * (`npm run build` first), on this file's database with the demo data, to
 * each row's sender: the demo member signed in, anyone else as a visitor.
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

let server: Server;
let base: string;
let memberCookie: string;

beforeAll(async () => {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  await seedDemoData();
  const [member] = await getTestDb().select({ id: users.id }).from(users).where(eq(users.email, MEMBER_EMAIL));
  const jar = new CookieJar();
  jar.store((await signIn(new Request(`${TEST_ORIGIN}/auth`), member!.id, "/", { title: "Welcome back!" })).headers);
  memberCookie = `gavel_session=${jar.get("gavel_session")}`;
  const app = express();
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe(`demo feedback ${dbTag}`, () => {
  it("links only to pages of the demo data that answer 200", async () => {
    const rows = await getTestDb()
      .select({ pageUrl: productFeedback.pageUrl, userEmail: productFeedback.userEmail })
      .from(productFeedback);
    const sent = rows.flatMap((row) =>
      row.pageUrl ? [{ page: row.pageUrl, byMember: row.userEmail === MEMBER_EMAIL }] : [],
    );
    expect(sent).toHaveLength(SEED_FEEDBACK.filter((feedback) => feedback.page !== null).length);
    // The meeting pages among them, named by the meeting's id, not its video's.
    expect(sent.filter(({ page }) => /\/meeting(-story)?\/[0-9a-f-]{36}$/.test(page))).toHaveLength(2);
    const answers = [];
    // Each page as its sender saw it: the demo member signed in, anyone else as a visitor.
    for (const { page, byMember } of sent) {
      const response = await fetch(`${base}${page}`, {
        headers: byMember ? { Cookie: memberCookie } : {},
        redirect: "manual",
      });
      await response.arrayBuffer();
      answers.push([page, response.status]);
    }
    expect(answers).toEqual(sent.map(({ page }) => [page, 200]));
  });
});
