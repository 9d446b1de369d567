/**
 * City Management's forms each post through a fetcher of their own, so
 * that with JavaScript they update the page in place, and without it they
 * are plain forms of the page. The hidden `form` field names the form, so
 * that without JavaScript a refusal's errors and typed values go back to it.
 */
import { useActionData, useFetcher } from "react-router";
import type { LastResult } from "~/components/forms/use-schema-form";
import type { Toast } from "~/lib/toast/toast";
import { useFetcherToast } from "~/components/hooks/use-fetcher-toast";

/** Names the form a post came from. */
export const FORM_KEY = "form";

export type ActionData = { form?: string; result?: LastResult; toast?: Toast };

export const LINK = "font-semibold text-brand-700 hover:underline";

/**
 * A fetcher for this page's action, the form's last result (from the
 * fetcher with JavaScript, from the page's action data without), and its
 * `<fetcher.Form>` marker. Error toasts of a fetcher reach the toast outlet
 * here; a success redirects with its toast.
 */
export function usePageFetcher(key: string) {
  const fetcher = useFetcher<ActionData>({ key });
  const actionData = useActionData<ActionData>();
  const toast = fetcher.data?.toast;
  useFetcherToast(toast);
  const lastResult = fetcher.data?.result ?? (actionData?.form === key ? actionData.result : undefined);
  const marker = <input type="hidden" name={FORM_KEY} value={key} />;
  return { fetcher, lastResult, marker };
}
