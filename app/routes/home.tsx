import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Main } from "~/components/layout/main";
import { useState } from "react";
import { data, Form, href, Link, redirect, useLocation, useNavigate, useSearchParams } from "react-router";
import { RequestCityDialog } from "~/components/city/request-city-dialog";
import { Button, SelectField } from "~/components/forms/fields";
import { TopBar } from "~/components/layout/top-bar";
import { CompassIcon, MegaphoneIcon, SearchIcon } from "~/components/ui/icons";
import { getCurrentUser } from "~/lib/auth/session.server";
import { listLiveCities } from "~/lib/cities/cities.server";
import {
  CITY_REQUEST_FAILED,
  CITY_REQUEST_RATE_LIMIT,
  CITY_REQUEST_RECEIVED,
  cityRequestRateLimitedMessage,
  CityRequestSchema,
} from "~/lib/cities/city-request";
import { createCityRequest } from "~/lib/cities/city-requests.server";
import { hitRateLimit } from "~/lib/auth/rate-limit.server";
import { clientIp } from "~/lib/http/client-ip.server";
import { isHoneypotFilled } from "~/lib/http/honeypot";
import { dataWithToast, redirectWithToast } from "~/lib/toast/toast.server";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { cacheHeaders, publicPageHeaders } from "~/lib/http/cache.server";
import { useT } from "~/components/hooks/use-t";
import { messagesFor, translate } from "~/lib/i18n/catalogs.server";
import { requestLocale } from "~/lib/i18n/locale.server";
import type { MessageId } from "~/lib/i18n/catalogs/en";
import type { Route } from "./+types/home";

const OTHER = "other";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title ?? "Gavel | Democracy Made Accessible" },
  { name: "description", content: loaderData?.meta.description },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  // A member lands on their home city; the picker and the request form stay reachable.
  if (user?.homeCityKey && url.search === "")
    throw redirect(href("/city/:locationKey", { locationKey: user.homeCityKey }));
  const chosen = url.searchParams.get("city");
  if (chosen === OTHER) throw redirect(`${href("/")}?request-city#request-city`);
  const cities = await listLiveCities();
  const city = cities.find((c) => c.locationKey === chosen);
  if (city) throw redirect(href("/city/:locationKey", { locationKey: city.locationKey }));
  const locale = requestLocale(request, user?.locale);
  return data(
    {
      messages: messagesFor(locale, ["home"]),
      meta: { title: translate(locale, "home.meta.title"), description: translate(locale, "home.meta.description") },
      cities: cities.map(({ name, locationKey, state }) => ({ name, locationKey, state })),
      requestCityOpen: url.searchParams.has("request-city"),
      requestCityConstraint: getZodConstraint(CityRequestSchema),
    },
    { headers: cacheHeaders(user) },
  );
}

export const headers = publicPageHeaders;

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (isHoneypotFilled(formData)) return redirectWithToast(href("/"), CITY_REQUEST_RECEIVED);
  const submission = parseWithZod(formData, { schema: CityRequestSchema });
  if (submission.status !== "success") return { result: submission.reply(), toast: null };
  const limit = await hitRateLimit(`city-request:ip:${clientIp(request)}`, CITY_REQUEST_RATE_LIMIT);
  if (!limit.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: [cityRequestRateLimitedMessage(limit.retryAfterSeconds)] }),
        toast: null,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  try {
    await createCityRequest(submission.value);
  } catch (error) {
    console.error("Saving a city request failed:", error);
    return dataWithToast({ result: submission.reply() }, CITY_REQUEST_FAILED, { status: 500 });
  }
  return redirectWithToast(href("/"), CITY_REQUEST_RECEIVED);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { cities, requestCityOpen, requestCityConstraint } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const location = useLocation();
  // Opened by choosing Other at this location; any navigation after it (a
  // request that went through redirects back here) closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const dialogOpen = openedAt === location.key;
  const showDialog = dialogOpen || requestCityOpen || Boolean(actionData?.result.error);

  function closeDialog() {
    setOpenedAt(null);
    if (requestCityOpen) setSearchParams({}, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <TopBar />
      <Main>
        <Hero cities={cities} onRequestCity={() => setOpenedAt(location.key)} />
        {/* A new key after each completed request gives an empty form. */}
        <RequestCityDialog
          key={actionData ? "request-city" : location.key}
          open={showDialog}
          onClose={closeDialog}
          constraint={requestCityConstraint}
          lastResult={actionData?.result}
        />
        <Features />
        <CallToAction />
      </Main>
    </>
  );
}

type CityChoice = { name: string; locationKey: string; state: string };

function Hero({ cities, onRequestCity }: { cities: CityChoice[]; onRequestCity: () => void }) {
  const t = useT();
  return (
    <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-amber-700 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t("home.hero.title")}</h1>
          <p className="mt-4 max-w-prose text-lg">{t("home.hero.text")}</p>
        </div>
        <CityPicker cities={cities} onRequestCity={onRequestCity} />
      </div>
    </section>
  );
}

function CityPicker({ cities, onRequestCity }: { cities: CityChoice[]; onRequestCity: () => void }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [selected, setSelected] = useState("");
  const t = useT();
  const options = [
    ...cities.map((city) => ({ value: city.locationKey, label: city.name })),
    { value: OTHER, label: t("home.picker.other") },
  ];
  return (
    <Form
      method="get"
      action={href("/")}
      className="self-center rounded-xl bg-white p-6 text-slate-900 shadow-xl"
      onSubmit={(event) => {
        if (!selected || selected === OTHER) return;
        event.preventDefault();
        void navigate(href("/city/:locationKey", { locationKey: selected }));
      }}
    >
      <h2 className="text-lg font-semibold">{t("home.picker.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("home.picker.text")}</p>
      <SelectField
        className="mt-4"
        label={t("home.picker.label")}
        name="city"
        placeholder={t("home.picker.placeholder")}
        options={options}
        value={selected}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value === OTHER) {
            setSelected("");
            onRequestCity();
          } else {
            setSelected(value);
          }
        }}
      />
      <Button className="mt-4 w-full" disabled={hydrated && !selected}>
        {t("home.picker.go")}
      </Button>
      {cities.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t("home.picker.none")}</p> : null}
    </Form>
  );
}

const FEATURES: { title: MessageId; Icon: typeof SearchIcon; text: MessageId }[] = [
  { title: "home.features.transparency", Icon: SearchIcon, text: "home.features.transparencyText" },
  { title: "home.features.engagement", Icon: MegaphoneIcon, text: "home.features.engagementText" },
  { title: "home.features.discovery", Icon: CompassIcon, text: "home.features.discoveryText" },
];

function Features() {
  const t = useT();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="features-title" className="text-center text-3xl font-bold">
        {t("home.features.title")}
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="grid size-12 place-items-center rounded-lg bg-brand-50 text-brand-700">
              <feature.Icon className="size-7" />
            </span>
            <h3 className="mt-3 text-xl font-semibold">{t(feature.title)}</h3>
            <p className="mt-2 text-slate-600">{t(feature.text)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

function CallToAction() {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4">
      <div className="rounded-2xl bg-slate-900 px-6 py-12 text-center text-white [--focus-ring:white]">
        <h2 className="text-2xl font-bold sm:text-3xl">{t("home.cta.title")}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-200">{t("home.cta.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="#main" className="rounded-md bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
            {t("home.cta.choose")}
          </a>
          <Link
            to={href("/about")}
            className="rounded-md border border-white/40 px-4 py-2 font-semibold hover:bg-white/10"
          >
            {t("home.cta.how")}
          </Link>
        </div>
      </div>
    </section>
  );
}
