/**
 * Every other site a Gavel page makes the reader's browser contact, in one
 * place: /privacy lists them from here. The Content-Security-Policy
 * (app/lib/http/security-headers.server.ts) is what actually allows them;
 * tests/e2e/privacy.spec.ts reads both from the running app and fails when
 * the page and the policy disagree: a host the policy allows that the page
 * does not name, a host the page names that the policy would block, or the
 * policy's "any https site" for images without the row that says why.
 */

/** The policy directive that lets the browser contact the site. */
export type OutsideDirective = "frame-src" | "img-src";

export type OutsideSite = {
  /** Who runs it, as the page names it. */
  name: string;
  /**
   * The hosts, as the policy would name them (`*.ytimg.com` for any of its
   * subdomains); empty: any https site an administrator chose.
   */
  hosts: string[];
  directive: OutsideDirective;
  /** Shown on /privacy: which pages load it, and what. */
  when: string;
  /** Shown on /privacy: what that site learns. */
  learns: string;
};

/** What every outside request tells the site: our Referrer-Policy sends our address, never the page's. */
const EVERY_REQUEST = "your IP address, your browser's name and our site's address (not which page you are on)";

export const OUTSIDE_SITES: OutsideSite[] = [
  {
    name: "YouTube's video player (privacy-enhanced mode)",
    hosts: ["www.youtube-nocookie.com"],
    directive: "frame-src",
    when: "Meeting pages whose video is on YouTube show it in YouTube's player, in a frame of its own. Inside that frame the player loads its pictures and the video from YouTube's and Google's other servers; YouTube's privacy policy covers what happens there.",
    learns: `Which video you are watching, and ${EVERY_REQUEST}.`,
  },
  {
    name: "YouTube's thumbnails",
    hosts: ["*.ytimg.com"],
    directive: "img-src",
    when: "A city's list of meetings shows each video's picture from YouTube's image servers (i.ytimg.com and its siblings), when YouTube gave one; otherwise we draw one ourselves.",
    learns: `Which videos are on the list, and ${EVERY_REQUEST}.`,
  },
  {
    name: "OpenStreetMap",
    hosts: ["www.openstreetmap.org"],
    directive: "frame-src",
    when: "A business listing's page shows a map of its address in OpenStreetMap's frame, which loads its map tiles from tile.openstreetmap.org. Only with JavaScript on; without it the page shows a link instead.",
    learns: `The listing's location, and ${EVERY_REQUEST}.`,
  },
  {
    name: "A site an administrator chose",
    hosts: [],
    directive: "img-src",
    when: "A city's banner picture or a business listing's image, when an administrator gave the address of a picture on another site instead of uploading one. Any https:// site can be named this way.",
    learns: `${EVERY_REQUEST.charAt(0).toUpperCase()}${EVERY_REQUEST.slice(1)}.`,
  },
];
