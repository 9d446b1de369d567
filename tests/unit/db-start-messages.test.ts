import { describe, expect, it } from "vitest";
import { innermostMessage } from "~/lib/db/startup.server";

/**
 * Issue 26, item 15: a start that failed inside PGlite printed "could not
 * be opened and read: [object Object]". PGlite's WebAssembly side throws
 * plain objects (Emscripten's file-system errors, its exit status): the
 * message spells them out.
 */
describe("the reason a database could not be opened", () => {
  it("is the innermost cause's message, also when the cause is a plain object", () => {
    const wrapped = new Error("Failed query: select 1", { cause: { message: "could not open file base/5/16385" } });
    expect(innermostMessage(wrapped)).toBe("could not open file base/5/16385");
  });

  it("names an engine stop by its fields, never [object Object]", () => {
    expect(innermostMessage({ name: "ExitStatus", status: 1 })).toBe(
      "the embedded database's engine stopped (name ExitStatus, status 1)",
    );
    expect(innermostMessage(new Error("Failed query", { cause: { errno: 44, code: "ENOENT" } }))).toBe(
      "the embedded database's engine stopped (code ENOENT, errno 44)",
    );
    expect(innermostMessage({ weird: [1, 2] })).toBe('an unexpected error ({"weird":[1,2]})');
    expect(innermostMessage(new Error("plain"))).toBe("plain");
    expect(innermostMessage("text")).toBe("text");
  });
});
