import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The Content-Security-Policy nonce of this response. server.ts makes one
 * per request and passes it in React Router's load context; entry.server
 * gives it to React and React Router, and NonceProvider to the document
 * (root.tsx) for <Scripts> and <ScrollRestoration>. In the browser it is ""
 * (browsers hide nonce attributes from scripts, so nothing is lost).
 */
export const cspNonceContext = sharedNonceContext();

/**
 * One context object per process: server.ts runs this module from source,
 * the built app bundles its own copy, and React Router finds context
 * values by the object's identity.
 */
function sharedNonceContext() {
  const key = Symbol.for("gavel.cspNonceContext");
  const registry = globalThis as typeof globalThis & {
    [key: symbol]: ReturnType<typeof createContext<string>> | undefined;
  };
  return (registry[key] ??= createContext<string>(""));
}

const NonceContext = createReactContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
