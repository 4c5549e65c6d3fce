import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { reportGroupLabels, type ReportResponse } from '@seguridad/contracts/http/reports';
import { reportConsoleTexts as texts } from '@seguridad/contracts/messages';
import { formatCount, formatDay } from './report-format';
import styles from './reports.module.css';

/**
 * The two charts of the Reportes tab, drawn with uPlot. This module is only ever imported lazily
 * by the Reportes tab, so no other page loads it; a table under each chart says the same in text.
 */

const CHART_HEIGHT = 240;

function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** A uPlot chart that follows its container's width. */
function Chart({
  options,
  data,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    // The legend names the series; the numbers are in the table under the chart, not on hover.
    const chart = new uPlot(
      { legend: { live: false }, ...options, width: width(), height: CHART_HEIGHT },
      data,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={frame} className={styles.chart} aria-hidden="true" />;
}

const axisFont = '12px system-ui, sans-serif';

function axis(values: uPlot.Axis['values'], extra: Partial<uPlot.Axis> = {}): uPlot.Axis {
  return {
    font: axisFont,
    stroke: token('--color-ink-muted', '#46556a'),
    grid: { stroke: token('--color-line', '#d4dbe5'), width: 1 },
    ticks: { show: false },
    values,
    ...extra,
  };
}

/** Offered and answered calls by hour of the day (Chile time), as side-by-side bars. */
export function ByHourChart({ report }: { report: ReportResponse }) {
  const [options, data] = useMemo(() => byHour(report), [report]);
  return <Chart options={options} data={data} />;
}

function byHour(report: ReportResponse): [Omit<uPlot.Options, 'width' | 'height'>, uPlot.AlignedData] {
  const hours = report.answered_by_hour;
  const data: uPlot.AlignedData = [
    hours.map((entry) => entry.hour),
    hours.map((entry) => entry.offered),
    hours.map((entry) => entry.answered),
  ];
  const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.4, 24], align });
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: {
      x: { time: false, range: [-0.5, 23.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      axis((_u, splits) => splits.map((hour) => `${hour}:00`), { incrs: [1, 2, 3, 6] }),
      axis((_u, splits) => splits.map((value) => formatCount(value)), {
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      }),
    ],
    series: [
      { label: texts.hour, value: (_u, hour) => (hour === null ? '' : `${hour}:00`) },
      {
        label: texts.columns.offered,
        fill: token('--color-brand-soft', '#e8f0fb'),
        stroke: token('--color-brand', '#0b3a75'),
        paths: bars(-1),
        points: { show: false },
      },
      {
        label: texts.columns.answered,
        fill: token('--color-accent', '#0a7d62'),
        stroke: token('--color-accent', '#0a7d62'),
        paths: bars(1),
        points: { show: false },
      },
    ],
  };
  return [options, data];
}

/** Both service levels by day, in percent, with each target as a dashed line. */
export function ServiceLevelChart({ report }: { report: ReportResponse }) {
  const [options, data] = useMemo(() => serviceLevelByDay(report), [report]);
  return <Chart options={options} data={data} />;
}

function serviceLevelByDay(
  report: ReportResponse,
): [Omit<uPlot.Options, 'width' | 'height'>, uPlot.AlignedData] {
  const { targets } = report;
  const days = report.service_level_by_day;
  const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
  const data: uPlot.AlignedData = [
    days.map((_day, index) => index),
    days.map((day) => percent(day.first)),
    days.map((day) => percent(day.second)),
    days.map(() => null),
    days.map(() => null),
  ];
  const first = token('--color-brand', '#0b3a75');
  const second = token('--color-accent', '#0a7d62');
  const shown = (value: number | null) => (value === null ? '—' : `${String(value).replace('.', ',')} %`);
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    // Half a day of margin either side, so a single day sits in the middle rather than on the edge.
    scales: { x: { time: false, range: [-0.5, Math.max(days.length - 0.5, 0.5)] }, y: { range: [0, 100] } },
    // Each target is a dashed line across the whole plot, however few days there are.
    hooks: {
      draw: [
        (chart) => {
          const { ctx, bbox } = chart;
          for (const [level, colour] of [
            [targets.first_percent, first],
            [targets.second_percent, second],
          ] as const) {
            const y = chart.valToPos(level, 'y', true);
            ctx.save();
            ctx.strokeStyle = colour;
            ctx.lineWidth = uPlot.pxRatio;
            ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
            ctx.beginPath();
            ctx.moveTo(bbox.left, y);
            ctx.lineTo(bbox.left + bbox.width, y);
            ctx.stroke();
            ctx.restore();
          }
        },
      ],
    },
    axes: [
      axis(
        (_u, splits) => splits.map((index) => (days[index] ? formatDay(days[index].day).slice(0, 5) : '')),
        {
          incrs: [1, 2, 7, 14, 30, 61],
        },
      ),
      axis((_u, splits) => splits.map((value) => `${value} %`)),
    ],
    series: [
      {
        label: reportGroupLabels.day,
        value: (_u, index) => (index === null || !days[index] ? '' : formatDay(days[index].day)),
      },
      { label: texts.level(targets.first_seconds), stroke: first, width: 2, value: (_u, v) => shown(v) },
      { label: texts.level(targets.second_seconds), stroke: second, width: 2, value: (_u, v) => shown(v) },
      {
        label: texts.target(targets.first_seconds, targets.first_percent),
        stroke: first,
        dash: [6, 4],
        width: 1,
        // In the legend only: the draw hook draws the line.
        paths: () => null,
        points: { show: false },
      },
      {
        label: texts.target(targets.second_seconds, targets.second_percent),
        stroke: second,
        dash: [6, 4],
        width: 1,
        // In the legend only: the draw hook draws the line.
        paths: () => null,
        points: { show: false },
      },
    ],
  };
  return [options, data];
}
