import { describe, expect, it } from "vitest";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { embedUrl, isOnlyMomentChange, parseStartSeconds, youTubeVideoId } from "~/lib/meetings/video";
import { cityPageHref, isOnlyMorePages, parseCityPageState } from "~/lib/cities/page-state";
import { ifNoneMatchMatches } from "~/lib/http/cache.server";

/** Search results and highlights link to a meeting at a moment; the player starts there. */

const ID = "3f2a6c1e-8d4b-4c2a-9e1f-0a1b2c3d4e5f";

describe("links to a moment", () => {
  it("carry the second, with or without the city", () => {
    expect(meetingHref(ID, { cityKey: "alder-creek", seconds: 754.6 })).toBe(`/city/alder-creek/meeting/${ID}?t=754`);
    expect(meetingHref(ID, { seconds: 0 })).toBe(`/meeting/${ID}?t=0`);
    expect(meetingHref(ID, { cityKey: "alder-creek", seconds: null })).toBe(`/city/alder-creek/meeting/${ID}`);
    expect(storyHref(ID, "alder-creek")).toBe(`/city/alder-creek/meeting-story/${ID}`);
    expect(storyHref(ID)).toBe(`/meeting-story/${ID}`);
  });

  it("read t as seconds or a clock time, ignoring nonsense", () => {
    expect(parseStartSeconds("754")).toBe(754);
    expect(parseStartSeconds("75.9")).toBe(75);
    expect(parseStartSeconds("90s")).toBe(90);
    expect(parseStartSeconds("12:34")).toBe(754);
    expect(parseStartSeconds("1:02:03")).toBe(3723);
    for (const bad of [null, "", "-5", "abc", "1:99", "999999", "1e3", "javascript:alert(1)"]) {
      expect(parseStartSeconds(bad), String(bad)).toBeNull();
    }
  });
});

describe("embeddable videos", () => {
  it("are YouTube watch and short links", () => {
    expect(youTubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeVideoId("https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeVideoId("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeVideoId("https://youtu.be/dQw4w9WgXcQ?t=42")).toBe("dQw4w9WgXcQ");
  });

  it("are nothing else", () => {
    for (const url of [
      null,
      "",
      "not a url",
      "https://vimeo.com/12345",
      "https://www.youtube.com/playlist?list=PL123",
      "https://www.youtube.com/watch?v=short",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)",
    ]) {
      expect(youTubeVideoId(url), String(url)).toBeNull();
    }
  });

  it("play from the no-cookie player, at the moment when there is one", () => {
    expect(embedUrl("dQw4w9WgXcQ", null)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(embedUrl("dQw4w9WgXcQ", 754)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=754");
  });
});

describe("URL state", () => {
  it("of the city page round-trips through its links", () => {
    const source = "0a1b2c3d-0000-4000-8000-000000000001";
    expect(cityPageHref("x", { page: 3, source })).toBe(`/city/x?source=${source}&page=3`);
    expect(parseCityPageState(new URLSearchParams(`source=${source}&page=3`))).toEqual({
      page: 3,
      source,
      searchOpen: false,
      q: "",
    });
    expect(cityPageHref("x", { searchOpen: true, q: "water rates", source })).toBe("/city/x?search=1&q=water+rates");
    expect(parseCityPageState(new URLSearchParams("q=%20water%20"))).toEqual({
      page: 1,
      source: null,
      searchOpen: true,
      q: "water",
    });
    expect(parseCityPageState(new URLSearchParams("source=nope&page=900")).page).toBe(50);
    expect(cityPageHref("x")).toBe("/city/x");
  });

  it("tells a Load More URL update and a moment change from other navigations", () => {
    const url = (search: string) => new URL(`http://localhost/city/x${search}`);
    expect(isOnlyMorePages(url(""), url("?page=2"))).toBe(true);
    expect(isOnlyMorePages(url("?source=a&page=2"), url("?page=3&source=a"))).toBe(true);
    expect(isOnlyMorePages(url("?page=3"), url("?page=2"))).toBe(false);
    expect(isOnlyMorePages(url("?page=2"), url("?page=3&source=a"))).toBe(false);
    expect(isOnlyMomentChange(url("?t=1"), url("?t=20"))).toBe(true);
    expect(isOnlyMomentChange(url("?t=1"), new URL("http://localhost/city/y?t=1"))).toBe(false);
  });
});

describe("conditional GET", () => {
  it("matches an ETag weakly, in a list, or *", () => {
    expect(ifNoneMatchMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches("*", 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchMatches(null, 'W/"abc"')).toBe(false);
  });
});
