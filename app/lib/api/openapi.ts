/**
 * The OpenAPI 3.1 description of the open API, served at
 * /api/v1/openapi.json and rendered by the /api page. Written by hand next
 * to the code it describes (app/lib/api/data.server.ts); the integration
 * test calls every path it lists with its examples and checks the answer
 * against it.
 */
import { API_RATE_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./limits";
import { DECISION_RESULTS, MOTION_KINDS, VOTE_METHODS } from "~/lib/ai/schemas";

type Schema = Record<string, unknown>;

export type OpenApiParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description: string;
  schema: Schema;
  example: string | number;
};

export type OpenApiResponse = {
  description: string;
  content?: Record<string, { schema: Schema }>;
  headers?: Schema;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  responses: Record<string, OpenApiResponse | { $ref: string }>;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, { get: OpenApiOperation }>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema>; headers: Record<string, Schema> };
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}) => ({ type: [type, "null"], ...extra });
const string = (description?: string) => (description ? { type: "string", description } : { type: "string" });
const uri = { type: "string", format: "uri" };
const dateTime = nullable("string", { format: "date-time" });

function object(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: "object",
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
  };
}

const json = (schema: Schema) => ({ "application/json": { schema } });

/** Example values, the same as the demo data's (`npm start`). */
export const EXAMPLES = {
  locationKey: "alder-creek",
  meetingId: "00000000-0000-4000-8000-000000000000",
  issueKey: "oakdale-creek-development",
  q: "budget",
  /** Ana Reyes of Alder Creek's demo record (demo/legislative.ts). */
  personId: 1002,
  /** The demo's short-term rental ordinance, followed from the Planning Commission to the City Council. */
  matterFile: "ORD 2026-31",
  /** Alder Creek's special meeting of August 18, 2026. */
  eventId: 5015,
} as const;

const cityKeyParameter = (where: "path" | "query", required: boolean): OpenApiParameter => ({
  name: where === "path" ? "locationKey" : "city",
  in: where,
  required,
  description: "A Live city's key, as in its page's address (/city/{key}).",
  schema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
  example: EXAMPLES.locationKey,
});

const pathId = (name: string, description: string, example: number): OpenApiParameter => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "integer", minimum: 1 },
  example,
});

const personIdParameter = pathId(
  "personId",
  "The person's id in the city's Legistar record (PersonId), as in their page's address.",
  EXAMPLES.personId,
);

const cursorParameter: OpenApiParameter = {
  name: "cursor",
  in: "query",
  required: false,
  description: "The `nextCursor` of the previous page (opaque).",
  schema: { type: "string" },
  example: "",
};

