import { createContext, useContext } from "react";

/**
 * What the server decides about the document it renders (entry.server):
 * - `lite`: a lite reading page, sent without scripts (lite.server.ts);
 * - `css`: the app's stylesheet, inlined in the head so that reading never
 *   waits for a second request (decision record 29).
 * In the browser both are empty: a lite page never hydrates, and hydration
 * keeps the server's <style> as it is.
 */
export type DocumentOptions = { lite: boolean; css: string };

const DocumentContext = createContext<DocumentOptions>({ lite: false, css: "" });

export const DocumentProvider = DocumentContext.Provider;

export function useDocumentOptions(): DocumentOptions {
  return useContext(DocumentContext);
}
