import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { asc, eq } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cityVideos, transcriptSegments } from "~/lib/db/schema";
import { UPLOAD_BODY_LIMIT } from "~/lib/http/body-limits";
import { configureHttp, reactRouterHandlers } from "~/lib/http/stack.server";
import { TRANSCRIPT_FILE_MESSAGES } from "~/lib/transcripts/upload";
import { dbTag, getTestDb, TEST_ORIGIN } from "../setup";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";
import { RawConnection } from "../support/raw-http";

/**
 * Long meetings in City Management (issue 26, item 1), through the
 * production HTTP stack in front of the BUILT app (`npm run build` first),
 * as a browser without JavaScript meets them: the page listing a meeting
 * with a 250 KB transcript stays small (no transcript in it), the title
 * edit form the page renders posts within the 64 KB form limit, and the
 * transcript's own page takes a pasted 250 KB transcript or an uploaded
 * .vtt/.srt/.txt file up to the 5 MB limit, streamed through the body gate.
 */

const BUILD_FILE = path.resolve(import.meta.dirname, "../../build/server/index.js");

/** About `bytes` of a council meeting as timed lines, with a phrase of its own near the end. */
function longTranscript(bytes: number, last = "The seawall amendment passes unanimously."): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const seconds = i * 7;
    const stamp = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
      .map((n) => String(n).padStart(2, "0"))
      .join(":");
    const line = `[${stamp}] ${i % 3 === 0 ? "MAYOR LOPEZ" : "COUNCILMEMBER PARK"}: Item ${i} of the agenda, the budget for street repairs and the library hours, is before the council tonight.`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push(`[03:59:00] MAYOR LOPEZ: ${last}`);
  return lines.join("\n");
}

/** The same meeting as WebVTT, as a caption service exports it. */
function longVtt(cues: number): string {
  const time = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const body = Array.from(
    { length: cues },
    (_, i) =>
      `${time(i * 5)} --> ${time(i * 5 + 5)}\n<v Mayor Lopez>Cue ${i}: the harbor dredging contract comes back to the council.`,
  );
  return `WEBVTT\n\n${body.join("\n\n")}\n`;
}

let server: Server;
let base: string;
let port: number;
let admin: { cookie: string };

