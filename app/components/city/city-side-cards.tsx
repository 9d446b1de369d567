import { href, Link } from "react-router";
import type { VideoSource } from "~/lib/meetings/meetings.server";
import { MeetingsChart, type MonthCount } from "./meetings-chart";
import { Card } from "~/components/ui/card";

export type CityAbout = {
  name: string;
  state: string;
  county: string | null;
  description: string | null;
  domain: string | null;
  status: string;
};

export type CityStatistics = {
  totalVideos: number;
  analyzedVideos: number;
  stories: number;
  withTranscript: number;
  firstPublishedLabel: string | null;
  lastPublishedLabel: string | null;
  months: MonthCount[];
};

const CARD_BODY = "text-sm text-slate-700";

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The city's web site as a link; a bare domain gets https://. */
export function domainHref(domain: string): string | null {
  const trimmed = domain.trim();
  if (!trimmed) return null;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(href).toString();
  } catch {
    return null;
  }
}

export function AboutCard({ city }: { city: CityAbout }) {
  const href = city.domain ? domainHref(city.domain) : null;
  return (
    <Card title="About" bodyClassName={CARD_BODY}>
      {city.description ? <p className="leading-relaxed">{city.description}</p> : <p>No description yet.</p>}
      <dl className="mt-3 divide-y divide-slate-100">
        {city.county ? <Fact label="County" value={city.county} /> : null}
        {href ? (
          <Fact
            label="Website"
            value={
              <a href={href} rel="noopener noreferrer" className="text-brand-700 underline hover:text-brand-800">
                {city.domain}
              </a>
            }
          />
        ) : null}
      </dl>
    </Card>
  );
}

export function QuickInfoCard({
  city,
  locationKey,
  sources,
  lastPublishedLabel,
  hasPeople = false,
}: {
  city: CityAbout;
  locationKey: string;
  sources: VideoSource[];
  lastPublishedLabel: string | null;
  /** The city's official record names its members: link their pages. */
  hasPeople?: boolean;
}) {
  return (
    <Card title="Quick Info" bodyClassName={CARD_BODY}>
      <dl className="divide-y divide-slate-100">
        <Fact label="State" value={city.state} />
        {city.county ? <Fact label="County" value={city.county} /> : null}
        <Fact label="Video sources" value={sources.length} />
        <Fact label="Latest meeting" value={lastPublishedLabel ?? "None yet"} />
        <Fact
          label="Followed over time"
          value={
            <Link
              to={href("/city/:locationKey/issues", { locationKey })}
              className="text-brand-700 underline hover:text-brand-800"
            >
              Tracked issues
            </Link>
          }
        />
        {hasPeople ? (
          <Fact
            label="Official record"
            value={
              <Link
                to={href("/city/:locationKey/people", { locationKey })}
                className="text-brand-700 underline hover:text-brand-800"
              >
                People and their votes
              </Link>
            }
          />
        ) : null}
      </dl>
    </Card>
  );
}

export function StatisticsCard({ stats, color }: { stats: CityStatistics; color: string }) {
  return (
    <Card title="Statistics" bodyClassName={CARD_BODY}>
      <dl className="divide-y divide-slate-100">
        <Fact label="Meetings" value={<span data-testid="total-meetings">{stats.totalVideos}</span>} />
        <Fact label="With transcript" value={stats.withTranscript} />
        <Fact label="Analyzed" value={stats.analyzedVideos} />
        <Fact label="News stories" value={stats.stories} />
        {stats.firstPublishedLabel ? <Fact label="Coverage since" value={stats.firstPublishedLabel} /> : null}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">Meetings per month</h3>
      <MeetingsChart months={stats.months} color={color} />
    </Card>
  );
}
