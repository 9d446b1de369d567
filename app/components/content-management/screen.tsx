/**
 * The screen of /admin/content-management (app/routes/admin/content-management.tsx
 * holds its loader): the sources to choose from, a source's videos, and the
 * selected video's Details, Transcript, Analysis and Story cards.
 */
import { ScrollRegion } from "~/components/ui/scroll-region";
import { href, Link, useLoaderData, useLocation } from "react-router";
import { CaptionStatus } from "~/components/captions/caption-status";
import { AnalysisDigest } from "~/components/pipeline/analysis-digest";
import { StoryPreview } from "~/components/pipeline/story-preview";
import type { CaptionStateView } from "~/lib/captions/reasons";
import type { RecordCounts } from "~/lib/legistar/record-decisions.server";
import type { MeetingEventLink } from "~/lib/legistar/event-link";
import { EventLinkRow } from "./event-link";
import { formatDate, formatDateTime } from "~/lib/format/date";
import { meetingHref } from "~/lib/meetings/links";
import type { CitySources, ContentCity, ContentSource, ContentVideo, SourceVideo } from "~/lib/sources/content.server";
import { cityManagementHref, contentManagementHref } from "~/lib/sources/links";
import { Card } from "~/components/ui/card";
import type { loader } from "~/routes/admin/content-management";

/** A video's title, or the words for one without. */
export const untitled = (title: string | null) => title?.trim() || "Untitled video";
/** A source's title, or its URL. */
export const sourceName = (source: { title: string | null; url: string }) => source.title?.trim() || source.url;

export function ContentManagementScreen() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">Content Management</h1>
      {page.kind === "choose" ? <SourceChoice cities={page.cities} /> : null}
      {page.kind === "city-not-found" ? <NotFound message="City not found" /> : null}
      {page.kind === "source-not-found" ? <NotFound message="Source not found for this city" city={page.city} /> : null}
      {page.kind === "source" ? (
        <>
          <ContextHeader city={page.city} source={page.source} />
          <VideosForSource city={page.city} source={page.source} videos={page.videos} selectedId={page.meetingId} />
          {page.meetingId === null ? (
            page.videos.length > 0 ? (
              <p className="mt-6 text-slate-600">Select a video to see its details, transcript, analysis and story.</p>
            ) : null
          ) : page.video ? (
            <VideoCards video={page.video} captions={page.captions} record={page.record} eventLink={page.eventLink} />
          ) : (
            <Card title="Details" id="details" className="mt-6">
              <p className="text-slate-600">No video details found</p>
            </Card>
          )}
        </>
      ) : null}
    </>
  );
}

function BackToCityManagement({ cityId, sourceUrlId }: { cityId?: string; sourceUrlId?: string }) {
  return (
    <Link
      to={cityManagementHref(cityId, sourceUrlId)}
      className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      Back to City Management
    </Link>
  );
}

function NotFound({ message, city }: { message: string; city?: ContentCity }) {
  return (
    <div role="status" className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6">
      <p className="text-lg font-semibold">{message}</p>
      <p className="mt-3 flex flex-wrap gap-3">
        <Link
          to={contentManagementHref({ cityId: city?.id })}
          className="self-center text-sm font-semibold text-brand-700 hover:underline"
        >
          {city ? `Sources of ${city.name}` : "All sources"}
        </Link>
        <BackToCityManagement cityId={city?.id} />
      </p>
    </div>
  );
}

