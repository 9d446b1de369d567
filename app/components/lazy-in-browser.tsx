import { lazy, type ComponentType } from "react";

/**
 * A component in a browser chunk of its own, fetched when a page first
 * renders it: for what most readers never see (admin tools, a signed-in
 * member's menus, a closed panel), so that their pages' first load does
 * not carry it (decision record 29).
 *
 * The server must not wait for it: React would stream it after the page,
 * and without JavaScript it would never show. So the caller hands over the
 * server's copy, imported before any request, and the browser build drops
 * that import (`import.meta.env.SSR` is false there):
 *
 *   const server = import.meta.env.SSR ? await import("./admin-buttons") : null;
 *   const Tools = lazyInBrowser(server?.Tools, () => import("./admin-buttons").then((m) => m.Tools));
 *
 * Render it inside a `<Suspense>`: the page hydrates around it, and its
 * server HTML (a form that works without JavaScript) stays in place until
 * the chunk has arrived.
 */
export function lazyInBrowser<Props extends object>(
  onServer: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return onServer ?? lazy(async () => ({ default: await load() }));
}
