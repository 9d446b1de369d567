/**
 * Meta tags of the meeting pages: title, description, canonical URL, Open
 * Graph and Twitter cards, and the story's NewsArticle JSON-LD. Both routes
 * of a page (with and without the city in the path) share the canonical
 * URL, the one with the city.
 */
import { PRODUCT_NAME } from "~/lib/constants";
import { pageMeta, type MetaDescriptor } from "~/lib/document/meta";
import { formatDuration } from "~/lib/format/duration";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { parseStartSeconds } from "~/lib/meetings/video";
import type { MeetingView } from "~/lib/meetings/view";
import { excerpt, paragraphsOf } from "~/lib/meetings/text";

export function meetingCanonicalUrl(origin: string, meeting: Pick<MeetingView, "id" | "city">): string {
  return `${origin}${meetingHref(meeting.id, { cityKey: meeting.city.locationKey })}`;
}

export function storyCanonicalUrl(origin: string, meeting: Pick<MeetingView, "id" | "city">): string {
  return `${origin}${storyHref(meeting.id, meeting.city.locationKey)}`;
}

export const VIDEO_NOT_FOUND = {
  title: "Video Not Found",
  description: "The video you're looking for doesn't exist.",
} as const;

export function notFoundMeta(): MetaDescriptor[] {
  return [{ title: `${VIDEO_NOT_FOUND.title} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export function meetingDescription(meeting: MeetingView): string {
  const summary =
    meeting.analysis.kind === "structured"
      ? meeting.analysis.summary
      : meeting.analysis.kind === "plain"
        ? meeting.analysis.text
        : "";
  const text =
    summary || meeting.description || `${meeting.city.name} meeting, ${meeting.publishedLabel ?? "date unknown"}.`;
  return excerpt(text, 160);
}

/**
 * What the analysis page's meta is made of: the loader computes it, the
 * browser only adds a moment. `moment` is what was said at the `?t=` the
 * loader saw (the quote or passage), for the previews of a shared moment.
 */
export type MeetingMetaFacts = {
  title: string;
  place: string;
  description: string;
  canonicalUrl: string;
  moment?: { seconds: number; description: string } | null;
};

export function meetingMetaFacts(
  meeting: MeetingView,
  canonicalUrl: string,
  moment: MeetingMetaFacts["moment"] = null,
): MeetingMetaFacts {
  const place = `${meeting.city.name}, ${meeting.city.state}`;
  return { title: meeting.title, place, description: meetingDescription(meeting), canonicalUrl, moment };
}

/**
 * The analysis page's meta. Opened at a moment (`?t=` in `search`), the
 * previews keep it: og:url and twitter:url carry `?t=`, the title names the
 * time. The canonical link stays the page itself (docs/decisions/0017).
 * It runs in the browser too (a highlight's link changes only `?t=`, and
 * the loader does not run again), so it takes the loader's facts.
 */
export function meetingMeta(facts: MeetingMetaFacts, search = ""): MetaDescriptor[] {
  const { canonicalUrl } = facts;
  const seconds = parseStartSeconds(new URLSearchParams(search).get("t"));
  const moment = seconds === null ? "" : ` at ${formatDuration(seconds)}`;
  const title = `${facts.title}${moment} — ${facts.place} | ${PRODUCT_NAME}`;
  const shareUrl = seconds === null ? canonicalUrl : `${canonicalUrl}?t=${seconds}`;
  // What was said then, when the loader saw this moment (a moment changed in the browser keeps the page's).
  const said = seconds !== null && facts.moment?.seconds === seconds ? facts.moment.description : null;
  const description = said ?? facts.description;
  const tags = pageMeta({ title, description, canonicalUrl, shareUrl });
  return said ? [...tags, { name: "twitter:description", content: said }] : tags;
}

type StoryFacts = { headline: string; description: string };

export function storyFacts(meeting: MeetingView): StoryFacts {
  const { story } = meeting;
  if (story.kind === "structured") {
    const firstParagraph = paragraphsOf(story.story.article.body)[0] ?? "";
    return {
      headline: story.story.article.headline || meeting.title,
      description: excerpt(firstParagraph || story.story.article.primary_focus || meeting.title, 200),
    };
  }
  if (story.kind === "plain") return { headline: meeting.title, description: excerpt(story.text, 200) };
  return {
    headline: meeting.title,
    description: `No story has been written for this ${meeting.city.name} meeting yet.`,
  };
}

export function newsArticleJsonLd(meeting: MeetingView, canonicalUrl: string, origin: string): Record<string, unknown> {
  const { headline, description } = storyFacts(meeting);
  const published = meeting.storyGeneratedAt ?? meeting.publishedAt;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: headline.slice(0, 110),
    description,
    url: canonicalUrl,
    mainEntityOfPage: canonicalUrl,
    ...(published ? { datePublished: published, dateModified: published } : {}),
    ...(meeting.story.kind === "structured" ? { wordCount: meeting.story.story.article.word_count } : {}),
    about: {
      "@type": "Event",
      name: meeting.title,
      ...(meeting.publishedAt ? { startDate: meeting.publishedAt } : {}),
    },
    contentLocation: { "@type": "Place", name: `${meeting.city.name}, ${meeting.city.state}` },
    author: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
    publisher: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
  };
}

/** The story page's meta, computed by its loader. */
export function storyMeta(meeting: MeetingView, canonicalUrl: string): MetaDescriptor[] {
  const { headline, description } = storyFacts(meeting);
  const title = `${headline} | ${PRODUCT_NAME}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:title", content: headline },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: canonicalUrl },
    { property: "og:site_name", content: PRODUCT_NAME },
    ...(meeting.storyGeneratedAt ? [{ property: "article:published_time", content: meeting.storyGeneratedAt }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: headline },
    { name: "twitter:description", content: description },
  ];
}
