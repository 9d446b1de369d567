/** Meta tags every public page shares. */

export type MetaDescriptor = Record<string, unknown>;

/**
 * Title, description, canonical link and the Open Graph basics of a page.
 * `shareUrl` (default: the canonical URL) is what link previews open, e.g.
 * a meeting at a moment.
 */
export function pageMeta({
  title,
  description,
  canonicalUrl,
  shareUrl = canonicalUrl,
}: {
  title: string;
  description: string;
  canonicalUrl: string;
  shareUrl?: string;
}): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: shareUrl },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:url", content: shareUrl },
  ];
}
