/**
 * Grant or revoke the admin role:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 *   npm run admin -- list
 */
import { eq } from "drizzle-orm";
import { ADMIN_ROLE, grantRole, revokeRole } from "../app/lib/auth/users.server";
import { closeDatabase, getDb } from "../app/lib/db/client.server";
import { prepareDatabaseOrExit } from "../app/lib/db/startup.server";
import { userRoles, users } from "../app/lib/db/schema";

const [command, email] = process.argv.slice(2);

async function main(): Promise<number> {
  await prepareDatabaseOrExit();
  if (command === "list") {
    const admins = await getDb()
      .select({ email: users.email })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(userRoles.role, ADMIN_ROLE));
    console.log(admins.length ? admins.map((a) => a.email).join("\n") : "No administrators.");
    return 0;
  }
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error("Usage: npm run admin -- grant|revoke EMAIL, or npm run admin -- list");
    return 2;
  }
  const done = command === "grant" ? await grantRole(email, ADMIN_ROLE) : await revokeRole(email, ADMIN_ROLE);
  if (!done) {
    console.error(`No account with the e-mail ${email}. The person must sign up first.`);
    return 1;
  }
  console.log(command === "grant" ? `${email} is now an Administrator.` : `${email} is no longer an Administrator.`);
  return 0;
}

const code = await main();
await closeDatabase();
process.exit(code);
