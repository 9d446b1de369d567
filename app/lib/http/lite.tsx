import { createContext, useContext } from "react";

/**
 * Whether the document being rendered is a lite one (no scripts). Only the
 * server sets it (entry.server, from lite.server.ts): a lite page never
 * hydrates, so in the browser it is always false.
 */
const LiteContext = createContext(false);

export const LiteProvider = LiteContext.Provider;

export function useLiteDocument(): boolean {
  return useContext(LiteContext);
}
