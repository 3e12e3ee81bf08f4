import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../components/use-theme';

export interface DayCount {
  date: string;
  articles: number;
}

const HEIGHT = 180;

/** Articles collected per UTC day as bars; the label and the table under it carry the same numbers for screen readers. */
export function DailyArticlesChart({ counts }: { counts: readonly DayCount[] }) {
  const container = useRef<HTMLDivElement>(null);
  // The colours come from the theme's custom properties: draw again when the theme changes.
  const theme = useTheme();
  useEffect(() => {
    const element = container.current;
    if (!element || counts.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const muted = color('--muted', '#59636e');
    const grid = { stroke: color('--border', '#d0d7de'), width: 1 };
    const dayLabel = (index: number) => counts[Math.round(index)]?.date.slice(5) ?? '';
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.5, counts.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          {
            stroke: muted,
            grid: { show: false },
            ticks: grid,
            space: 48,
            incrs: [1, 2, 7, 14, 30, 61],
            values: (_u, ticks) => ticks.map(dayLabel),
          },
          {
            stroke: muted,
            grid,
            ticks: grid,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
            values: (_u, ticks) => ticks.map((tick) => tick.toLocaleString()),
          },
        ],
        series: [
          { label: 'day' },
          {
            label: 'articles',
            fill: color('--accent', '#0969da'),
            stroke: color('--accent', '#0969da'),
            width: 0,
            paths: uPlot.paths.bars?.({ size: [0.7, 32] }),
            points: { show: false },
          },
        ],
      },
      [counts.map((_day, index) => index), counts.map((day) => day.articles)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [counts, theme]);

  const total = counts.reduce((sum, day) => sum + day.articles, 0);
  const busiest = counts.reduce<DayCount | undefined>(
    (best, day) => (best === undefined || day.articles > best.articles ? day : best),
    undefined,
  );
  const summary =
    `Articles collected per day, ${counts[0]?.date ?? ''} to ${counts.at(-1)?.date ?? ''} (UTC): ${total.toLocaleString()} in total` +
    (busiest && busiest.articles > 0 ? `, most on ${busiest.date} (${busiest.articles.toLocaleString()})` : '');
  return (
    <>
      <div ref={container} className="chart" role="img" aria-label={summary} data-testid="daily-articles-chart" />
      <details className="small">
        <summary>As a table</summary>
        <table className="data small" style={{ maxWidth: 360 }}>
          <thead>
            <tr>
              <th scope="col">day (UTC)</th>
              <th scope="col" className="num">
                articles
              </th>
            </tr>
          </thead>
          <tbody>
            {[...counts].reverse().map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td className="num">{day.articles.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
