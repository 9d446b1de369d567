/**
 * A minimal iCalendar reader (RFC 5545) for tests, as a calendar client
 * reads a feed: it checks the line rules (CRLF only, at most 75 octets a
 * line), unfolds the continuation lines, splits each content line into
 * name, parameters and value, unescapes TEXT values and collects the
 * VEVENTs. It throws on anything a strict client would refuse.
 */

export type IcalProperty = { params: Record<string, string>; value: string };
export type ParsedEvent = Record<string, IcalProperty>;
export type ParsedCalendar = { properties: Record<string, IcalProperty>; events: ParsedEvent[] };

const TEXT = new Set(["SUMMARY", "LOCATION", "DESCRIPTION", "X-WR-CALNAME", "UID"]);

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));
}

export function parseIcal(body: string): ParsedCalendar {
  if (!body.endsWith("\r\n")) throw new Error("the calendar does not end with CRLF");
  const physical = body.slice(0, -2).split("\r\n");
  for (const [index, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${index + 1} has a bare CR or LF`);
    const octets = new TextEncoder().encode(line).length;
    if (octets > 75) throw new Error(`line ${index + 1} is ${octets} octets long`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) throw new Error("the calendar starts with a continuation line");
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const calendar: ParsedCalendar = { properties: {}, events: [] };
  const stack: string[] = [];
  let event: ParsedEvent | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`not a content line: ${line}`);
    const [name, ...paramParts] = line.slice(0, colon).split(";");
    const raw = line.slice(colon + 1);
    const params = Object.fromEntries(paramParts.map((part) => part.split("=") as [string, string]));
    if (name === "BEGIN") {
      stack.push(raw);
      if (raw === "VEVENT") event = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== raw) throw new Error(`END:${raw} without its BEGIN`);
      if (raw === "VEVENT") calendar.events.push(event!);
      event = null;
      continue;
    }
    const property = { params, value: TEXT.has(name!) ? unescapeText(raw) : raw };
    if (event) event[name!] = property;
    else if (stack.at(-1) === "VCALENDAR") calendar.properties[name!] = property;
    else throw new Error(`a property outside any component: ${line}`);
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(", ")}`);
  for (const parsed of calendar.events) {
    for (const required of ["UID", "DTSTAMP", "DTSTART"])
      if (!parsed[required]) throw new Error(`an event without ${required}`);
  }
  return calendar;
}
