import { requireUser } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { listDraft } from "~/lib/desk/draft.server";
import { draftMarkdown, draftPlainText, EXPORT_FORMATS, type ExportFormat } from "~/lib/desk/export";
import { appUrl } from "~/lib/env/env.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/http/cache.server";
import type { Route } from "./+types/export";

/**
 * GET /desk/export?format=markdown|text: the signed-in member's draft as a
 * download, with citations and links to the second. Only the session's own
 * draft; a visitor is sent to sign in first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("format");
  const format: ExportFormat = (EXPORT_FORMATS as readonly string[]).includes(asked ?? "")
    ? (asked as ExportFormat)
    : "markdown";
  const entries = await listDraft(user.id);
  const now = new Date();
  const body = (format === "markdown" ? draftMarkdown : draftPlainText)(entries, appUrl(), now, PRODUCT_NAME);
  const day = now.toISOString().slice(0, 10);
  const extension = format === "markdown" ? "md" : "txt";
  return new Response(body, {
    headers: {
      "Content-Type": `${format === "markdown" ? "text/markdown" : "text/plain"}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="gavel-draft-${day}.${extension}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
