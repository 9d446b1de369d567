/** The problems the API answers, by their `type`'s fragment on the /api page (#problem-<kind>). */
export const PROBLEMS = {
  "bad-request": {
    status: 400,
    title: "Bad Request",
    meaning: "A parameter is missing or not valid: q on /search, limit out of range, a cursor the API did not give.",
  },
  "not-found": {
    status: 404,
    title: "Not Found",
    meaning: "No Live city, meeting or issue has that key or id, or there is no endpoint at that address.",
  },
  "too-many-requests": {
    status: 429,
    title: "Too Many Requests",
    meaning: "Too many requests from this address: wait the seconds Retry-After gives.",
  },
  "server-error": {
    status: 500,
    title: "Internal Server Error",
    meaning: "Something failed on our side; try again in a moment.",
  },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;
