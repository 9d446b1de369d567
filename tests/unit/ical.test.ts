import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icalCalendar, icalUtc, zonedTimeToUtc } from "~/lib/feeds/ical";
import { parseIcal } from "../support/ical-parser";

/** The iCalendar writer of the calendar feeds (RFC 5545; docs/decisions/0076-bills-and-calendars.md). */
describe("the iCalendar writer", () => {
  it("escapes backslash, semicolon, comma and newlines in text", () => {
    expect(escapeText("Budget; Finance, and \\ Taxes\nRoom 2")).toBe("Budget\\; Finance\\, and \\\\ Taxes\\nRoom 2");
  });

  it("folds at 75 octets without splitting a character, and ends every line in CRLF", () => {
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short\r\n");
    const long = `DESCRIPTION:${"é".repeat(80)}`; // two octets each
    const folded = foldLine(long);
    const lines = folded.slice(0, -2).split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(long);
  });

  it("turns a city's wall-clock time into UTC, either side of a clock change", () => {
    expect(icalUtc(zonedTimeToUtc("2026-12-08", 18 * 60 + 30, "America/Chicago"))).toBe("20261209T003000Z");
    expect(icalUtc(zonedTimeToUtc("2026-07-08", 9 * 60, "America/Chicago"))).toBe("20260708T140000Z");
    expect(icalUtc(zonedTimeToUtc("2026-11-01", 9 * 60, "America/New_York"))).toBe("20261101T140000Z");
    expect(icalUtc(zonedTimeToUtc("2026-10-31", 9 * 60, "America/New_York"))).toBe("20261031T130000Z");
    expect(icalUtc(zonedTimeToUtc("2026-06-01", 12 * 60, "UTC"))).toBe("20260601T120000Z");
  });

  it("writes a calendar a strict reader parses back to the same events", () => {
    const body = icalCalendar({
      name: "Maple Falls, meetings",
      prodId: "-//Gavel//City meetings//EN",
      events: [
        {
          uid: "legistar-event-902-abc@gavel.example",
          stamp: new Date("2026-11-18T06:00:00Z"),
          start: new Date("2026-11-18T00:30:00Z"),
          summary: "Budget; Finance, and Taxes Committee",
          location: "Council Chambers, 100 Main Street",
          description: `Agenda: https://maplefalls.legistar1.example/${"a".repeat(90)}.pdf\nMeeting page: https://gavel.example/city/maple-falls/events/902`,
          url: "https://gavel.example/city/maple-falls/events/902",
        },
        {
          uid: "legistar-event-903-abc@gavel.example",
          stamp: new Date("2026-11-18T06:00:00Z"),
          start: "2026-12-08",
          summary: "City Council",
        },
      ],
    });
    expect(body.includes("\n") && !/[^\r]\n/.test(body)).toBe(true);
    const calendar = parseIcal(body);
    expect(calendar.properties.VERSION!.value).toBe("2.0");
    expect(calendar.properties["X-WR-CALNAME"]!.value).toBe("Maple Falls, meetings");
    expect(calendar.events).toHaveLength(2);
    const [first, second] = calendar.events;
    expect(first!.SUMMARY!.value).toBe("Budget; Finance, and Taxes Committee");
    expect(first!.DTSTART!.value).toBe("20261118T003000Z");
    expect(first!.DESCRIPTION!.value.split("\n")[0]).toBe(
      `Agenda: https://maplefalls.legistar1.example/${"a".repeat(90)}.pdf`,
    );
    expect(second!.DTSTART).toEqual({ params: { VALUE: "DATE" }, value: "20261208" });
  });
});
