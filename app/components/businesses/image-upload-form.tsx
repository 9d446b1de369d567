/**
 * A listing's image upload (docs/decisions/0034-business-images.md): a
 * multipart form posting to /admin/business-directory/:businessId/image.
 * Without JavaScript it is a plain form (the route answers with its own
 * page on a refusal, and redirects back on success); with JavaScript it
 * posts through a fetcher, so a refusal shows as a toast and an inline
 * message where the form is, and a file over 10 MB is refused before it is
 * sent.
 */
import { useId, useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { Button, ErrorList } from "~/components/forms/fields";
import { useShowToast } from "~/components/ui/toaster";
import { businessImageSources, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "~/lib/businesses/images";
import type { Toast } from "~/lib/toast/toast";
import { useFetcherToast } from "~/components/hooks/use-fetcher-toast";

export type ImageUploadResult = { toast?: Toast; error?: string };

export const IMAGE_FIELD = "image";
export const REDIRECT_FIELD = "redirectTo";

export function ImageUploadForm({
  businessId,
  currentImageUrl,
  businessName,
  redirectTo,
  error,
}: {
  businessId: string;
  currentImageUrl: string | null;
  /** For the current image's alternative text. */
  businessName?: string;
  /** Where a successful upload goes back to; by default the page the form is on. */
  redirectTo?: string;
  /** A refusal rendered by the server (without JavaScript). */
  error?: string;
}) {
  const fetcher = useFetcher<ImageUploadResult>({ key: `business-image-${businessId}` });
  const location = useLocation();
  const showToast = useShowToast();
  const inputId = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const toast = fetcher.data?.toast;
  useFetcherToast(toast);
  const message = localError ?? fetcher.data?.error ?? error;
  const sources = businessImageSources(currentImageUrl);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      action={href("/admin/business-directory/:businessId/image", { businessId })}
      className="space-y-3"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem(IMAGE_FIELD);
        const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
        const refusal = !file
          ? IMAGE_MESSAGES.invalidType
          : file.size > MAX_IMAGE_BYTES
            ? IMAGE_MESSAGES.tooLarge
            : null;
        if (refusal) {
          event.preventDefault();
          setLocalError(refusal.description);
          showToast({ id: String(Date.now()), type: "error", ...refusal });
        } else setLocalError(null);
      }}
    >
      {sources ? (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes="(min-width: 640px) 480px, 100vw"
          alt={businessName ? `Current image of ${businessName}` : "Current image"}
          className="aspect-video w-full max-w-md rounded-lg border border-slate-200 object-cover"
        />
      ) : (
        <p className="text-sm text-slate-600">No image yet.</p>
      )}
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo ?? `${location.pathname}${location.search}`} />
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
          {sources ? "New image file" : "Image file"}
        </label>
        <input
          id={inputId}
          type="file"
          name={IMAGE_FIELD}
          accept="image/*"
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold hover:file:bg-slate-200"
          onChange={() => setLocalError(null)}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
          JPEG, PNG, WebP, GIF or AVIF, at most 10 MB.
        </p>
        <ErrorList id={`${inputId}-error`} errors={message ? [message] : null} />
      </div>
      <Button disabled={busy}>{busy ? "Uploading…" : "Upload image"}</Button>
    </fetcher.Form>
  );
}