const limitParameter = (what: string, example: number): OpenApiParameter => ({
  name: "limit",
  in: "query",
  required: false,
  description: `${what} per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
  schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  example,
});

const textFilter = (name: string, description: string, example = ""): OpenApiParameter => ({
  name,
  in: "query",
  required: false,
  description,
  schema: { type: "string", maxLength: 100 },
  example,
});

/** A page of a list: its items, the cursor of the next page and its address (null on the last page). */
const page = (name: string, item: string) =>
  object({
    [name]: { type: "array", items: ref(item) },
    nextCursor: nullable("string"),
    links: object({ next: nullable("string", { format: "uri" }) }),
  });

const errors = {
  "400": { $ref: "#/components/responses/BadRequest" },
  "404": { $ref: "#/components/responses/NotFound" },
  "429": { $ref: "#/components/responses/TooManyRequests" },
} as const;

function ok(description: string, schema: Schema) {
  return { description, content: json(schema), headers: { ETag: { $ref: "#/components/headers/ETag" } } };
}

const day = (description: string) => nullable("string", { format: "date", description });
const orNull = (schema: Schema) => ({ oneOf: [schema, { type: "null" }] });
const pageAndSelf = object({ page: uri, self: uri });
const passedFlag = {
  result: nullable("string", { description: `Legistar's passed flag as it names it ("Pass", "Fail").` }),
  passed: nullable("boolean", { description: "True when the flag says passed, false when failed, else null." }),
};
const personRef = object({ id: { type: "integer" }, name: string(), links: orNull(pageAndSelf) });

const RECORD_SCHEMAS: Record<string, Schema> = {
  Seat: object(
    {
      body: object({ id: { type: "integer", description: "The body's Legistar id (BodyId)." }, name: string() }),
      title: nullable("string", { description: 'As the record gives it: "Council Member", "Chair".' }),
      role: nullable("string", { description: 'The member type: "Voting Member".' }),
      since: day("First day of the seat (the city's local day)."),
      until: day("Last day of the seat."),
      current: { type: "boolean", description: "Whether the seat is held today, in the city's time zone." },
    },
    "A seat on a body: one office record.",
  ),
  PersonSummary: object({
    id: { type: "integer", description: "The person's Legistar id (PersonId)." },
    name: string(),
    current: { type: "boolean", description: "Whether they hold a seat today." },
    seats: { type: "array", items: ref("Seat") },
    links: object({ page: uri, self: uri, votes: uri }),
  }),
  PersonDetail: {
    allOf: [
      ref("PersonSummary"),
      object({
        agreement: {
          type: "array",
          description:
            "How often they voted as each colleague did: over the items both voted yes or no on, `same` of `together`. Most items in common first.",
          items: object({
            person: object({ id: { type: "integer" }, name: string() }),
            together: { type: "integer" },
            same: { type: "integer" },
            percent: { type: "integer", minimum: 0, maximum: 100 },
          }),
        },
      }),
    ],
  },
  PersonVote: object({
    vote: {
      type: ["string", "null"],
      enum: ["yes", "no", "abstain", "absent", "recused", "present", null],
      description: "What the vote means, mapped from its name; null when the name is not known.",
    },
    voteName: nullable("string", { description: 'The vote value as the record names it: "Aye", "Nay".' }),
    date: day("The meeting's local day."),
    bodyName: nullable("string"),
    item: object({ id: { type: "integer" }, number: nullable("string"), title: nullable("string") }),
    matter: orNull(
      object(
        { file: string(), type: nullable("string"), links: orNull(pageAndSelf) },
        "The item's matter, by file number; links when the record holds it.",
      ),
    ),
    ...passedFlag,
    tally: nullable("string", { description: `The item's tally: "5-2".` }),
    links: object({ event: nullable("string", { format: "uri" }) }),
  }),
  MatterSummary: object({
    id: { type: "integer", description: "The matter's Legistar id (MatterId)." },
    file: string("The file number, as the clerk wrote it: the matter's address."),
    title: nullable("string"),
    type: nullable("string", { description: 'As the record names it: "Ordinance", "Resolution".' }),
    status: nullable("string", { description: 'As the record names it: "Adopted", "In Committee".' }),
    bodyName: nullable("string"),
    introduced: day("Intro date."),
    passed: day("Passed date."),
    links: object({ page: uri, feed: { ...uri, description: "The matter's Atom feed of actions." }, self: uri }),
  }),
  MatterAction: object(
    {
      id: { type: "integer", description: "The action's Legistar id (MatterHistoryId)." },
      date: day("The action's local day."),
      bodyName: nullable("string"),
      action: nullable("string"),
      ...passedFlag,
      tally: nullable("string"),
      mover: nullable("string"),
      seconder: nullable("string"),
      eventId: nullable("integer", { description: "The meeting's Legistar id (EventId)." }),
      meeting: orNull(
        object(
          {
            id: { type: "string", format: "uuid" },
            seconds: nullable("integer", { description: "Where the video takes the item up; null when not known." }),
            links: object({ moment: uri, self: uri }),
          },
          "The meeting's video, once the event is matched to one.",
        ),
      ),
      votes: {
        type: "array",
        items: object({ person: personRef, vote: nullable("string"), voteName: nullable("string") }),
      },
      links: object({ event: nullable("string", { format: "uri" }) }),
    },
    "An action on the matter, in whichever body took it.",
  ),
  MatterDetail: {
    allOf: [
      ref("MatterSummary"),
      object({
        updatedAt: { type: "string", format: "date-time" },
        sponsors: {
          type: "array",
          items: object({ person: orNull(personRef), name: string(), primary: { type: "boolean" } }),
        },
        attachments: { type: "array", items: object({ name: string(), url: uri }) },
        actions: { type: "array", items: ref("MatterAction"), description: "In date order, across bodies." },
      }),
    ],
  },
  EventSummary: object({
    id: { type: "integer", description: "The event's Legistar id (EventId)." },
    body: object({ id: { type: "integer" }, name: string() }),
    date: day("The city's local day."),
    time: nullable("string", { description: 'As the record gives it: "6:30 PM".' }),
    startsAt: nullable("string", { format: "date-time", description: "Null without a day or a readable time." }),
    when: string(`In words, in the city's time zone: "Tuesday, Aug 18, 2026, 6:00 PM PDT".`),
    location: nullable("string"),
    agendaUrl: nullable("string", { format: "uri" }),
    minutesUrl: nullable("string", { format: "uri" }),
    legistarUrl: nullable("string", { format: "uri" }),
    meetingId: nullable("string", { format: "uuid", description: "The meeting's video, once matched." }),
    links: object({
      page: { ...uri, description: "The meeting's page once its video is matched, else the event's." },
      self: uri,
      meeting: nullable("string", { format: "uri" }),
    }),
  }),
  AgendaItem: object({
    id: { type: "integer", description: "The item's Legistar id (EventItemId)." },
    number: nullable("string", { description: "The agenda number." }),
    title: string(),
    consent: { type: "boolean" },
    matter: orNull(object({ file: string(), links: orNull(pageAndSelf) })),
    action: nullable("string", { description: "The official action." }),
    ...passedFlag,
    tally: nullable("string"),
    moment: orNull(
      object({
        seconds: { type: "integer" },
        source: {
          enum: ["record", "transcript"],
          description: "From the record's video index, or found in the transcript.",
        },
        links: object({ moment: uri }),
      }),
    ),
  }),
  EventDetail: {
    allOf: [ref("EventSummary"), object({ items: { type: "array", items: ref("AgendaItem") } })],
  },
};

const SCHEMAS: Record<string, Schema> = {
  Problem: object(
    {
      type: { ...uri, description: "Names the kind of problem; documented on the /api page." },
      title: string(),
      status: { type: "integer" },
      detail: string("What went wrong, in words."),
    },
    "An error (RFC 9457 problem details), served as application/problem+json.",
  ),
  CityRef: object({ key: string(), name: string(), state: string("Two-letter state code.") }),
  City: {
    allOf: [
      ref("CityRef"),
      object({
        county: nullable("string"),
        tagLine: nullable("string"),
        description: nullable("string"),
        links: object({
          page: uri,
          feed: { ...uri, description: "The city's Atom feed of new stories." },
          self: uri,
          meetings: uri,
        }),
      }),
    ],
  },
  CityDetail: {
    allOf: [
      ref("City"),
      object({
        meetingCount: { type: "integer" },
        storyCount: { type: "integer" },
        latestMeetingAt: dateTime,
        issues: {
          type: "array",
          items: object({ key: string(), title: string(), links: object({ page: uri, self: uri }) }),
        },
      }),
    ],
  },
  MeetingSummary: object({
    id: { type: "string", format: "uuid" },
    title: string(),
    description: nullable("string"),
    publishedAt: dateTime,
    videoUrl: nullable("string", { format: "uri" }),
    thumbnailUrl: nullable("string", { format: "uri" }),
    city: ref("CityRef"),
    hasTranscript: { type: "boolean" },
    hasAnalysis: { type: "boolean" },
    hasStory: { type: "boolean" },
    storyGeneratedAt: dateTime,
    links: object({ page: uri, story: nullable("string", { format: "uri" }), self: uri }),
  }),
  Segment: object({
    position: { type: "integer" },
    startSeconds: nullable("number"),
    endSeconds: nullable("number"),
    speaker: nullable("string"),
    text: string(),
  }),
  Analysis: {
    description: "The meeting's analysis: structured, or plain text for older analyses.",
    oneOf: [
      object({ kind: { const: "plain" }, text: string() }),
      object({
        kind: { const: "structured" },
        summary: string(),
        highlights: {
          type: "array",
          items: object({
            timestamp: nullable("string", { description: "HH:MM:SS; null for an untimed transcript." }),
            seconds: nullable("integer"),
            pointOfInterest: string(),
            quotes: { type: "array", items: object({ text: string(), speaker: string() }) },
          }),
        },
        actionItems: {
          type: "array",
          items: object({ description: string(), responsibleParty: string(), dueDate: nullable("string") }),
        },
        entities: { type: "array", items: object({ name: string(), type: string(), context: string() }) },
      }),
    ],
  },
  Story: {
    description: "The meeting's news story: structured, or plain text for older stories.",
    oneOf: [
      object({ kind: { const: "plain" }, text: string() }),
      object({
        kind: { const: "structured" },
        headline: string(),
        body: string("Paragraphs separated by blank lines."),
        quote: object({ text: string(), attribution: string(), context: string() }),
        quickFacts: { type: "array", items: string() },
        background: string(),
      }),
    ],
  },
  Decision: object(
    {
      item: string("What was decided, in plain words."),
      motion: { type: "string", enum: [...MOTION_KINDS] },
      result: { type: "string", enum: [...DECISION_RESULTS] },
      resultLabel: string('The result in plain words: "Carried: denied", "Failed: veto sustained".'),
      ayes: nullable("integer"),
      nays: nullable("integer"),
      abstain: nullable("integer"),
      absent: nullable("integer"),
      how: { type: ["string", "null"], enum: [...VOTE_METHODS, null] },
      consentItems: { type: "array", items: string(), description: "A consent agenda's items; else empty." },
      motionEvidence: object({
        text: string("The words, verbatim, where the motion was made."),
        seconds: nullable("integer", { description: "Null for an untimed transcript." }),
      }),
      resultEvidence: object({
        text: string("The words, verbatim, where the result was stated."),
        seconds: nullable("integer", { description: "Null for an untimed transcript." }),
      }),
      links: object({
        motion: nullable("string", { format: "uri", description: "The meeting page at the motion." }),
        result: nullable("string", { format: "uri", description: "The meeting page at the result." }),
      }),
    },
    "A decision the meeting took, checked against the transcript like a quote.",
  ),
  MeetingDetail: {
    allOf: [
      ref("MeetingSummary"),
      object({
        decisions: { type: "array", items: ref("Decision") },
        analysis: { oneOf: [ref("Analysis"), { type: "null" }] },
        story: { oneOf: [ref("Story"), { type: "null" }] },
        transcript: object({
          timed: { type: "boolean", description: "False when the transcript has no times." },
          segments: { type: "array", items: ref("Segment") },
        }),
      }),
    ],
  },
  SearchHit: object({
    meeting: object({
      id: { type: "string", format: "uuid" },
      title: string(),
      publishedAt: dateTime,
      city: ref("CityRef"),
    }),
    score: { type: "number", minimum: 0, maximum: 1 },
    startSeconds: nullable("number", { description: "Where the matching passage starts; null for a title match." }),
    speaker: nullable("string"),
    snippet: string("The matching passage as plain text."),
    snippetHtml: string("The same passage, matching words in <mark>…</mark>, everything else HTML-escaped."),
    links: object({
      moment: { ...uri, description: "The meeting page at the second the words were said." },
      meeting: uri,
    }),
  }),
  Issue: object({
    key: string(),
    title: string(),
    query: string("The search that finds the issue's meetings."),
    bodies: { type: "array", items: { enum: ["city", "county", "school"] } },
    cities: { type: "array", items: ref("CityRef") },
    summaryGeneratedAt: dateTime,
    updatedAt: dateTime,
    links: object({ pages: { type: "array", items: uri }, self: uri }),
  }),
  IssueDetail: {
    allOf: [
      ref("Issue"),
      object({
        summary: {
          description: "The AI summary of the issue's state as generated (null until one is).",
          type: ["object", "null"],
        },
        meetings: { type: "array", items: ref("SearchHit") },
      }),
    ],
  },
};

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});

