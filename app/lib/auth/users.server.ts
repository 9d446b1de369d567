import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { cities, passwords, profiles, userRoles, users } from "~/lib/db/schema";
import type { Locale } from "~/lib/i18n/locales";

export const ADMIN_ROLE = "admin";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string) {
  const [user] = await getDb()
    .select({
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      passwordHash: passwords.hash,
    })
    .from(users)
    .leftJoin(passwords, eq(passwords.userId, users.id))
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user ?? null;
}

/** Creates the user and their profile; the home city is optional. */
export async function createUser(input: {
  email: string;
  passwordHash?: string;
  emailConfirmed: boolean;
  homeCityKey?: string | null;
}) {
  return getDb()
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: normalizeEmail(input.email), emailConfirmedAt: input.emailConfirmed ? new Date() : null })
        .returning({ id: users.id, email: users.email });
      if (!user) throw new Error("Creating the user returned no row");
      if (input.passwordHash) await tx.insert(passwords).values({ userId: user.id, hash: input.passwordHash });
      await tx.insert(profiles).values({ id: user.id });
      return user;
    })
    .then(async (user) => {
      if (input.homeCityKey) await setHomeCity(user.id, input.homeCityKey);
      return user;
    });
}

/**
 * Confirms an address proved by a sign-in code. A password set on an account
 * that was never confirmed was chosen by whoever signed up, not necessarily
 * the address's owner, so it is dropped (docs/decisions/0013-auth-hardening.md).
 */
export async function confirmEmailByCode(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [confirming] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    if (confirming) await tx.delete(passwords).where(eq(passwords.userId, userId));
  });
}

export async function confirmEmail(userId: string): Promise<void> {
  await getDb()
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Keeps the member's choice of language for the site (app/lib/i18n). */
export async function setLocale(userId: string, locale: Locale): Promise<void> {
  await getDb().update(users).set({ locale }).where(eq(users.id, userId));
}

/**
 * Sets the profile's home city: `home_city_key` and, merged into the
 * preferences, `home_city_id`. Returns false when no such city exists.
 */
export async function setHomeCity(userId: string, locationKey: string): Promise<boolean> {
  const [city] = await getDb()
    .select({ id: cities.id, locationKey: cities.locationKey })
    .from(cities)
    .where(eq(cities.locationKey, locationKey))
    .limit(1);
  if (!city) return false;
  const updated = await getDb()
    .update(profiles)
    .set({
      homeCityKey: city.locationKey,
      preferences: sql`${profiles.preferences} || jsonb_build_object('home_city_id', ${city.id}::text)`,
    })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return updated.length > 0;
}

export async function grantRole(email: string, role: string): Promise<boolean> {
  const user = await findUserByEmail(email);
  if (!user) return false;
  await getDb().insert(userRoles).values({ userId: user.id, role }).onConflictDoNothing();
  return true;
}

export async function revokeRole(email: string, role: string): Promise<boolean> {
  const user = await findUserByEmail(email);
  if (!user) return false;
  await getDb()
    .delete(userRoles)
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, role)));
  return true;
}
