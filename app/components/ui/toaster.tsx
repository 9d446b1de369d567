import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { unstable_useRoute as useRoute, useLocation, useMatches } from "react-router";
import type { Toast } from "~/lib/toast/toast";
import { useHydrated } from "~/components/hooks/use-hydrated";

const TONE: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-900",
};

const REGION = "flex w-full flex-col items-center gap-2 sm:items-end";

/** How long a toast stays, counted again after each hover or focus. */
const TOAST_SECONDS = 6;

const CLOSE = "-m-1 cursor-pointer rounded p-1 text-lg leading-none opacity-80 hover:opacity-100";

type ShowToast = (toast: Toast) => void;
const ShowToastContext = createContext<ShowToast | null>(null);

/** Hands a toast raised in the browser (a failed fetch, say) to the root's toast outlet. */
export function useShowToast(): ShowToast {
  const show = useContext(ShowToastContext);
  if (!show) throw new Error("useShowToast needs the root layout's <ToastOutlet>");
  return show;
}

/** useShowToast for a control that may also render outside the root layout (a page rendered alone): null there. */
export function useOptionalShowToast(): ShowToast | null {
  return useContext(ShowToastContext);
}

/**
 * The app's only toast region, rendered once by the root layout around the
 * page (docs/decisions/0004-toasts.md). It shows the `toast` at the top of
 * any matched route's loader data or action data (the root loader's is the
 * flash toast of a redirect), server-rendered so that it shows without
 * JavaScript, and toasts
 * shown in the browser through `useShowToast`. It sits at the bottom of the
 * window, where it never covers the header.
 */
export function ToastOutlet({ children }: { children: React.ReactNode }) {
  const routeIds = useMatches().map((match) => match.id);
  // A toast raised in the browser belongs to the location it was raised at:
  // a refused form's error must not stay beside the next page's success.
  const locationKey = useLocation().key;
  const here = useRef(locationKey);
  useEffect(() => {
    here.current = locationKey;
  }, [locationKey]);
  const [raised, setRaised] = useState<{ toast: Toast; at: string } | null>(null);
  const show = useCallback<ShowToast>((toast) => setRaised({ toast, at: here.current }), []);
  const shown = raised?.at === locationKey ? raised.toast : null;
  const toasts = (
    <>
      {routeIds.map((id) => (
        <RouteToasts key={id} routeId={id} />
      ))}
      {shown ? <ToastItem key={shown.id} toast={shown} /> : null}
    </>
  );
  // Two live regions, in the page before any toast: a toast put into a region
  // that already exists is announced, politely, or at once for an error.
  return (
    <ShowToastContext.Provider value={show}>
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-3 z-50 flex flex-col items-center gap-2 px-3 sm:items-end"
      >
        <ToastTone.Provider value="polite">
          <div aria-live="polite" className={REGION}>
            {toasts}
          </div>
        </ToastTone.Provider>
        <ToastTone.Provider value="assertive">
          <div aria-live="assertive" className={REGION}>
            {toasts}
          </div>
        </ToastTone.Provider>
      </section>
      {children}
    </ShowToastContext.Provider>
  );
}

/** Which live region is rendering: each toast shows in one of them only. */
const ToastTone = createContext<"polite" | "assertive">("polite");

type WithToast = { toast?: Toast | null } | null | undefined;

// Any route's data by its id. `useActionData` only reads the calling route's,
// and the matches (useMatches) carry no action data.
const useRouteData = useRoute as (routeId: string) => { loaderData: unknown; actionData: unknown } | undefined;

/** One route's toasts: from its loader data and from the data of its action (a re-rendered form). */
function RouteToasts({ routeId }: { routeId: string }) {
  const route = useRouteData(routeId);
  const fromLoader = (route?.loaderData as WithToast)?.toast;
  const fromAction = (route?.actionData as WithToast)?.toast;
  return (
    <>
      {fromLoader ? <ToastItem key={fromLoader.id} toast={fromLoader} /> : null}
      {fromAction && fromAction.id !== fromLoader?.id ? <ToastItem key={fromAction.id} toast={fromAction} /> : null}
    </>
  );
}

/**
 * One toast. Without JavaScript its × is the label of a visually hidden
 * checkbox that hides the toast with CSS; with JavaScript it is a button,
 * and the toast also goes after a few seconds, a wait that stops while the
 * pointer or the focus is on it (WCAG 2.2.1), so it can be read to the end.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const hydrated = useHydrated();
  const closeId = useId();
  const [dismissed, setDismissed] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const region = useContext(ToastTone);
  const isError = toast.type === "error";
  const paused = held.hover || held.focus;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setDismissed(true), TOAST_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [paused]);

  if (dismissed || (region === "assertive") !== isError) return null;
  return (
    <div
      className="flex w-full max-w-sm"
      onMouseEnter={() => setHeld((was) => ({ ...was, hover: true }))}
      onMouseLeave={() => setHeld((was) => ({ ...was, hover: false }))}
      onFocus={() => setHeld((was) => ({ ...was, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((was) => ({ ...was, focus: false }));
      }}
    >
      {hydrated ? null : (
        <input type="checkbox" id={closeId} className="peer sr-only" aria-label="Dismiss notification" />
      )}
      <div
        role={isError ? "alert" : "status"}
        data-toast-type={toast.type}
        className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden ${TONE[toast.type]}`}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button type="button" aria-label="Dismiss notification" className={CLOSE} onClick={() => setDismissed(true)}>
            ×
          </button>
        ) : (
          <label htmlFor={closeId} title="Dismiss notification" className={CLOSE}>
            <span aria-hidden>×</span>
          </label>
        )}
      </div>
    </div>
  );
}
