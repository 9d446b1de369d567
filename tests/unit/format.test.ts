import { countOf } from "~/lib/format/count";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMonthLong,
  formatMonthShort,
  formatStatedDate,
  lastTwelveMonths,
} from "~/lib/format/date";
import { formatDuration, formatWait } from "~/lib/format/duration";

describe("formatDuration", () => {
  it("writes hh:mm:ss by default, cutting fractions", () => {
    expect(formatDuration(0)).toBe("00:00:00");
    expect(formatDuration(59)).toBe("00:00:59");
    expect(formatDuration(3725)).toBe("01:02:05");
    expect(formatDuration(3723.9)).toBe("01:02:03");
  });

  it("writes m:ss without empty hours, h:mm:ss with them", () => {
    expect(formatDuration(0, "m:ss")).toBe("0:00");
    expect(formatDuration(245, "m:ss")).toBe("4:05");
    expect(formatDuration(3599, "m:ss")).toBe("59:59");
    expect(formatDuration(3723, "m:ss")).toBe("1:02:03");
  });

  it("counts hours past a day and past 99", () => {
    expect(formatDuration(25 * 3600 + 1)).toBe("25:00:01");
    expect(formatDuration(100 * 3600)).toBe("100:00:00");
    expect(formatDuration(25 * 3600 + 61, "m:ss")).toBe("25:01:01");
  });

  it("treats missing, negative and not finite values as 0", () => {
    for (const value of [null, undefined, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDuration(value)).toBe("00:00:00");
      expect(formatDuration(value, "m:ss")).toBe("0:00");
    }
  });
});

describe("formatDate and formatDateTime", () => {
  it("write the UTC date, from a string or a Date", () => {
    expect(formatDate("2026-03-05T23:30:00Z")).toBe("Mar 5, 2026");
    expect(formatDate(new Date("2026-03-05T00:30:00Z"))).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05")).toBe("Mar 5, 2026");
  });

  it("writes date and time in UTC, saying so", () => {
    expect(formatDateTime("2026-03-05T14:30:00Z")).toBe("Mar 5, 2026, 02:30 PM UTC");
    expect(formatDateTime(new Date("2026-12-31T23:59:00Z"))).toBe("Dec 31, 2026, 11:59 PM UTC");
  });

  it("give null for a missing or unreadable date", () => {
    for (const value of [null, undefined, "", "not a date"]) {
      expect(formatDate(value)).toBeNull();
      expect(formatDateTime(value)).toBeNull();
    }
  });
});

describe("months", () => {
  it("name a YYYY-MM month short and long", () => {
    expect(formatMonthShort("2026-03")).toBe("Mar");
    expect(formatMonthLong("2026-03")).toBe("March 2026");
  });

  it("lists the last twelve months across a year's end", () => {
    const months = lastTwelveMonths(new Date("2026-02-15T00:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months.at(-1)).toBe("2026-02");
  });
});

describe("countOf", () => {
  it("says one in the singular and any other number in the plural", () => {
    expect(countOf(1, "video")).toBe("1 video");
    expect(countOf(0, "video")).toBe("0 videos");
    expect(countOf(3, "matching meeting")).toBe("3 matching meetings");
    expect(countOf(2, "entity", "entities")).toBe("2 entities");
  });
});

describe("formatStatedDate", () => {
  it("writes a model's ISO date out in words and keeps any other text as said", () => {
    expect(formatStatedDate("2026-03-17")).toBe("Tuesday, March 17, 2026");
    expect(formatStatedDate("March 17")).toBe("March 17");
    expect(formatStatedDate("2026-02-30")).toBe("2026-02-30");
  });
});

describe("formatWait", () => {
  it("rounds a Retry-After up to whole minutes, then hours", () => {
    expect([0, 1, 60, 61, 119, 3540, 3541, 3600, 3601, 7200].map(formatWait)).toEqual([
      "a minute",
      "a minute",
      "a minute",
      "2 minutes",
      "2 minutes",
      "59 minutes",
      "an hour",
      "an hour",
      "2 hours",
      "2 hours",
    ]);
  });
});
