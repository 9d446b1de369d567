/**
 * A member's own data: exported as JSON, or deleted with their account
 * (docs/decisions/0038-privacy-promises.md). Both take the user from the
 * server session, never from a form, so nobody can reach another's rows.
 *
 * Rows that name the member by e-mail rather than by id (product feedback,
 * city requests, contact messages, business listings) are theirs when the
 * address matches, compared case-insensitively: the export includes them,
 * the deletion keeps them without the address.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "~/lib/db/client.server";
import {
  businessListings,
  cityRequests,
  contactSubmissions,
  draftQuotes,
  passwords,
  productFeedback,
  profiles,
  rateLimits,
  sessions,
  savedSearches,
  matterFollows,
  userRoles,
  users,
  verificationCodes,
} from "~/lib/db/schema";
import { outboxDir } from "~/lib/email/email.server";
import { ADMIN_ROLE, normalizeEmail } from "~/lib/auth/users.server";
import { BOSS_SCHEMA } from "~/lib/jobs/tables.server";
import { queryRows } from "~/lib/db/rows.server";

function sameAddress(column: AnyPgColumn, email: string): SQL {
  return sql`lower(${column}) = ${normalizeEmail(email)}`;
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/** Everything stored about the member, without secrets (password hash, session ids, code hashes). */
export async function exportAccountData(userId: string) {
  const db = getDb();
  const [account] = await db
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const email = account.email;
  const [profile] = await db
    .select({
      username: profiles.username,
      homeCityKey: profiles.homeCityKey,
      preferences: profiles.preferences,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [password] = await db
    .select({ updatedAt: passwords.updatedAt })
    .from(passwords)
    .where(eq(passwords.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: { ...account, hasPassword: Boolean(password), passwordUpdatedAt: password?.updatedAt ?? null },
    profile: profile ?? null,
    roles: await db
      .select({ role: userRoles.role, grantedAt: userRoles.createdAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(userRoles.role)),
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    // Issue 15: the member's saved searches (alerts), without their unsubscribe and feed tokens.
    savedSearches: await db
      .select({
        query: savedSearches.query,
        cityIds: savedSearches.cityIds,
        body: savedSearches.body,
        frequency: savedSearches.frequency,
        active: savedSearches.active,
        createdAt: savedSearches.createdAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.createdAt)),
    // Issue 29: the bills the member follows (docs/decisions/0076), without their unsubscribe tokens.
    followedBills: await db
      .select({
        cityId: matterFollows.cityId,
        matterLegistarId: matterFollows.matterLegistarId,
        active: matterFollows.active,
        createdAt: matterFollows.createdAt,
      })
      .from(matterFollows)
      .where(eq(matterFollows.userId, userId))
      .orderBy(asc(matterFollows.createdAt)),
    productFeedback: await db
      .select({
        type: productFeedback.feedbackType,
        text: productFeedback.feedbackText,
        pageUrl: productFeedback.pageUrl,
        severity: productFeedback.severity,
        status: productFeedback.status,
        createdAt: productFeedback.createdAt,
      })
      .from(productFeedback)
      .where(sameAddress(productFeedback.userEmail, email))
      .orderBy(asc(productFeedback.createdAt)),
    cityRequests: await db
      .select({ state: cityRequests.state, cityName: cityRequests.cityName, createdAt: cityRequests.createdAt })
      .from(cityRequests)
      .where(sameAddress(cityRequests.email, email))
      .orderBy(asc(cityRequests.createdAt)),
    contactMessages: await db
      .select({
        topic: contactSubmissions.topic,
        phone: contactSubmissions.phone,
        message: contactSubmissions.message,
        createdAt: contactSubmissions.createdAt,
      })
      .from(contactSubmissions)
      .where(sameAddress(contactSubmissions.email, email))
      .orderBy(asc(contactSubmissions.createdAt)),
    businessListings: await db
      .select({
        name: businessListings.name,
        businessKey: businessListings.businessKey,
        listingTier: businessListings.listingTier,
        subscriptionStatus: businessListings.subscriptionStatus,
        createdAt: businessListings.createdAt,
      })
      .from(businessListings)
      .where(sameAddress(businessListings.userEmail, email))
      .orderBy(asc(businessListings.createdAt)),
    draftQuotes: await db
      .select({
        meetingId: draftQuotes.cityVideoId,
        position: draftQuotes.position,
        quote: draftQuotes.quote,
        speaker: draftQuotes.speaker,
        startSeconds: draftQuotes.startSeconds,
        createdAt: draftQuotes.createdAt,
      })
      .from(draftQuotes)
      .where(eq(draftQuotes.userId, userId))
      .orderBy(asc(draftQuotes.position)),
  };
}

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "last-admin" | "not-found" };

export const LAST_ADMIN_MESSAGE =
  "You are the only administrator. Make another account an administrator before you delete yours.";

/**
 * Deletes the member's account in one transaction: the user row (its
 * password, sessions, profile and roles go with it: foreign keys on
 * delete cascade; revisions they wrote keep their text, their author set to
 * null), the codes and rate-limit windows kept for their address, and
 * their address on feedback, city requests, contact messages and business
 * listings, whose content is kept. The last administrator is refused, so
 * that the site is never left without one. Afterwards, the copies of mail
 * sent to them in the outbox are deleted too.
 */
export async function deleteAccount(userId: string): Promise<DeleteAccountResult> {
  const result = await getDb().transaction(async (tx) => {
    // Locks the admins' role rows: two admins deleting at once cannot both pass the check.
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, ADMIN_ROLE))
      .for("update");
    if (admins.length === 1 && admins[0]!.userId === userId) return { ok: false, reason: "last-admin" } as const;

    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return { ok: false, reason: "not-found" } as const;
    const address = normalizeEmail(user.email);

    await tx.update(productFeedback).set({ userEmail: null }).where(sameAddress(productFeedback.userEmail, address));
    await tx.update(cityRequests).set({ email: null }).where(sameAddress(cityRequests.email, address));
    await tx.update(contactSubmissions).set({ email: null }).where(sameAddress(contactSubmissions.email, address));
    await tx.update(businessListings).set({ userEmail: null }).where(sameAddress(businessListings.userEmail, address));
    await tx.delete(verificationCodes).where(sameAddress(verificationCodes.email, address));
    // Keys are `<action>:email:<address>`, `<action>:ip-email:<ip> <address>` and
    // `<action>:device-email:<device> <address>` (app/lib/auth/sign-in.server.ts).
    await tx
      .delete(rateLimits)
      .where(
        sql`right(${rateLimits.key}, ${address.length + 7}) = ${`:email:${address}`} or right(${rateLimits.key}, ${address.length + 1}) = ${` ${address}`}`,
      );
    // Jobs an admin queued name them; the name goes, the job's record stays until the retention clean-up.
    for (const table of ["job", "archive"] as const) {
      const rows = await queryRows<{ present: boolean }>(
        sql`select to_regclass(${`${BOSS_SCHEMA}.${table}`}) is not null as present`,
        tx,
      );
      if (rows[0]?.present)
        await tx.execute(
          sql`update ${sql.identifier(BOSS_SCHEMA)}.${sql.identifier(table)}
              set data = jsonb_set(data, '{requestedBy}', 'null'::jsonb)
              where data->>'requestedBy' = ${userId}`,
        );
    }
    await tx.delete(users).where(eq(users.id, userId));
    return { ok: true, address } as const;
  });
  if (!result.ok) return result;
  await deleteOutboxCopies(result.address).catch((error: unknown) =>
    console.error("Deleting a deleted account's mail copies failed:", error),
  );
  return { ok: true };
}

/** The outbox's copies of mail sent to `address` (file names end in the recipient, see email.server.ts). */
async function deleteOutboxCopies(address: string): Promise<void> {
  const suffix = `-${address.replace(/[^a-z0-9@._-]/gi, "_")}.eml`;
  const names = await fs.readdir(outboxDir()).catch(() => [] as string[]);
  for (const name of names) {
    if (name.toLowerCase().endsWith(suffix)) await fs.rm(path.join(outboxDir(), name), { force: true });
  }
}

/** How many administrators there are (the profile page warns the last one). */
export async function adminCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE));
  return row?.n ?? 0;
}
