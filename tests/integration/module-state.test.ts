import { afterAll, describe, expect, it } from "vitest";
import { captionPause, recordPaceOutcome } from "~/lib/captions/pace.server";
import { sendEmail } from "~/lib/email/email.server";
import { sitemapCacheStats, sitemapResponse } from "~/lib/feeds/sitemap-cache.server";
import { workerLiveness } from "~/lib/jobs/liveness.server";
import { startWorker } from "~/lib/jobs/worker.server";
import { dbTag, getRequest } from "../setup";
import { stopAndForget } from "../setup/module-state";
import { startSmtpListener } from "../support/smtp-listener";

/**
 * The `db` project's files share a worker's imports (vitest.config.ts:
 * isolate false); what one file leaves in module state must not reach the
 * next. tests/setup/per-file.ts calls stopAndForget() after each file: here
 * a file's leftovers meet it, and the "next file" must start clean.
 */
describe(`module state between the files of a worker ${dbTag}`, () => {
  const listeners: Awaited<ReturnType<typeof startSmtpListener>>[] = [];
  afterAll(async () => {
    for (const listener of listeners) await listener.close();
  });

  const mail = (to: string) => sendEmail({ to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" });
  const sitemap = (text: string) =>
    sitemapResponse(getRequest("/sitemap.xml"), {
      path: "/sitemap.xml",
      versionsOf: "/",
      build: () => Promise.resolve(text),
    }).then((response) => response.text());

  it("stops the worker, forgets the caption pause and the sitemaps, and mails through the next SMTP_URL", async () => {
    // What a file leaves behind: a running worker, a paused caption pace, a
    // cached sitemap and an SMTP connection to its own listener.
    const first = await startSmtpListener();
    const second = await startSmtpListener();
    listeners.push(first, second);
    process.env.SMTP_URL = first.url;
    await mail("first@example.test");
    expect(first.lastTo("first@example.test")).toBeDefined();
    await startWorker({ queues: [] });
    expect(workerLiveness()).not.toBeNull();
    for (let i = 0; i < 3; i++) recordPaceOutcome("bot-check", null);
    expect(captionPause()).not.toBeNull();
    expect(await sitemap("<urlset>first</urlset>")).toBe("<urlset>first</urlset>");
    expect(sitemapCacheStats().builds).toBe(1);

    await stopAndForget();

    // The next file: another environment, the same versions of another database.
    process.env.SMTP_URL = second.url;
    await mail("second@example.test");
    expect(second.lastTo("second@example.test")).toBeDefined();
    expect(first.lastTo("second@example.test")).toBeUndefined();
    expect(workerLiveness()).toBeNull();
    expect(captionPause()).toBeNull();
    expect(sitemapCacheStats()).toEqual({ builds: 0, hits: 0 });
    expect(await sitemap("<urlset>second</urlset>")).toBe("<urlset>second</urlset>");
  });
});
