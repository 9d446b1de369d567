/** The open API's limits, shared by the server and its documentation. */

/** Requests per address and window; a shared address (an office, a school) gets the same. */
export const API_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
