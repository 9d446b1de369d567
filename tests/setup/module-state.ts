/**
 * In the `db` project the files of a worker share one set of imports
 * (vitest.config.ts: isolate false). tests/setup/per-file.ts calls this after
 * a file's tests, before its connection closes: it stops what the file may
 * have started and forgets what the app cached in module or globalThis
 * state, through the modules' own stop/reset functions, so that the next
 * file (another database, another environment) starts as in a new process.
 *
 * What needs nothing here: the settings and storage caches (keyed by the
 * environment they were read from), the connection's content-version
 * listener (kept per connection), the cookies (built from SESSION_SECRET
 * and NODE_ENV, the same in every file), the password decoy hash and the
 * word lists (constants).
 */
export async function stopAndForget(): Promise<void> {
  const [worker, handOff, analytics, pace, email, youtube, sitemap] = await Promise.all([
    import("../../app/lib/jobs/worker.server"),
    import("../../app/lib/jobs/hand-off.server"),
    import("../../app/lib/analytics/recorder.server"),
    import("../../app/lib/captions/pace.server"),
    import("../../app/lib/email/email.server"),
    import("../../app/lib/youtube/http.server"),
    import("../../app/lib/feeds/sitemap-cache.server"),
  ]);
  handOff.stopHandOffInbox();
  // Stops the refresh and digest schedules, pg-boss and the worker's heartbeat (liveness).
  await worker.stopWorker({ timeoutMs: 1000 });
  await analytics.stopAnalytics().catch((error: unknown) => console.error("[test] analytics flush failed:", error));
  analytics.resetAnalytics();
  pace.resetCaptionPace();
  email.closeEmailTransport();
  await youtube.closeYoutubeProxy();
  sitemap.clearSitemapCache();
}