function SourceChoice({ cities }: { cities: CitySources[] }) {
  return (
    <>
      <p className="mt-2 text-slate-600">Choose a source to see its videos and their content.</p>
      {cities.length === 0 ? <p className="mt-6 text-slate-600">No cities found</p> : null}
      <ul className="mt-6 space-y-4">
        {cities.map((city) => (
          <li key={city.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold">
              {city.name}, {city.state}
            </h2>
            {city.sources.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No URLs found for this city</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {city.sources.map((source) => (
                  <li key={source.id}>
                    <Link
                      to={contentManagementHref({ cityId: city.id, sourceUrlId: source.id })}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {sourceName(source)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function ContextHeader({ city, source }: { city: ContentCity; source: ContentSource }) {
  return (
    <section
      aria-label="Source"
      className="mt-4 flex flex-wrap items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <p className="text-sm text-slate-500">
          {city.name}, {city.state}
        </p>
        <h2 className="text-xl font-semibold">{sourceName(source)}</h2>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-500">Content type:</dt> <dd>{source.contentType}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500">Source type:</dt> <dd>{source.sourceType}</dd>
          </div>
        </dl>
      </div>
      <BackToCityManagement cityId={city.id} sourceUrlId={source.id} />
    </section>
  );
}

const Check = ({ done, label }: { done: boolean; label: string }) => (
  <span title={label} aria-label={`${label}: ${done ? "yes" : "no"}`}>
    {done ? "✓" : "–"}
  </span>
);

function VideosForSource({
  city,
  source,
  videos,
  selectedId,
}: {
  city: ContentCity;
  source: ContentSource;
  videos: SourceVideo[];
  selectedId: string | null;
}) {
  return (
    // Open at first; folded away by the admin, it stays so while they pick videos (with JavaScript).
    <details open className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer px-5 py-3 font-semibold">Videos for Source ({videos.length})</summary>
      {videos.length === 0 ? (
        <p className="px-5 pb-4 text-slate-600">No videos found for this URL</p>
      ) : (
        <ScrollRegion label={`Videos for ${sourceName(source)}`} className="px-5 pb-4">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">Title</th>
                <th className="py-2 pr-4 font-medium">Published</th>
                <th className="py-2 pr-4 font-medium">Video ID</th>
                <th className="py-2 pr-4 font-medium">Transcript</th>
                <th className="py-2 pr-4 font-medium">Analysis</th>
                <th className="py-2 font-medium">Story</th>
              </tr>
            </thead>
            <tbody>
              {videos.map((video) => {
                const selected = video.id === selectedId;
                return (
                  <tr key={video.id} className={`border-t border-slate-100 ${selected ? "bg-brand-50" : ""}`}>
                    <td className="py-2 pr-4">
                      <Link
                        to={contentManagementHref({ cityId: city.id, sourceUrlId: source.id, meetingId: video.id })}
                        aria-current={selected ? "true" : undefined}
                        preventScrollReset
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {untitled(video.title)}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-4">{formatDate(video.publishedAt) ?? "—"}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{video.videoId}</td>
                    <td className="py-2 pr-4">
                      <Check done={video.hasTranscript} label="Transcript" />
                    </td>
                    <td className="py-2 pr-4">
                      <Check done={video.hasAnalysis} label="Analysis" />
                    </td>
                    <td className="py-2">
                      <Check done={video.hasStory} label="Story" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </details>
  );
}

/**
 * The meeting's decisions against the official record (docs/decisions/0075):
 * how many were paired with an item of the matched event, and how many of
 * those disagree with it.
 */
export function recordCountsText(record: RecordCounts): string {
  const decisions = record.decisions === 1 ? "1 decision" : `${record.decisions} decisions`;
  const disagree =
    record.disagreements === 0
      ? "none disagrees"
      : record.disagreements === 1
        ? "1 disagrees"
        : `${record.disagreements} disagree`;
  return `${record.paired} of ${decisions} paired with the official agenda; ${disagree} with it`;
}

type VideoCardsProps = {
  video: ContentVideo;
  captions: CaptionStateView | null;
  record: RecordCounts | null;
  /** Null when the city has no legislative system. */
  eventLink: MeetingEventLink | null;
};

function DetailsCard({ video, captions, record, eventLink }: VideoCardsProps) {
  const location = useLocation();
  const rows: [string, React.ReactNode][] = [
    ["Title", untitled(video.title)],
    ["Channel", video.channelTitle || "—"],
    ["Published", formatDate(video.publishedAt) ?? "—"],
    ["Video ID", <span className="font-mono">{video.videoId}</span>],
  ];
  if (eventLink) rows.push(["Legistar event", <EventLinkRow link={eventLink} />]);
  if (record)
    rows.push([
      "Official record",
      <span data-record-counts>
        {recordCountsText(record)}
        {record.disagreements > 0 ? (
          <>
            {" "}
            <Link to={`${meetingHref(video.id)}#decisions`} className="font-semibold text-brand-700 hover:underline">
              See the decisions
            </Link>
          </>
        ) : null}
      </span>,
    ]);
  if (captions)
    rows.push([
      "Captions",
      <CaptionStatus
        meetingId={video.id}
        state={captions}
        returnTo={`${location.pathname}${location.search}`}
        title={untitled(video.title)}
      />,
    ]);
  return (
    <Card title="Details" id="details" className="mt-6">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {video.description ? (
        <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{video.description}</p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
        {video.watchUrl ? (
          <a href={video.watchUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
            Watch on YouTube
          </a>
        ) : null}
        <Link to={meetingHref(video.id)} className="text-brand-700 hover:underline">
          Meeting page
        </Link>
      </p>
    </Card>
  );
}

function VideoCards(props: VideoCardsProps) {
  const { video } = props;
  return (
    <>
      <DetailsCard {...props} />
      <Card title="Transcript" id="transcript" className="mt-6">
        {video.transcript ? (
          // Scrollable, so it takes focus for keyboard scrolling.
          <div
            tabIndex={0}
            className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-800"
          >
            {video.transcript}
          </div>
        ) : (
          <p className="text-slate-600">No transcript available</p>
        )}
        <p className="mt-3 text-sm">
          <Link
            to={href("/admin/content-management/meetings/:meetingId/recording", { meetingId: video.id })}
            className="font-semibold text-brand-700 hover:underline"
          >
            Transcribe from a recording
          </Link>
        </p>
      </Card>
      <Card title="Analysis" id="analysis" className="mt-6">
        <AnalysisDigest analysis={video.analysis} />
      </Card>
      <Card title="Story" id="story" className="mt-6">
        {video.story && video.storyGeneratedAt ? (
          <p className="mb-3 text-sm text-slate-500">Generated {formatDateTime(video.storyGeneratedAt)}</p>
        ) : null}
        <StoryPreview story={video.story} />
      </Card>
    </>
  );
}
