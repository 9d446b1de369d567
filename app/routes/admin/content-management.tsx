/**
 * /admin/content-management?cityId=…&sourceUrlId=…&meetingId=…: one source
 * of a city, its videos, and the Details, Transcript, Analysis and Story of
 * the selected one (docs/product.md#routes-admin). Without a selection it
 * lists the cities' sources to choose from. Links all the way, so it works
 * without JavaScript; its one action is the selected video's Legistar event,
 * which an admin links or unlinks (docs/decisions/0080). The screen is
 * app/components/content-management/.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { ContentManagementScreen, sourceName, untitled } from "~/components/content-management/screen";
import { data } from "react-router";
import type { AdminHandle, Crumb } from "~/components/admin/breadcrumbs";
import { requireAdmin } from "~/lib/auth/session.server";
import { readCaptionState } from "~/lib/captions/state.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { recordDisagreements } from "~/lib/legistar/record-decisions.server";
import { EVENT_LINK_MESSAGES } from "~/lib/legistar/event-link";
import { EventLinkFormSchema } from "~/lib/legistar/event-link-form";
import { linkEventByAdmin, meetingEventLink, unlinkEventByAdmin } from "~/lib/legistar/event-link.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
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
  const [captions, record, eventLink] = video
    ? await Promise.all([readCaptionState(video.id), recordDisagreements(video.id), meetingEventLink(video.id)])
    : [null, null, null];
  const notFound =
    page.kind === "city-not-found" ||
    page.kind === "source-not-found" ||
    (page.kind === "source" && page.meetingId !== null && page.video === null);
  return data({ ...page, captions, record, eventLink }, { status: notFound ? 404 : 200 });
}

/** Links the selected video to another Legistar event of its city, or unlinks it; back to the video's Details. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const meetingId = url.searchParams.get("meetingId") ?? "";
  const submission = parseWithZod(await request.formData(), { schema: EventLinkFormSchema });
  if (submission.status !== "success")
    return dataWithToast(
      { result: submission.reply() },
      { type: "error", title: EVENT_LINK_MESSAGES.failed, description: EVENT_LINK_MESSAGES.unknownEvent },
      { status: 400 },
    );
  const posted = submission.value;
  const outcome =
    posted.intent === "link-event"
      ? await linkEventByAdmin(meetingId, posted.eventId)
      : await unlinkEventByAdmin(meetingId);
  if (outcome === "not-found") throw data({ message: "No video details found" }, { status: 404 });
  if (outcome === "unknown-event" || outcome === "not-linked") {
    const description = outcome === "unknown-event" ? EVENT_LINK_MESSAGES.unknownEvent : EVENT_LINK_MESSAGES.notLinked;
    return dataWithToast(
      { result: submission.reply({ formErrors: [description] }) },
      { type: "error", title: EVENT_LINK_MESSAGES.failed, description },
      { status: 422 },
    );
  }
  // The page's own address, not the request's (with JavaScript the post goes to its `.data` twin).
  const params = url.searchParams;
  const back = `${contentManagementHref({ cityId: params.get("cityId"), sourceUrlId: params.get("sourceUrlId"), meetingId })}#details`;
  return outcome === "linked"
    ? redirectWithToast(back, { type: "success", title: EVENT_LINK_MESSAGES.linked })
    : redirectWithToast(back, {
        type: "success",
        title: EVENT_LINK_MESSAGES.unlinked,
        description: EVENT_LINK_MESSAGES.unlinkedText,
      });
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
