/**
 * The browser every Playwright run drives: Debian's Chromium headless shell
 * (package chromium-headless-shell), the same Blink as /usr/bin/chromium
 * without the desktop browser around it, at half the CPU per page on the
 * 2-core machine (docs/decisions/0063-chromium-headless-shell.md). Never a
 * browser downloaded by `npx playwright install`. CHROMIUM_PATH overrides it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** The launch arguments: no sandbox (tests run as root), and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Keeps the browser on this machine: every request for a host other than
 * 127.0.0.1/localhost goes to a proxy on a closed local port and fails at
 * once, in every context of the browser, without Playwright intercepting
 * each request (which cost a round trip to the test process per request).
 */
export const CHROMIUM_OFFLINE_PROXY = { server: "http://127.0.0.1:9", bypass: "127.0.0.1,localhost,[::1]" };
