import { useEffect } from "react";
import { useShowToast } from "~/components/ui/toaster";
import type { Toast } from "~/lib/toast/toast";

/**
 * Shows the toast a fetcher's action answered with in the root's toast
 * outlet, once per answer: a fetcher's data never reaches the outlet by
 * itself (only loader and action data of the page do). Without JavaScript
 * the form posts to the page and its toast is rendered by the server.
 */
export function useFetcherToast(toast: Toast | null | undefined): void {
  const showToast = useShowToast();
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast, showToast]);
}
