/**
 * /admin/content-management?cityId=…&sourceUrlId=…&meetingId=…: one source
 * of a city, its videos, and the Details, Transcript, Analysis and Story of
 * the selected one (docs/product.md#routes-admin). Without a selection it
 * lists the cities' sources to choose from. Read only; links all the way,
 * so it works without JavaScript. The screen is
 * app/components/content-management/.
 */
import { ContentManagementScreen, sourceName, untitled } from "~/components/content-management/screen";
import { data } from "react-router";
import type { AdminHandle, Crumb } from "~/components/admin/breadcrumbs";
import { requireAdmin } from "~/lib/auth/session.server";
import { readCaptionState } from "~/lib/captions/state.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { recordDisagreements } from "~/lib/legistar/record-decisions.server";
import { loadContentPage } from "~/lib/sources/content.server";
import { contentManagementHref } from "~/lib/sources/links";
import type { Route } from "./+types/content-management";

export const meta: Route.MetaFunction = () => [{ title: `Content Management | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = await loadContentPage({
    cityId: params.get("cityId"),
    sourceUrlId: params.get("sourceUrlId"),
    meetingId: params.get("meetingId"),
  });
  const video = page.kind === "source" ? page.video : null;
  const [captions, record] = video
    ? await Promise.all([readCaptionState(video.id), recordDisagreements(video.id)])
    : [null, null];
  const notFound =
    page.kind === "city-not-found" ||
    page.kind === "source-not-found" ||
    (page.kind === "source" && page.meetingId !== null && page.video === null);
  return data({ ...page, captions, record }, { status: notFound ? 404 : 200 });
}

type PageData = Awaited<ReturnType<typeof loader>>["data"];

export const handle: AdminHandle<PageData> = {
  breadcrumb: (page) => {
    const crumbs: Crumb[] = [{ label: "Content Management", to: contentManagementHref() }];
    if (page?.kind !== "source") return crumbs;
    const at = { cityId: page.city.id, sourceUrlId: page.source.id };
    crumbs.push({ label: `${page.city.name} · ${sourceName(page.source)}`, to: contentManagementHref(at) });
    if (page.video) crumbs.push({ label: untitled(page.video.title) });
    return crumbs;
  },
};

export default function ContentManagement() {
  return <ContentManagementScreen />;
}
