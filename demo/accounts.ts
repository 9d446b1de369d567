/**
 * Demo accounts: an administrator and a member. No passwords here; sign-in
 * credentials are added by the accounts work.
 */

export type SeedAccount = {
  email: string;
  username: string;
  roles: readonly string[];
  /** The member's home city, by location key. */
  homeCityKey: string | null;
  emailConfirmedAt: Date | null;
  createdAt: Date;
};

export const ADMIN_EMAIL = "admin@gavel.local";
export const MEMBER_EMAIL = "member@gavel.local";

export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  {
    email: ADMIN_EMAIL,
    username: "admin",
    roles: ["admin"],
    homeCityKey: null,
    emailConfirmedAt: new Date("2025-05-01T16:00:00Z"),
    createdAt: new Date("2025-05-01T15:55:00Z"),
  },
  {
    email: MEMBER_EMAIL,
    username: "member",
    roles: [],
    homeCityKey: "alder-creek",
    emailConfirmedAt: new Date("2025-09-20T18:30:00Z"),
    createdAt: new Date("2025-09-20T18:25:00Z"),
  },
];
