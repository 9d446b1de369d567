/**
 * Video sources (city_urls rows) and the body that meets in each: a city
 * council, a planning commission, a school board or a county board. The
 * playlist ids are invented.
 */
import { fakePlaylistId } from "./prng";

export type BodyKind = "council" | "planning" | "school" | "county";

export type SeedSource = {
  key: string;
  cityKey: string;
  title: string;
  url: string;
  contentType: "video";
  sourceType: "city" | "county" | "school_district";
  entityType: "Government" | "School District" | "County";
  /** The YouTube channel the videos are published on. */
  channelTitle: string;
  body: BodyKind;
  /** The body's public name, as the chair says it at the start. */
  bodyName: string;
  lastRefreshedAt: Date | null;
};

const playlist = (key: string) => `https://www.youtube.com/playlist?list=${fakePlaylistId(key)}`;

function source(
  key: string,
  cityKey: string,
  fields: Omit<SeedSource, "key" | "cityKey" | "url" | "contentType">,
): SeedSource {
  return { key, cityKey, url: playlist(key), contentType: "video", ...fields };
}

export const SEED_SOURCES: readonly SeedSource[] = [
  source("alder-creek-council", "alder-creek", {
    title: "Alder Creek City Council Meetings",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "City of Alder Creek",
    body: "council",
    bodyName: "Alder Creek City Council",
    lastRefreshedAt: new Date("2026-11-10T15:00:00Z"),
  }),
  source("alder-creek-planning", "alder-creek", {
    title: "Alder Creek Planning Commission",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "City of Alder Creek",
    body: "planning",
    bodyName: "Alder Creek Planning Commission",
    lastRefreshedAt: new Date("2026-11-10T15:00:00Z"),
  }),
  source("alder-creek-schools", "alder-creek", {
    title: "Alder Creek Unified School District Board of Trustees",
    sourceType: "school_district",
    entityType: "School District",
    channelTitle: "Alder Creek Unified",
    body: "school",
    bodyName: "Alder Creek Unified School District Board of Trustees",
    lastRefreshedAt: new Date("2026-10-28T15:00:00Z"),
  }),
  source("port-halvern-council", "port-halvern", {
    title: "Port Halvern City Council",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "Port Halvern City Hall",
    body: "council",
    bodyName: "Port Halvern City Council",
    lastRefreshedAt: new Date("2026-11-12T16:30:00Z"),
  }),
  source("port-halvern-county", "port-halvern", {
    title: "Lusk County Board of Commissioners",
    sourceType: "county",
    entityType: "County",
    channelTitle: "Lusk County Oregon",
    body: "county",
    bodyName: "Lusk County Board of Commissioners",
    lastRefreshedAt: new Date("2026-11-12T16:30:00Z"),
  }),
  source("cinder-bluff-council", "cinder-bluff", {
    title: "Cinder Bluff City Council Meetings",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "City of Cinder Bluff",
    body: "council",
    bodyName: "Cinder Bluff City Council",
    lastRefreshedAt: new Date("2026-11-14T14:00:00Z"),
  }),
  source("lake-wendell-council", "lake-wendell", {
    title: "Lake Wendell City Council",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "Lake Wendell Community TV",
    body: "council",
    bodyName: "Lake Wendell City Council",
    lastRefreshedAt: new Date("2026-11-09T13:00:00Z"),
  }),
  source("juniper-flats-council", "juniper-flats", {
    title: "Juniper Flats Town Board",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "Juniper Flats NV",
    body: "council",
    bodyName: "Juniper Flats Town Board",
    lastRefreshedAt: new Date("2026-11-05T17:00:00Z"),
  }),
  source("old-millbrook-council", "old-millbrook", {
    title: "Old Millbrook Borough Council",
    sourceType: "city",
    entityType: "Government",
    channelTitle: "Old Millbrook Borough",
    body: "council",
    bodyName: "Old Millbrook Borough Council",
    lastRefreshedAt: new Date("2025-08-20T14:00:00Z"),
  }),
];

export function seedSource(key: string): SeedSource {
  const found = SEED_SOURCES.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`Unknown seed source ${key}`);
  return found;
}
