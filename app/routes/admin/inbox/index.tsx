/**
 * /admin/inbox: contact messages and city requests, newest first, by status
 * and page (docs/decisions/0053-admin-inbox.md). The screen is
 * app/components/inbox/inbox-list.tsx.
 */
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { InboxList, type InboxListData } from "~/components/inbox/inbox-list";
import { requireAdmin } from "~/lib/auth/session.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { parseInboxQuery } from "~/lib/inbox/inbox";
import { countNewInInbox, listCityRequests, listContactMessages } from "~/lib/inbox/inbox.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: `Inbox | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "Inbox" };

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function loader({ request }: Route.LoaderArgs): Promise<InboxListData> {
  await requireAdmin(request);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const newCounts = await countNewInInbox();
  if (query.box === "messages") {
    const { rows, ...paging } = await listContactMessages(query);
    return {
      box: "messages",
      query: { ...query, page: paging.page },
      newCounts,
      ...paging,
      rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    };
  }
  const { rows, ...paging } = await listCityRequests(query);
  return {
    box: "requests",
    query: { ...query, page: paging.page },
    newCounts,
    ...paging,
    rows: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      liveNotifiedAt: iso(row.liveNotifiedAt),
    })),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  return <InboxList {...loaderData} />;
}
