import { requireUser } from "~/lib/auth/session.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/http/cache.server";
import { exportAccountData } from "~/lib/privacy/account.server";
import type { Route } from "./+types/export";

/**
 * GET /profile/export: the signed-in member's data as a JSON download
 * (docs/decisions/0038-privacy-promises.md). The member is the session's,
 * so nobody can ask for another's; a visitor is sent to sign in first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const exported = await exportAccountData(user.id);
  if (!exported) throw new Response("Not Found", { status: 404 });
  const day = exported.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="gavel-my-data-${day}.json"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
