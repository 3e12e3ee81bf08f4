import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TrendPoint {
  version: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** Mean item-level precision, recall and F1 per config version; the table beside it carries the same numbers. */
export function MetricTrendChart({ points }: { points: readonly TrendPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const muted = color('--muted', '#59636e');
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: 220,
        scales: { x: { time: false }, y: { range: [0, 1] } },
        axes: [
          { label: 'config version', stroke: muted, grid: { show: false }, incrs: [1] },
          { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${Math.round(tick * 100)}%`) },
        ],
        series: [
          { label: 'version' },
          { label: 'precision', stroke: color('--accent', '#0969da'), width: 2, points: { show: true, size: 6 } },
          { label: 'recall', stroke: color('--ok', '#1a7f37'), width: 2, points: { show: true, size: 6 } },
          { label: 'F1', stroke: color('--warn', '#9a6700'), width: 2, dash: [6, 4], points: { show: true, size: 6 } },
        ],
      },
      [points.map((p) => p.version), points.map((p) => p.precision), points.map((p) => p.recall), points.map((p) => p.f1)],
      element,
    );
    return () => chart.destroy();
  }, [points]);
  return <div ref={container} className="chart" role="img" aria-label="precision, recall and F1 per config version" />;
}
