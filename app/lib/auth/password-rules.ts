/** Shared by the sign-up form (which states the rule) and the hashing module. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