beforeAll(async () => {
  if (!fs.existsSync(BUILD_FILE)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const build = (await import(pathToFileURL(BUILD_FILE).href)) as ServerBuild;
  const app = express();
  configureHttp(app, { development: false });
  app.use(reactRouterHandlers({ build, mode: "production" }));
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  // fetch keeps connections open between requests; the server must not close one as the next request takes it.
  server.keepAliveTimeout = 120_000;
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function longMeeting() {
  const city = await createCity({ name: "Riverton" });
  const source = await createCitySource(city.id, { title: "Council meetings" });
  const meeting = await createMeeting({
    cityId: city.id,
    cityUrlsId: source.id,
    title: "City Council, 4-hour budget session",
    transcript: longTranscript(250 * 1024),
  });
  const [stored] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
  expect(stored!.transcript!.length).toBeGreaterThan(250 * 1024);
  return { city, source, meeting };
}

const get = (pathAndQuery: string) => fetch(`${base}${pathAndQuery}`, { headers: { Cookie: admin.cookie } });

function post(pathAndQuery: string, body: URLSearchParams | FormData) {
  return fetch(`${base}${pathAndQuery}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, Origin: base },
    body,
    redirect: "manual",
  });
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The fields a browser would send from the form labeled `label` in the page's HTML. */
function formFields(html: string, label: string): URLSearchParams {
  const start = html.indexOf(`aria-label="${label}"`);
  expect(start, `no form "${label}" in the page`).toBeGreaterThan(0);
  const form = html.slice(html.lastIndexOf("<form", start), html.indexOf("</form>", start));
  const fields = new URLSearchParams();
  for (const [, attributes = ""] of form.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(attributes)?.[1];
    if (name) fields.append(name, unescapeHtml(/value="([^"]*)"/.exec(attributes)?.[1] ?? ""));
  }
  for (const [, attributes = "", content = ""] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]*)"/.exec(attributes)?.[1];
    if (name) fields.append(name, unescapeHtml(content));
  }
  return fields;
}

describe(`a 4-hour meeting in City Management ${dbTag}`, () => {
  it("the page listing it carries no transcript: small, and without its words", async () => {
    const { city, source } = await longMeeting();
    const response = await get(`/admin/city-management?city=${city.id}&url=${source.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("City Council, 4-hour budget session");
    expect(html).not.toContain("seawall amendment");
    // Before issue 26 this page was the transcript plus the page (~570 KB for one such meeting).
    expect(html.length).toBeLessThan(120 * 1024);
  });

  it("its title is edited with the form the page renders, without JavaScript, and the transcript stays", async () => {
    const { city, source, meeting } = await longMeeting();
    const page = await (
      await get(`/admin/city-management?city=${city.id}&url=${source.id}&edit=video:${meeting.id}`)
    ).text();
    const fields = formFields(page, "Edit video");
    expect(fields.get("title")).toBe("City Council, 4-hour budget session");
    expect(fields.has("transcript")).toBe(false);
    fields.set("title", "City Council, budget session (4 hours)");
    const saved = await post("/admin/city-management", fields);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/city-management?city=${city.id}&url=${source.id}`);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect(row).toMatchObject({ title: "City Council, budget session (4 hours)" });
    expect(row!.transcript).toContain("seawall amendment");
  });

  it("the transcript's page carries that one transcript, and takes a pasted 250 KB one with its segments", async () => {
    const { meeting, source } = await longMeeting();
    const page = `/admin/city-management/videos/${meeting.id}/transcript?url=${source.id}`;
    const html = await (await get(page)).text();
    expect(html).toContain("seawall amendment");

    const pasted = longTranscript(250 * 1024, "The harbor lease is approved on a 4-1 vote.");
    const saved = await post(page, new URLSearchParams({ intent: "paste", transcript: pasted }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toContain(`url=${source.id}`);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect(row!.transcript).toContain("harbor lease is approved");
    expect(row!.transcript).not.toContain("seawall amendment");
    expect(row!.editedByAdminAt).toBeInstanceOf(Date);
    const segments = await getTestDb()
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.cityVideoId, meeting.id))
      .orderBy(asc(transcriptSegments.position));
    expect(segments.at(-1)).toMatchObject({ startSeconds: 14340, speaker: "MAYOR LOPEZ" });
    expect(segments.length).toBeGreaterThan(1000);
  });

  it("takes an uploaded .vtt file, parsed into timed segments", async () => {
    const { meeting } = await longMeeting();
    const vtt = longVtt(3000);
    expect(vtt.length).toBeGreaterThan(300 * 1024);
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File([vtt], "council-2026-01-13.vtt", { type: "text/vtt" }));
    const saved = await post(`/admin/city-management/videos/${meeting.id}/transcript`, form);
    expect(saved.status).toBe(302);
    const segments = await getTestDb()
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.cityVideoId, meeting.id))
      .orderBy(asc(transcriptSegments.position));
    expect(segments[0]).toMatchObject({ startSeconds: 0, endSeconds: expect.any(Number) });
    expect(segments.at(-1)!.startSeconds).toBeGreaterThan(14000);
    expect(segments.map((s) => s.text).join(" ")).toContain("Cue 2999: the harbor dredging contract");
  });

  it("refuses a file that is not a transcript, with the reason, and keeps the transcript", async () => {
    const { meeting } = await longMeeting();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "agenda.pdf", { type: "application/pdf" }));
    const refused = await post(`/admin/city-management/videos/${meeting.id}/transcript`, form);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(TRANSCRIPT_FILE_MESSAGES.type);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect(row!.transcript).toContain("seawall amendment");
  });

  it("cuts off an upload over 5 MB while it streams in, before it is all read", async () => {
    const { meeting } = await longMeeting();
    const connection = await RawConnection.open(port);
    await connection.write(
      `POST /admin/city-management/videos/${meeting.id}/transcript HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin.cookie}\r\n` +
        `Origin: ${base}\r\nContent-Type: multipart/form-data; boundary=gaveltranscript\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const head = `--gaveltranscript\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    await connection.write(`${head.length.toString(16)}\r\n${head}\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "a");
    // A body without end: the client stops only when the server answers or
    // hangs up, so an answer at all shows it came before the body was all read.
    let sent = 0;
    while (!connection.answered && !connection.closed) {
      await connection.write(
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
      );
      sent += chunk.length;
    }
    const response = await connection.read();
    connection.close();
    expect([response?.status, response?.headers.connection]).toEqual([413, "close"]);
    expect(sent).toBeGreaterThan(UPLOAD_BODY_LIMIT);
    const [row] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect(row!.transcript).toContain("seawall amendment");
  });
});
