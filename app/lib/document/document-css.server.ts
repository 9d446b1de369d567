import css from "~/app.css?inline";

/**
 * The app's whole stylesheet (Tailwind's output, about 8 KB gzipped), for
 * the document's inline <style> (root.tsx). One request instead of two: on a
 * slow network the page renders a round trip sooner, and the document's
 * inline scripts never wait for a stylesheet (decision record 29).
 */
export const DOCUMENT_CSS: string = css;