export function openApiDocument(origin: string): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "Gavel open API",
      version: "1.0.0",
      description: [
        "Read-only JSON about the Live cities' public meetings: cities, meetings with their transcript, analysis and story, search, tracked issues, and each city's official record (people, votes, matters and events).",
        "No key is needed. Any origin may call it (CORS). Answers carry an ETag: send it back in If-None-Match to get 304 Not Modified.",
        `Each address may make ${API_RATE_LIMIT.limit} requests every ${API_RATE_LIMIT.windowSeconds} seconds; past that the answer is 429 with Retry-After.`,
        "Errors are problem documents (RFC 9457): {type, title, status, detail}.",
      ].join(" "),
    },
    servers: [{ url: `${origin}/api/v1` }],
    tags: [
      { name: "cities", description: "The cities Gavel covers." },
      { name: "meetings", description: "Meetings, newest first, and one meeting in full." },
      { name: "search", description: "The site's full-text search." },
      { name: "issues", description: "Issues followed across meetings." },
      {
        name: "record",
        description:
          "A city's official record from its legislative system: people, votes, matters and events, addressed by the record's own ids.",
      },
      { name: "meta", description: "This document." },
    ],
    paths: {
      "/cities": {
        get: {
          operationId: "listCities",
          summary: "List the cities",
          description: "Every Live city, by name.",
          tags: ["cities"],
          parameters: [],
          responses: {
            "200": ok("The cities.", object({ cities: { type: "array", items: ref("City") } })),
            "429": errors["429"],
          },
        },
      },
      "/cities/{locationKey}": {
        get: {
          operationId: "getCity",
          summary: "One city",
          description: "A Live city with its number of meetings and stories and its tracked issues.",
          tags: ["cities"],
          parameters: [cityKeyParameter("path", true)],
          responses: {
            "200": ok("The city.", object({ city: ref("CityDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/cities/{locationKey}/people": {
        get: {
          operationId: "listPeople",
          summary: "List a city's people",
          description:
            "The people with a seat on one of the city's bodies in its official record, by name: those with a seat today first (with their seats today), then former members. Empty for a city without a record.",
          tags: ["record"],
          parameters: [cityKeyParameter("path", true)],
          responses: {
            "200": ok(
              "The people.",
              object({ city: ref("CityRef"), people: { type: "array", items: ref("PersonSummary") } }),
            ),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/cities/{locationKey}/people/{personId}": {
        get: {
          operationId: "getPerson",
          summary: "One person",
          description:
            "A person of the city's record with every seat they held (their office records: body, title, role, since, until) and how often they voted as each colleague.",
          tags: ["record"],
          parameters: [cityKeyParameter("path", true), personIdParameter],
          responses: {
            "200": ok("The person.", object({ person: ref("PersonDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/cities/{locationKey}/people/{personId}/votes": {
        get: {
          operationId: "listPersonVotes",
          summary: "A person's votes",
          description:
            "The person's votes, newest meeting first, then in agenda order, a page at a time, as on their page: filtered by the matter's type and by the item's result.",
          tags: ["record"],
          parameters: [
            cityKeyParameter("path", true),
            personIdParameter,
            textFilter("type", 'Only votes on matters of this type, as the record names it ("Ordinance").'),
            {
              name: "result",
              in: "query",
              required: false,
              description: "Only votes on items that passed, or failed.",
              schema: { type: "string", enum: ["passed", "failed"] },
              example: "",
            },
            cursorParameter,
            limitParameter("Votes", 2),
          ],
          responses: {
            "200": ok("One page of votes.", page("votes", "PersonVote")),
            ...errors,
          },
        },
      },
      "/cities/{locationKey}/matters": {
        get: {
          operationId: "listMatters",
          summary: "List a city's matters",
          description:
            "The matters of the city's record (bills, resolutions, appeals…) that have a file number, newest introduced first (those without an intro date last), a page at a time. Empty for a city without a record.",
          tags: ["record"],
          parameters: [
            cityKeyParameter("path", true),
            textFilter("status", 'Only matters with this status, as the record names it ("Adopted").'),
            textFilter("type", 'Only matters of this type, as the record names it ("Ordinance").'),
            cursorParameter,
            limitParameter("Matters", 1),
          ],
          responses: {
            "200": ok("One page of matters.", page("matters", "MatterSummary")),
            ...errors,
          },
        },
      },
      "/cities/{locationKey}/matters/{file}": {
        get: {
          operationId: "getMatter",
          summary: "One matter",
          description:
            "A matter by its file number (percent-encoded: a space as %20, a slash as %2F): its sponsors, attachments, and every action in every body in date order with its votes person by person and, once the meeting's video is matched, the second it takes the item up.",
          tags: ["record"],
          parameters: [
            cityKeyParameter("path", true),
            {
              name: "file",
              in: "path",
              required: true,
              description: "The matter's file number, as the clerk wrote it.",
              schema: { type: "string", minLength: 1, maxLength: 64 },
              example: EXAMPLES.matterFile,
            },
          ],
          responses: {
            "200": ok("The matter.", object({ matter: ref("MatterDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/cities/{locationKey}/events": {
        get: {
          operationId: "listEvents",
          summary: "List a city's events",
          description:
            "The meetings of the city's record, past and upcoming, newest first (or oldest first), in the order of their days and times, a page at a time; `from` and `to` keep those between two of the city's local days. Events without a day come last. Empty for a city without a record.",
          tags: ["record"],
          parameters: [
            cityKeyParameter("path", true),
            {
              name: "from",
              in: "query",
              required: false,
              description: "The first day (YYYY-MM-DD, the city's local day), included.",
              schema: { type: "string", format: "date" },
              example: "2026-08-01",
            },
            {
              name: "to",
              in: "query",
              required: false,
              description: "The last day (YYYY-MM-DD), included.",
              schema: { type: "string", format: "date" },
              example: "2026-08-31",
            },
            {
              name: "order",
              in: "query",
              required: false,
              description: "newest (the default) or oldest first.",
              schema: { type: "string", enum: ["newest", "oldest"], default: "newest" },
              example: "",
            },
            cursorParameter,
            limitParameter("Events", 5),
          ],
          responses: {
            "200": ok("One page of events.", page("events", "EventSummary")),
            ...errors,
          },
        },
      },
      "/cities/{locationKey}/events/{eventId}": {
        get: {
          operationId: "getEvent",
          summary: "One event with its agenda",
          description:
            "An event of the city's record with its agenda items: number, title, matter, the official action, tally and passed flag, and the second the video takes the item up when known (from the record's video index, or found in the transcript).",
          tags: ["record"],
          parameters: [
            cityKeyParameter("path", true),
            pathId("eventId", "The event's id in the city's Legistar record (EventId).", EXAMPLES.eventId),
          ],
          responses: {
            "200": ok("The event.", object({ event: ref("EventDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/meetings": {
        get: {
          operationId: "listMeetings",
          summary: "List meetings, newest first",
          description:
            "Meetings of Live cities, newest first (meetings without a date last), a page at a time. Pass `nextCursor` as `cursor` for the next page; it is null on the last one.",
          tags: ["meetings"],
          parameters: [cityKeyParameter("query", false), cursorParameter, limitParameter("Meetings", 2)],
          responses: {
            "200": ok("One page of meetings.", page("meetings", "MeetingSummary")),
            ...errors,
          },
        },
      },
      "/meetings/{meetingId}": {
        get: {
          operationId: "getMeeting",
          summary: "One meeting in full",
          description: "A meeting of a Live city with its decisions, transcript segments, analysis and story.",
          tags: ["meetings"],
          parameters: [
            {
              name: "meetingId",
              in: "path",
              required: true,
              description: "The meeting's id (from a list, a search or a page's address).",
              schema: { type: "string", format: "uuid" },
              example: EXAMPLES.meetingId,
            },
          ],
          responses: {
            "200": ok("The meeting.", object({ meeting: ref("MeetingDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/search": {
        get: {
          operationId: "search",
          summary: "Search meetings",
          description:
            'The site\'s own search: words, a "phrase", `or`, and `-word` to exclude. Each hit links to the second its passage was said. Up to 50 hits, best first, or newest first when many meetings match (`order`).',
          tags: ["search"],
          parameters: [
            {
              name: "q",
              in: "query",
              required: true,
              description: "What to search for (up to 200 characters).",
              schema: { type: "string", minLength: 1, maxLength: 200 },
              example: EXAMPLES.q,
            },
            cityKeyParameter("query", false),
          ],
          responses: {
            "200": ok(
              "The hits.",
              object({
                query: string(),
                city: nullable("string"),
                order: { enum: ["relevance", "newest"] },
                results: { type: "array", items: ref("SearchHit") },
              }),
            ),
            ...errors,
          },
        },
      },
      "/issues": {
        get: {
          operationId: "listIssues",
          summary: "List the tracked issues",
          description: "Issues followed across meetings in Live cities.",
          tags: ["issues"],
          parameters: [],
          responses: {
            "200": ok("The issues.", object({ issues: { type: "array", items: ref("Issue") } })),
            "429": errors["429"],
          },
        },
      },
      "/issues/{issueKey}": {
        get: {
          operationId: "getIssue",
          summary: "One tracked issue",
          description:
            "An issue with its stored AI summary and the meetings that discussed it (the site's search with the issue's query in its cities), newest first.",
          tags: ["issues"],
          parameters: [
            {
              name: "issueKey",
              in: "path",
              required: true,
              description: "The issue's key, as in its page's address.",
              schema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
              example: EXAMPLES.issueKey,
            },
          ],
          responses: {
            "200": ok("The issue.", object({ issue: ref("IssueDetail") })),
            "404": errors["404"],
            "429": errors["429"],
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApi",
          summary: "This document",
          description: "The OpenAPI 3.1 description of this API.",
          tags: ["meta"],
          parameters: [],
          responses: {
            "200": ok(
              "This document.",
              object({
                openapi: { type: "string" },
                info: { type: "object" },
                servers: { type: "array" },
                tags: { type: "array" },
                paths: { type: "object" },
                components: { type: "object" },
              }),
            ),
            "429": errors["429"],
          },
        },
      },
    },
    components: {
      schemas: { ...SCHEMAS, ...RECORD_SCHEMAS },
      headers: {
        ETag: {
          description: "Send it back in If-None-Match: 304 while the answer is unchanged.",
          schema: { type: "string" },
        },
      },
      responses: {
        BadRequest: problemResponse("A parameter is missing or not valid."),
        NotFound: problemResponse(
          "No Live city, meeting or issue has that key or id, or the city's record has no such person, matter or event.",
        ),
        TooManyRequests: {
          ...problemResponse("Too many requests from this address."),
          headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
        },
      },
    },
  };
}
