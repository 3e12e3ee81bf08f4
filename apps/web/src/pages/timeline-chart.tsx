import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Huntable share per model version, as uPlot bars-as-lines; the table below it carries the same numbers. */
export function TimelineChart({ points }: { points: ReadonlyArray<{ version: number; huntable_ratio: number; total: number }> }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const accent = styles.getPropertyValue('--accent').trim() || '#0969da';
    const muted = styles.getPropertyValue('--muted').trim() || '#59636e';
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: 200,
        scales: { x: { time: false }, y: { range: [0, 1] } },
        axes: [
          {
            label: 'model version',
            stroke: muted,
            grid: { show: false },
            // Ticks on versions there are ("v3"), never between two or on one that does not exist; at most a dozen.
            splits: () => points.filter((_point, index) => index % Math.ceil(points.length / 12) === 0).map((point) => point.version),
            values: (_u, ticks) => ticks.map((tick) => `v${tick}`),
          },
          { label: 'huntable share', stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${Math.round(tick * 100)}%`) },
        ],
        series: [{ label: 'version' }, { label: 'huntable share', stroke: accent, width: 2, points: { show: true, size: 6 } }],
      },
      [points.map((point) => point.version), points.map((point) => point.huntable_ratio)],
      element,
    );
    return () => chart.destroy();
  }, [points]);
  return <div ref={container} className="chart" role="img" aria-label="huntable share of classified chunks per model version" />;
}
