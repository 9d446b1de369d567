/** The messages of the tracked-issue admin (/admin/issues): its toasts and errors, in the browser and the action. */
export const ISSUE_CREATED = "Issue created";
export const ISSUE_UPDATED = "Issue saved";
export const ISSUE_DELETED = "Issue deleted";
export const ISSUE_KEY_TAKEN = "Another issue already has this key";
export const ISSUE_NOT_FOUND = "Issue not found";
export const ISSUE_SAVE_FAILED = "The issue could not be saved";
