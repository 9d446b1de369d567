import { useEffect, useId, useState } from "react";
import type { Toast } from "~/lib/toast/toast";
import { useHydrated } from "~/components/hooks/use-hydrated";

const TONE: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-900",
};

const CLOSE = "-m-1 cursor-pointer rounded p-1 text-lg leading-none opacity-70 hover:opacity-100";

/**
 * Shows a toast. Server-rendered, so it appears without JavaScript; it sits
 * at the bottom of the window, where it never covers the header (logo,
 * account menu, navigation). Without JavaScript its × is the label of a
 * visually hidden checkbox that hides the toast with CSS; with JavaScript
 * it is a button, and the toast also fades out after a few seconds.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const hydrated = useHydrated();
  const closeId = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast.id), 6000);
    return () => clearTimeout(timer);
  }, [toast]);

  const visible = toast && dismissed !== toast.id;
  return (
    <div
      aria-live={toast?.type === "error" ? "assertive" : "polite"}
      className="pointer-events-none fixed inset-x-0 bottom-3 z-50 flex justify-center px-3 sm:justify-end"
    >
      {visible ? (
        <>
          {hydrated ? null : (
            <input type="checkbox" id={closeId} className="peer sr-only" aria-label="Dismiss notification" />
          )}
          <div
            role={toast.type === "error" ? "alert" : "status"}
            data-toast-type={toast.type}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden ${TONE[toast.type]}`}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
            </div>
            {hydrated ? (
              <button
                type="button"
                aria-label="Dismiss notification"
                className={CLOSE}
                onClick={() => setDismissed(toast.id)}
              >
                ×
              </button>
            ) : (
              <label htmlFor={closeId} title="Dismiss notification" className={CLOSE}>
                <span aria-hidden>×</span>
              </label>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
