import { describe, expect, it } from "vitest";
import { hasNegation, meetingQuery } from "~/lib/search/query";

describe("meetingQuery", () => {
  it("keeps words, ANDs and ORs as querytree() gives them", () => {
    expect(meetingQuery("'stormwat'")).toBe("'stormwat'");
    expect(meetingQuery("'park' & 'plan'")).toBe("'park' & 'plan'");
    expect(meetingQuery("'heliport' | 'zamboni'")).toBe("'heliport' | 'zamboni'");
  });

  it("turns phrases, across stop words too, into ANDs", () => {
    expect(meetingQuery("'afford' <-> 'hous'")).toBe("'afford' & 'hous'");
    expect(meetingQuery("'mayor' <2> 'quillfield' | 'public' <-> 'work'")).toBe(
      "'mayor' & 'quillfield' | 'public' & 'work'",
    );
  });

  it("leaves operator-like text inside a quoted lexeme alone", () => {
    expect(meetingQuery("'a<->b''s' <-> 'c'")).toBe("'a<->b''s' & 'c'");
  });

  it("is null when every meeting can match and empty when none can", () => {
    expect(meetingQuery("T")).toBeNull();
    expect(meetingQuery("")).toBe("");
  });
});

describe("hasNegation", () => {
  it("finds an excluded word or phrase, not a '!' inside a lexeme", () => {
    expect(hasNegation("'stormwat' & !'fee'")).toBe(true);
    expect(hasNegation("'council' & !( 'fee' <-> 'schedul' )")).toBe(true);
    expect(hasNegation("'heliport' | 'zamboni'")).toBe(false);
    expect(hasNegation("'wow!' & 'a''!b'")).toBe(false);
  });
});
