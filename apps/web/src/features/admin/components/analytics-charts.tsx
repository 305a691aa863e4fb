import type { AnalyticsDropOff, AnalyticsFunnel, AnalyticsOverview } from '@kaushal/contract';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatShare } from '../lib/analytics';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';

/**
 * The analytics page's charts (Recharts, in the console chunk only). Each is a picture of a table shown beside
 * it with the same numbers, so the SVG is hidden from screen readers and the table is what they read.
 */

const ACCENT = 'var(--color-accent)';
const MUTED = 'var(--color-muted)';
const SUCCESS = 'var(--color-success)';
const GRID = 'var(--color-border)';
const AXIS = { stroke: MUTED, fontSize: 12, tick: { fill: MUTED } };
const TOOLTIP = {
  contentStyle: { background: 'var(--color-surface, #fff)', border: `1px solid ${GRID}`, borderRadius: 8 },
  labelStyle: { color: 'var(--color-fg, inherit)' },
};

function ChartFrame({ height = 240, children }: { height?: number; children: ReactNode }) {
  return (
    <div aria-hidden="true" className="w-full min-w-0" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

/** Enrollments (free and paid) and orders per day; with money, revenue after refunds below. */
export function DailyChart({ overview }: { overview: AnalyticsOverview }) {
  const data = overview.days.map((d) => ({ ...d, label: formatDay(d.day), rupees: (d.revenue ?? 0) / 100 }));
  return (
    <div className="space-y-4">
      <ChartFrame>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis allowDecimals={false} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Legend />
          <Bar dataKey="enrollmentsFree" name="Free enrollments" stackId="e" fill={MUTED} />
          <Bar dataKey="enrollmentsPaid" name="Paid enrollments" stackId="e" fill={ACCENT} />
          <Bar dataKey="orders" name="Orders paid" fill={SUCCESS} />
        </BarChart>
      </ChartFrame>
      {overview.money && (
        <ChartFrame height={200}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="label" {...AXIS} minTickGap={16} />
            <YAxis {...AXIS} tickFormatter={(rupees: number) => formatPaise(rupees * 100)} />
            <Tooltip {...TOOLTIP} formatter={(rupees) => formatPaise(Number(rupees) * 100)} />
            <Area dataKey="rupees" name="Revenue after refunds" stroke={ACCENT} fill={ACCENT} fillOpacity={0.2} />
          </AreaChart>
        </ChartFrame>
      )}
    </div>
  );
}

/** A course's funnel as bars, widest first. */
export function FunnelChart({ funnel }: { funnel: AnalyticsFunnel }) {
  return (
    <ChartFrame height={260}>
      <BarChart data={funnel.steps} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="label" width={150} {...AXIS} />
        <Tooltip {...TOOLTIP} formatter={(n) => formatCount(Number(n))} />
        <Bar dataKey="count" name="People" fill={ACCENT} />
      </BarChart>
    </ChartFrame>
  );
}

/** The share of viewers still watching at each 5% of the lesson, and where viewers were last seen. */
export function DropOffChart({ dropOff }: { dropOff: AnalyticsDropOff }) {
  const data = dropOff.reach.map((point, i) => ({
    label: `${point.percent}%`,
    still: Math.round(point.share * 1000) / 10,
    lastSeen: dropOff.lastSeen[i]?.viewers ?? 0,
  }));
  return (
    <div className="space-y-4">
      <ChartFrame>
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" {...AXIS} interval={3} />
          <YAxis domain={[0, 100]} {...AXIS} tickFormatter={(n: number) => `${n}%`} />
          <Tooltip {...TOOLTIP} formatter={(n) => formatShare(Number(n) / 100)} />
          <Area dataKey="still" name="Still watching" stroke={ACCENT} fill={ACCENT} fillOpacity={0.25} />
        </AreaChart>
      </ChartFrame>
      <ChartFrame height={180}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" {...AXIS} interval={3} />
          <YAxis allowDecimals={false} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="lastSeen" name="Last seen here" fill={MUTED} />
        </BarChart>
      </ChartFrame>
    </div>
  );
}
