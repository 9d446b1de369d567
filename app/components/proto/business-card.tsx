/**
 * A sample business as the prototype presents each tier
 * (docs/product.md): basic shows name, category,
 * address, contact and logo; enhanced adds the photo, description and 3
 * services with '+N more'; premium adds the gradient, every contact method,
 * social media and all services.
 */
import { telephoneHref } from "~/lib/businesses/listing";
import { ENHANCED_SERVICES_SHOWN, visibleServices } from "~/lib/prototypes/directory";
import type { Presentation, SampleBusiness } from "~/lib/prototypes/sample-data";
import { Emoji } from "./frame";

const BADGE: Record<Presentation, string> = { basic: "Basic", enhanced: "Featured", premium: "Premium" };

function Contact({ business, all }: { business: SampleBusiness; all: boolean }) {
  const tel = telephoneHref(business.phone);
  return (
    <ul className="mt-3 space-y-1 text-sm">
      <li>
        <span className="sr-only">Address: </span>
        {business.address}
      </li>
      <li>
        <span className="sr-only">Phone: </span>
        {tel ? (
          <a href={tel} className="underline-offset-2 hover:underline">
            {business.phone}
          </a>
        ) : (
          business.phone
        )}
      </li>
      <li>
        <span className="sr-only">E-mail: </span>
        {business.email}
      </li>
      {all ? (
        <>
          <li>
            <span className="sr-only">Website: </span>
            {business.website}
          </li>
          <li>Facebook · Instagram · Nextdoor</li>
        </>
      ) : null}
    </ul>
  );
}

export function ProtoBusinessCard({
  business,
  presentation,
  headingLevel = 3,
}: {
  business: SampleBusiness;
  presentation: Presentation;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const services = visibleServices(business.services, presentation === "enhanced" ? ENHANCED_SERVICES_SHOWN : null);
  const premium = presentation === "premium";
  return (
    <article
      data-presentation={presentation}
      data-testid="proto-business"
      className={`h-full overflow-hidden rounded-xl border shadow-sm ${
        premium
          ? "border-transparent bg-gradient-to-br from-brand-700 via-teal-600 to-indigo-700 text-white"
          : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      {presentation !== "basic" ? (
        <div className={`flex h-24 items-center justify-center text-5xl ${premium ? "bg-white/10" : "bg-brand-50"}`}>
          <Emoji symbol={business.photo} label={`Photo of ${business.name}`} />
        </div>
      ) : null}
      <div className="p-4">
        <div className="flex items-start gap-3">
          <Emoji
            symbol={business.logo}
            label={`${business.name} logo`}
            className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-2xl ${
              premium ? "bg-white/20" : "bg-slate-100"
            }`}
          />
          <div className="min-w-0 flex-1">
            <Heading className="font-semibold leading-tight">{business.name}</Heading>
            <p className={`text-sm ${premium ? "text-white/85" : "text-slate-600"}`}>{business.category}</p>
          </div>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              premium
                ? "bg-white text-brand-800"
                : presentation === "enhanced"
                  ? "bg-amber-100 text-amber-900"
                  : "bg-slate-100 text-slate-700"
            }`}
          >
            {BADGE[presentation]}
          </span>
        </div>
        {presentation !== "basic" ? (
          <>
            <p className={`mt-2 text-sm italic ${premium ? "text-white/90" : "text-slate-700"}`}>{business.tagline}</p>
            <p className={`mt-2 text-sm ${premium ? "text-white/90" : "text-slate-700"}`}>{business.description}</p>
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Services">
              {services.shown.map((service) => (
                <li
                  key={service}
                  className={`rounded-full px-2 py-0.5 text-xs ${premium ? "bg-white/20" : "bg-slate-100 text-slate-700"}`}
                >
                  {service}
                </li>
              ))}
              {services.more ? (
                <li className="rounded-full px-2 py-0.5 text-xs font-semibold text-brand-700">+{services.more} more</li>
              ) : null}
            </ul>
          </>
        ) : null}
        {premium ? (
          <p className="mt-2 text-xs text-white/80">
            Owner: {business.owner} · Since {business.yearEstablished}
          </p>
        ) : null}
        <Contact business={business} all={premium} />
      </div>
    </article>
  );
}
