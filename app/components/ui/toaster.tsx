import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast/toast";

const TONE: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-900",
};

/**
 * Shows a toast. Server-rendered, so it appears without JavaScript; with
 * JavaScript it can be dismissed and fades out after a few seconds.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
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
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3 sm:justify-end"
    >
      {visible ? (
        <div
          role={toast.type === "error" ? "alert" : "status"}
          data-toast-type={toast.type}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${TONE[toast.type]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
          </div>
          <button
            type="button"
            aria-label="Dismiss notification"
            className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
            onClick={() => setDismissed(toast.id)}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
