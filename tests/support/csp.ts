/**
 * Reading a Content-Security-Policy's outside sources, to compare them with
 * what /privacy names (tests/e2e/privacy.spec.ts, tests/unit/privacy-outside-sites.test.ts).
 */

/** Sources that are not another site: keywords ('self', nonces…) and the page's own data. */
function isOwn(source: string): boolean {
  return source.startsWith("'") || source === "data:" || source === "blob:";
}

/** Each directive's sources outside the site itself: hosts (`https://www.example.org`) and schemes (`https:`). */
export function outsideSources(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const outside = sources.filter((source) => !isOwn(source));
    if (outside.length) directives.set(name, outside);
  }
  return directives;
}

/** A host source's host (`https://www.example.org` → `www.example.org`); null for a scheme source (`https:`). */
export function hostOfSource(source: string): string | null {
  const match = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/:]+)/i.exec(source);
  return source.endsWith(":") || !match ? null : match[1]!.toLowerCase();
}

/**
 * Whether `sources` let the browser fetch from `host` over https. `host`
 * may be a pattern (`*.ytimg.com`): then only a scheme source or the same
 * pattern covers it.
 */
export function allowsHost(sources: readonly string[], host: string): boolean {
  const wanted = host.toLowerCase();
  return sources.some((source) => {
    if (source === "https:") return true;
    const allowed = hostOfSource(source);
    if (!allowed) return false;
    if (allowed === wanted) return true;
    return allowed.startsWith("*.") && !wanted.startsWith("*.") && wanted.endsWith(allowed.slice(1));
  });
}
