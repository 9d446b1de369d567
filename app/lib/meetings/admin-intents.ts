/**
 * The admin buttons on public meeting pages post one of these intents, each
 * with the meeting's id. The forms need only the names; the schemas the
 * actions parse are in admin-intent-schemas.ts, so that the public pages'
 * JavaScript does not carry a validator for buttons (decision record 5).
 */

export const FETCH_TRANSCRIPT = "fetch-transcript";
export const RE_ANALYZE = "re-analyze";
export const REWRITE_STORY = "rewrite-story";
export const REGENERATE_STORY = "regenerate-story";

/** The longest rewrite instructions an admin may give. */
export const MAX_REWRITE_INSTRUCTIONS = 2000;
