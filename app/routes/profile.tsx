import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, data, useNavigation } from "react-router";
import { useState } from "react";
import { Button, SelectField } from "~/components/forms/fields";
import { HomeCitySchema } from "~/lib/auth/profile-form";
import { PageShell } from "~/components/layout/page-shell";
import { getCurrentUser, requireUser } from "~/lib/auth/session.server";
import { setHomeCity } from "~/lib/auth/users.server";
import { listLiveCities } from "~/lib/cities/cities.server";
import { PRODUCT_NAME } from "~/lib/constants";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { DeleteAccountDialog } from "~/components/privacy/delete-account";
import { adminCount, LAST_ADMIN_MESSAGE } from "~/lib/privacy/account.server";
import { deleteAccountSchema } from "~/lib/privacy/delete-account-form";
import { AlertsSection } from "~/components/alerts/alerts-list";
import { listSavedSearches } from "~/lib/alerts/alerts.server";
import { appUrl } from "~/lib/env/env.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: `Profile | ${PRODUCT_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return data({ user: null, cities: [], deletion: null, alerts: [], appUrl: "" }, { status: 401 });
  const [cities, alerts] = await Promise.all([listLiveCities(), listSavedSearches(user.id)]);
  const lastAdmin = user.isAdmin && (await adminCount()) <= 1;
  return {
    user: {
      id: user.id,
      email: user.email,
      roleLabel: user.isAdmin ? "Administrator" : "Member",
      homeCityKey: user.homeCityKey,
    },
    cities: cities.map((c) => ({ value: c.locationKey, label: `${c.name}, ${c.state}` })),
    deletion: {
      lastAdminMessage: lastAdmin ? LAST_ADMIN_MESSAGE : null,
      constraint: getZodConstraint(deleteAccountSchema()),
    },
    alerts,
    appUrl: appUrl(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: HomeCitySchema });
  const updated =
    submission.status === "success" ? await setHomeCity(user.id, submission.value.homeCity).catch(() => false) : false;
  return redirectWithToast(
    href("/profile"),
    updated
      ? { type: "success", title: "Home city updated successfully" }
      : { type: "error", title: "Failed to update home city" },
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, cities, deletion, alerts, appUrl } = loaderData;
  if (!user || !deletion) {
    return (
      <PageShell narrow>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Access Denied - Please sign in to view your profile.
        </p>
        <Link
          to={`${href("/auth")}?redirectTo=${href("/profile")}`}
          className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </PageShell>
    );
  }
  const initials = user.email.slice(0, 2).toUpperCase();
  return (
    <PageShell narrow>
      <div className="flex items-center gap-4">
        <span
          aria-hidden
          className="grid size-14 place-items-center rounded-full bg-brand-600 text-xl font-bold text-white"
        >
          {initials}
        </span>
        <div>
          <h1 className="text-2xl font-bold">Your profile</h1>
          <p className="text-slate-600">{user.email}</p>
        </div>
      </div>
      <dl className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">User ID</dt>
          <dd className="mt-1 font-mono text-sm break-all">{user.id}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Role</dt>
          <dd className="mt-1 font-semibold">{user.roleLabel}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-500">Home city</dt>
          <dd className="mt-1">{cities.find((c) => c.value === user.homeCityKey)?.label ?? "Not set"}</dd>
        </div>
      </dl>
      <HomeCityForm cities={cities} current={user.homeCityKey} />
      <AlertsSection alerts={alerts} appUrl={appUrl} />
      <section aria-labelledby="your-data" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="your-data" className="text-lg font-semibold">
          Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Download everything we keep about you as a JSON file, or delete your account. See the{" "}
          <Link to={href("/privacy")} className="font-semibold text-brand-700 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={href("/profile/export")}
            download
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
          >
            Download my data
          </a>
          <DeleteAccountDialog
            email={user.email}
            constraint={deletion.constraint}
            lastAdminMessage={deletion.lastAdminMessage}
          />
        </div>
      </section>
    </PageShell>
  );
}

function HomeCityForm({
  cities,
  current,
}: {
  cities: Array<{ value: string; label: string }>;
  current: string | null;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState("");
  const saving = useNavigation().state === "submitting";
  // The answer is always a toast after a redirect, so no field shows an error.
  return (
    <Form
      method="post"
      id="home-city"
      noValidate
      className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-end"
    >
      <SelectField
        className="flex-1"
        label="Change home city"
        name="homeCity"
        placeholder="Select a city"
        options={cities.filter((c) => c.value !== current)}
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
      />
      <Button disabled={saving || (hydrated && !chosen)}>Update Home City</Button>
    </Form>
  );
}
