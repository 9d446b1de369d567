/**
 * An Atom 1.0 writer (RFC 4287) small enough to read in one go, for every
 * feed of the site: a city's new stories, and later a tracked issue's or a
 * saved search's meetings. Text constructs are written as plain text
 * (`type="text"`, the default), so nothing in a title or summary is ever
 * taken for markup by a reader.
 */
import { element, emptyElement, XML_DECLARATION } from "./xml";

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

export type AtomEntry = {
  /** A permanent IRI (a tag: URI or the entry's canonical URL). */
  id: string;
  title: string;
  /** The page the entry is about (rel="alternate"). */
  link: string;
  updated: Date;
  published?: Date | null;
  summary?: string | null;
  /** The entry's content as plain text (`type="text"`): lines, never markup. */
  content?: string | null;
  author?: string | null;
  categories?: string[];
};

export type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string | null;
  /** The feed's own URL (rel="self"). */
  selfUrl: string;
  /** The page the feed follows (rel="alternate"). */
  pageUrl: string;
  /** Required by Atom: the feed's own author when entries have none. */
  author: string;
  /** When the feed last changed; defaults to the newest entry's update (or the epoch for an empty feed). */
  updated?: Date;
  entries: AtomEntry[];
};

/** RFC 3339 as Atom wants it: whole seconds in UTC. */
export function atomDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The newest `updated` of the entries, or null when there are none. */
export function newestUpdate(entries: Pick<AtomEntry, "updated">[]): Date | null {
  let newest: Date | null = null;
  for (const entry of entries) if (!newest || entry.updated > newest) newest = entry.updated;
  return newest;
}

function entryXml(entry: AtomEntry): string {
  return [
    "<entry>",
    element("id", entry.id),
    element("title", entry.title),
    emptyElement("link", { rel: "alternate", type: "text/html", href: entry.link }),
    element("updated", atomDate(entry.updated)),
    entry.published ? element("published", atomDate(entry.published)) : "",
    entry.author ? `<author>${element("name", entry.author)}</author>` : "",
    ...(entry.categories ?? []).map((term) => emptyElement("category", { term })),
    entry.summary ? element("summary", entry.summary) : "",
    entry.content ? element("content", entry.content, { type: "text" }) : "",
    "</entry>",
  ].join("");
}

/** The whole document, UTF-8, one entry per line. */
export function atomFeed(feed: AtomFeed): string {
  const updated = feed.updated ?? newestUpdate(feed.entries) ?? new Date(0);
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", feed.id),
    element("title", feed.title),
    feed.subtitle ? element("subtitle", feed.subtitle) : "",
    emptyElement("link", { rel: "self", type: "application/atom+xml", href: feed.selfUrl }),
    emptyElement("link", { rel: "alternate", type: "text/html", href: feed.pageUrl }),
    element("updated", atomDate(updated)),
    `<author>${element("name", feed.author)}</author>`,
    element("generator", "Gavel"),
    ...feed.entries.map(entryXml),
    "</feed>",
  ]
    .filter(Boolean)
    .join("\n");
}
