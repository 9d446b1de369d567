import { createContext, type RouterContextProvider } from "react-router";

/**
 * A body the request gate refused as too large, on a route that answers
 * that with its own page (the business image upload: the spec's 'File too
 * large' / 'Please select an image smaller than 10MB', with its form,
 * instead of a bare plain-text 413; issue 26). The gate lets such a request
 * through without its body and sets this in React Router's context; the
 * route's action reads it before the form.
 *
 * One context object per process (as the CSP nonce's): server.ts runs this
 * module from source, the built app bundles its own copy, and React Router
 * finds context values by the object's identity.
 */
export const bodyTooLargeContext = (() => {
  const key = Symbol.for("gavel.bodyTooLargeContext");
  const registry = globalThis as typeof globalThis & {
    [key: symbol]: ReturnType<typeof createContext<boolean>> | undefined;
  };
  return (registry[key] ??= createContext<boolean>(false));
})();

/** Whether the gate refused this request's body as too large (and left it unread). */
export function bodyWasTooLarge(context: Readonly<RouterContextProvider>): boolean {
  return context.get(bodyTooLargeContext);
}
