import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { PIPELINE_REFRESH_SECONDS } from "~/lib/jobs/status-types";

/** Revalidates the page's loaders every few seconds while `active` (a run or a refresh under way). */
export function useRevalidateWhile(active: boolean, seconds = PIPELINE_REFRESH_SECONDS) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
    // revalidator is a new object on every render; its revalidate is what we need.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, seconds]);
}
