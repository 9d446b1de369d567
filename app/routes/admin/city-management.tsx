/**
 * /admin/city-management: pick or create a city, edit its details, its
 * source URLs and the videos of a source (docs/product.md, admin back
 * office). The selection and the modes live in the query (?city=…&url=…,
 * &edit=city|url:<id>|video:<id>, &add=1, &create=1, &confirm=…), so every
 * state can be bookmarked and works without JavaScript; with JavaScript the
 * forms post through fetchers and the page updates in place. The screen is
 * app/components/city-management/, the data and intents
 * app/lib/cities/city-management.server.ts.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AdminHandle } from "~/components/admin/breadcrumbs";
import { CityManagementScreen } from "~/components/city-management/screen";
import { FORM_KEY } from "~/components/city-management/page-fetcher";
import { requireAdmin } from "~/lib/auth/session.server";
import { CityHasContentError, LocationKeyTakenError } from "~/lib/cities/admin.server";
import { CityManagementSchema, type CityManagementIntent } from "~/lib/cities/city-management-forms";
import { loadCityManagement, NotFound, OUTCOME, performCityManagement } from "~/lib/cities/city-management.server";
import { PRODUCT_NAME } from "~/lib/constants";
import type { ToastInput } from "~/lib/toast/toast";
import { dataWithToast } from "~/lib/toast/toast.server";
import type { Route } from "./+types/city-management";

export const meta: Route.MetaFunction = () => [{ title: `City Management | ${PRODUCT_NAME}` }];

export const handle: AdminHandle = { breadcrumb: "City Management" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCityManagement(request);
}

/** Refused input: the first field message, or the spec's own words for the create-city form. */
function refusal(intent: string, fieldErrors: Record<string, string[] | null> | undefined): ToastInput {
  if (intent === "create-city")
    return { type: "error", title: "Please fill in required fields", description: "Name and county are required" };
  const first = Object.values(fieldErrors ?? {})
    .flat()
    .find(Boolean);
  if (intent === "refresh-videos" && first === "URL is required to refresh videos")
    return { type: "error", title: first };
  const outcome = OUTCOME[intent as CityManagementIntent["intent"]];
  return {
    type: "error",
    title: outcome?.failed ?? "That request could not be understood.",
    description: first ?? undefined,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const formData = await request.formData();
  const form = String(formData.get(FORM_KEY) ?? "");
  const submission = parseWithZod(formData, { schema: CityManagementSchema });
  if (submission.status !== "success") {
    // A Legistar token typed into a refused form is not sent back.
    const reply = submission.reply({ hideFields: ["token"] });
    const toast = refusal(String(formData.get("intent") ?? ""), reply.error ?? undefined);
    return dataWithToast({ form, result: reply }, toast, { status: 400 });
  }
  const posted = submission.value;
  const { failed } = OUTCOME[posted.intent];
  try {
    return await performCityManagement(posted, user.id);
  } catch (error) {
    if (error instanceof LocationKeyTakenError) {
      const result = submission.reply({ fieldErrors: { locationKey: [error.message] } });
      return dataWithToast(
        { form, result },
        { type: "error", title: failed, description: error.message },
        { status: 409 },
      );
    }
    if (error instanceof CityHasContentError)
      return dataWithToast(
        { form, result: null },
        { type: "error", title: failed, description: error.message },
        { status: 409 },
      );
    const notFound = error instanceof NotFound;
    if (!notFound) console.error(`City management: ${posted.intent} failed:`, error);
    const description = error instanceof Error ? error.message : "Please try again.";
    return dataWithToast(
      { result: null },
      { type: "error", title: failed, description },
      { status: notFound ? 404 : 500 },
    );
  }
}

export default function CityManagement({ loaderData }: Route.ComponentProps) {
  return <CityManagementScreen data={loaderData} />;
}
