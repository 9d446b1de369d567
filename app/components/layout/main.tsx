import { useT } from "~/components/hooks/use-t";

/**
 * The page's one `<main>`, the target of the skip link (app/root.tsx). It
 * takes the focus the skip link sends it (tabIndex -1, no ring: it is a
 * region, not a control), so the next Tab goes on from the page's content.
 */
export const MAIN_ID = "main";

export function Main({ className = "", children }: { className?: string; children: React.ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`outline-none ${className}`}>
      {children}
    </main>
  );
}

/** The first control of every page: above the window until it has the focus. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="fixed top-2 left-2 z-[60] -translate-y-[200%] rounded-md bg-white px-4 py-2 font-semibold text-slate-900 shadow-lg focus:translate-y-0"
    >
      {t("layout.skip")}
    </a>
  );
}
