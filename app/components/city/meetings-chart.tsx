import { useId } from "react";
import { formatMonthLong, formatMonthShort } from "~/lib/format/date";

export type MonthCount = { month: string; count: number };

/**
 * Meetings per month as a small bar chart, drawn on the server as inline
 * SVG: no script, no library, readable by screen readers through its title
 * and description.
 */
export function MeetingsChart({ months, color }: { months: MonthCount[]; color: string }) {
  const id = useId();
  const width = 240;
  const height = 96;
  const labelHeight = 14;
  const gap = 4;
  const barWidth = (width - gap * (months.length - 1)) / Math.max(months.length, 1);
  const max = Math.max(1, ...months.map((m) => m.count));
  const total = months.reduce((sum, m) => sum + m.count, 0);
  const description = months.map((m) => `${formatMonthLong(m.month)}: ${m.count}`).join("; ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height + labelHeight}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="w-full"
      data-testid="meetings-chart"
    >
      <title id={`${id}-title`}>{`Meetings per month, last 12 months: ${total} in total`}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1="0" y1={height} x2={width} y2={height} stroke="#cbd5e1" strokeWidth="1" />
      {months.map((m, index) => {
        const barHeight = m.count === 0 ? 0 : Math.max(3, (m.count / max) * (height - 12));
        const x = index * (barWidth + gap);
        return (
          <g key={m.month}>
            <rect x={x} y={height - barHeight} width={barWidth} height={barHeight} rx="2" fill={color} />
            {m.count > 0 ? (
              <text x={x + barWidth / 2} y={height - barHeight - 3} textAnchor="middle" fontSize="9" fill="#334155">
                {m.count}
              </text>
            ) : null}
            <text x={x + barWidth / 2} y={height + 11} textAnchor="middle" fontSize="8" fill="#64748b">
              {formatMonthShort(m.month).charAt(0)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
