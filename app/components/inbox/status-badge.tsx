/** An inbox item's status, in words and a tone (never the tone alone). */
const TONE: Record<string, string> = {
  New: "bg-sky-100 text-sky-900 ring-sky-300",
  Answered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  Closed: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function InboxStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE[status] ?? TONE.Closed}`}
    >
      {status}
    </span>
  );
}
