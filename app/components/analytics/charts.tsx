import { useId, type ReactNode } from "react";
import { formatNumber } from "~/lib/format/count";
import { formatDate, formatDayShort } from "~/lib/format/date";

/**
 * The analytics charts, drawn on the server as inline SVG like the city
 * page's meetings chart: no script, no library. Each has a title and a
 * description for screen readers, and the same numbers as a table just
 * below it (in a <details>), so nothing is said by the picture alone.
 */

export type DayVisits = { day: string; pageViews: number; visitors: number };

const VIEWS_COLOR = "#2563eb";
const VISITORS_COLOR = "#f59e0b";

export function VisitsChart({ days }: { days: DayVisits[] }) {
  const id = useId();
  const width = 720;
  const height = 180;
  const labelHeight = 16;
  const gap = days.length > 40 ? 1 : 3;
  const slot = width / Math.max(days.length, 1);
  const barWidth = Math.max(1, slot - gap);
  const max = Math.max(1, ...days.map((d) => Math.max(d.pageViews, d.visitors)));
  const y = (value: number) => height - (value / max) * (height - 16);
  const views = days.reduce((sum, d) => sum + d.pageViews, 0);
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const labelEvery = Math.ceil(days.length / 10);
  const line = days.map((d, index) => `${index * slot + barWidth / 2},${y(d.visitors)}`).join(" ");
  const title = `Visits per day, ${formatDayShort(days[0]?.day ?? "")} to ${formatDayShort(days.at(-1)?.day ?? "")}: ${formatNumber(views)} page views, ${formatNumber(visitors)} unique visitors`;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + labelHeight}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="w-full"
        data-testid="visits-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          Bars are page views, the line is unique visitors; the table below lists every day.
        </desc>
        <line x1="0" y1={height} x2={width} y2={height} stroke="#cbd5e1" strokeWidth="1" />
        {days.map((d, index) => {
          const x = index * slot;
          const barHeight = d.pageViews === 0 ? 0 : Math.max(2, height - y(d.pageViews));
          return (
            <g key={d.day}>
              <rect x={x} y={height - barHeight} width={barWidth} height={barHeight} rx="1" fill={VIEWS_COLOR} />
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={height + 12} textAnchor="middle" fontSize="9" fill="#64748b">
                  {formatDayShort(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
        <polyline points={line} fill="none" stroke={VISITORS_COLOR} strokeWidth="2" />
      </svg>
      <figcaption className="mt-2 flex gap-4 text-sm text-slate-600">
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-3 w-3 rounded-sm"
            style={{ background: VIEWS_COLOR }}
          />
          Page views
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-1 w-4 align-middle"
            style={{ background: VISITORS_COLOR }}
          />
          Unique visitors
        </span>
      </figcaption>
      <DataTable summary="Visits per day as a table" headers={["Day", "Page views", "Unique visitors"]}>
        {days.map((d) => (
          <tr key={d.day} className="border-t border-slate-100">
            <th scope="row" className="py-1 pr-4 text-left font-normal">
              {formatDate(`${d.day}T00:00:00Z`)}
            </th>
            <td className="py-1 pr-4 text-right tabular-nums">{formatNumber(d.pageViews)}</td>
            <td className="py-1 text-right tabular-nums">{formatNumber(d.visitors)}</td>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}

export type RankedBar = { key: string; label: ReactNode; text: string; count: number; extra?: ReactNode };

/**
 * A ranked list as horizontal bars; the labels are HTML (links allowed)
 * beside the SVG bars, so the list itself is the text alternative.
 */
export function RankedBars({
  title,
  rows,
  empty,
  color = VIEWS_COLOR,
  countLabel,
  testId,
}: {
  title: string;
  rows: RankedBar[];
  empty: string;
  color?: string;
  countLabel: string;
  testId: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={testId}
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-1 pr-3 text-left align-top font-normal [overflow-wrap:anywhere]">
                  {row.label}
                  {row.extra ? <span className="block text-xs text-slate-500">{row.extra}</span> : null}
                </th>
                <td className="w-2/5 py-1 align-top">
                  <div className="flex items-center gap-2">
                    <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" className="h-3 flex-1">
                      <rect x="0" y="0" width={Math.max(2, (row.count / max) * 100)} height="10" rx="1" fill={color} />
                    </svg>
                    <span className="w-12 text-right tabular-nums">{formatNumber(row.count)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DataTable({ summary, headers, children }: { summary: string; headers: string[]; children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700">{summary}</summary>
      <table className="mt-2 w-full max-w-lg">
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={`py-1 ${index === 0 ? "pr-4 text-left" : "pr-4 text-right"}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </details>
  );
}
