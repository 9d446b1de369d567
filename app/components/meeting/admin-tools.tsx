/**
 * The meeting pages' admin card (re-analyze, rewrite or regenerate the
 * story), which only admins see: loaded in the browser when an admin's
 * page shows it (lazyInBrowser), so readers never download it.
 */
import { Suspense } from "react";
import { lazyInBrowser } from "~/components/lazy-in-browser";

const server = import.meta.env.SSR ? await import("./admin-buttons") : null;
const ReanalyzeButton = lazyInBrowser(server?.ReanalyzeButton, () =>
  import("./admin-buttons").then((module) => module.ReanalyzeButton),
);
const StoryAdminButtons = lazyInBrowser(server?.StoryAdminButtons, () =>
  import("./admin-buttons").then((module) => module.StoryAdminButtons),
);

export function AnalysisAdminTools({ meetingId }: { meetingId: string }) {
  return (
    <Suspense fallback={null}>
      <ReanalyzeButton meetingId={meetingId} />
    </Suspense>
  );
}

export function StoryAdminTools({ meetingId }: { meetingId: string }) {
  return (
    <Suspense fallback={null}>
      <StoryAdminButtons meetingId={meetingId} />
    </Suspense>
  );
}
