/**
 * /city/{locationKey}/matters/{file}: one matter of the city's official
 * record by its file number, percent-encoded (docs/decisions/0076-bills-and-calendars.md):
 * its title, type, status and dates, sponsors, attachments, and every
 * action in every body with its votes and the meeting's moment; its Atom
 * feed. A malformed or unknown file number is a 404. POST: "Follow this
 * bill" (or stop), for a signed-in member; a visitor is sent to sign in
 * and back; a matter of another city or an unknown file is a 404.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { MatterScreen } from "~/components/matter/matter-screen";
import { followMatter, isFollowing, unfollowMatter } from "~/lib/alerts/matter-follows.server";
import { FOLLOW_TOASTS, FollowIntentSchema } from "~/lib/alerts/matter-forms";
import { getCurrentUser, requireUser } from "~/lib/auth/session.server";
import { cityFromContext } from "~/lib/cities/city-context.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { pageMeta } from "~/lib/document/meta";
import { appUrl } from "~/lib/env/env.server";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { MATTER_NOT_FOUND, matterFeedHref, matterHref, parseMatterFile } from "~/lib/legistar/matters";
import { getMatter } from "~/lib/legistar/matters.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { CityRouteHandle } from "./city";
import type { Route } from "./+types/matter";

export const handle: CityRouteHandle = { cityHeader: "compact" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const city = await cityFromContext(context, params.locationKey);
  const file = parseMatterFile(params.file);
  const matter = file === null ? null : await getMatter(city.id, file);
  if (!matter) throw data(MATTER_NOT_FOUND, { status: 404 });
  const user = await getCurrentUser(request);
  const following = user ? await isFollowing(user.id, city.id, matter.id) : false;
  const path = matterHref(city.locationKey, matter.file);
  const name = matter.title ? `${matter.file}: ${matter.title}` : matter.file;
  return data(
    {
      city: { name: city.name, locationKey: city.locationKey },
      matter,
      path,
      following,
      feedPath: matterFeedHref(city.locationKey, matter.file),
      meta: {
        tags: pageMeta({
          title: `${matter.file} — ${city.name} | ${PRODUCT_NAME}`,
          description: `${name}: its sponsors, documents and every action taken on it in ${city.name}'s official record.`,
          canonicalUrl: `${appUrl()}${path}`,
        }),
        feedUrl: `${appUrl()}${matterFeedHref(city.locationKey, matter.file)}`,
      },
    },
    { headers: cacheHeaders(user) },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const city = await cityFromContext(context, params.locationKey);
  const file = parseMatterFile(params.file);
  const submission = parseWithZod(await request.formData(), { schema: FollowIntentSchema });
  if (file === null) throw data(MATTER_NOT_FOUND, { status: 404 });
  if (submission.status !== "success") throw data("Follow or unfollow: nothing else.", { status: 400 });
  const { intent } = submission.value;
  const result =
    intent === "follow" ? await followMatter(user.id, city.id, file) : await unfollowMatter(user.id, city.id, file);
  if (!result.ok) throw data(MATTER_NOT_FOUND, { status: 404 });
  return redirectWithToast(matterHref(city.locationKey, file), FOLLOW_TOASTS[intent]);
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...loaderData.meta.tags,
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: `${loaderData.matter.file}: actions (Atom)`,
          href: loaderData.meta.feedUrl,
        },
      ]
    : [{ title: `Matter Not Found | ${PRODUCT_NAME}` }];

export default function Matter({ loaderData }: Route.ComponentProps) {
  return <MatterScreen {...loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorMessage {...MATTER_NOT_FOUND} /> }} />;
}
