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
