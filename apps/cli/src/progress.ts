/**
 * A progress bar for long CLI commands (`sigma index`, `backup create|restore`, `sigma hunt|convert` of folders):
 * counts, percentage, rate and ETA on one redrawn line of stderr. It draws only on a terminal, so piped output,
 * `--format json`, CI logs and tests stay clean; `HUNTFORGE_PROGRESS=0` turns it off on a terminal too.
 *
 *   const progress = startProgress({ label: 'indexing', noun: 'rules', total: files.length });
 *   for (const file of files) { ...; progress.advance(); }
 *   progress.finish();
 */

export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  /** What is happening, e.g. `indexing`. */
  label: string;
  /** What is counted, e.g. `rules` (ignored for bytes). */
  noun?: string;
  /** Unknown totals show the count and rate without a bar or ETA; `setTotal` can supply it later. */
  total?: number;
  unit?: 'items' | 'bytes';
  /** Defaults to process.stderr. */
  stream?: ProgressStream;
  /** Defaults to drawing only when the stream is a terminal and HUNTFORGE_PROGRESS is not `0`. */
  enabled?: boolean;
  now?: () => number;
}

export interface Progress {
  setTotal(total: number): void;
  /** Counts `by` more units done (default 1). */
  advance(by?: number): void;
  /** Sets the count of units done. */
  update(done: number): void;
  /** Erases the line; the command prints its own summary afterwards. */
  finish(): void;
}

export interface ProgressState {
  label: string;
  noun?: string;
  done: number;
  total?: number;
  unit: 'items' | 'bytes';
  elapsedMs: number;
}

const REDRAW_EVERY_MS = 100;
const MIN_BAR = 10;
const MAX_BAR = 30;

export function startProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const enabled = options.enabled ?? (stream.isTTY === true && process.env.HUNTFORGE_PROGRESS !== '0');
  const now = options.now ?? Date.now;
  // Rate and ETA count from the first sign of work, not from start-up (opening a database can take seconds).
  let workStarted: number | undefined;
  let done = 0;
  let total = options.total;
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drawnOnce = false;
  let finished = false;

  const draw = (force: boolean) => {
    if (!enabled || finished) return;
    const at = now();
    if (!force && at - lastDrawn < REDRAW_EVERY_MS) return;
    lastDrawn = at;
    drawnOnce = true;
    const line = formatProgressLine(
      { label: options.label, noun: options.noun, done, total, unit: options.unit ?? 'items', elapsedMs: at - (workStarted ?? at) },
      stream.columns || 80,
    );
    stream.write(`\r${line}\x1b[K`);
  };

  draw(true);
  return {
    setTotal(value) {
      workStarted ??= now();
      total = value;
      draw(true);
    },
    advance(by = 1) {
      workStarted ??= now();
      done += by;
      draw(total !== undefined && done >= total);
    },
    update(value) {
      workStarted ??= now();
      done = value;
      draw(total !== undefined && done >= total);
    },
    finish() {
      if (enabled && drawnOnce && !finished) stream.write('\r\x1b[K');
      finished = true;
    },
  };
}

/** One line of progress, at most `columns - 1` characters wide (the bar shrinks first, then the label is cut). */
export function formatProgressLine(state: ProgressState, columns: number): string {
  const { done, total, unit, elapsedMs } = state;
  const known = total !== undefined && total > 0;
  const ratio = known ? Math.min(1, done / total) : 0;
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const amount = unit === 'bytes' ? humanSize : count;
  const counted = known ? `${amount(done)}/${amount(total)}` : amount(done);
  const parts = [
    unit === 'items' && state.noun ? `${counted} ${state.noun}` : counted,
    ...(known ? [`${Math.floor(ratio * 100)}%`] : []),
    ...(elapsedMs >= 500 && done > 0 ? [`${unit === 'items' && perSecond < 10 ? perSecond.toFixed(1) : amount(perSecond)}/s`] : []),
    ...(known && elapsedMs >= 500 && done > 0 && done < total ? [`ETA ${duration(((total - done) / perSecond) * 1000)}`] : []),
    ...(known && done >= total ? [`in ${duration(elapsedMs)}`] : []),
  ];
  const figures = parts.join('  ');
  const room = columns - 1 - figures.length - 2;
  if (!known) return fit(`${state.label}  ${figures}`, columns - 1);
  const barWidth = Math.max(0, Math.min(MAX_BAR, room - state.label.length - 4));
  if (barWidth < MIN_BAR) return fit(`${state.label}  ${figures}`, columns - 1);
  const filled = Math.round(ratio * barWidth);
  return `${state.label}  [${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]  ${figures}`;
}

function fit(line: string, width: number): string {
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A byte count in binary units (`512 B`, `1.5 KiB`, `2.3 MiB`), as every CLI command writes sizes. */
export function humanSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** `0:07`, `12:34`, `1:02:03`. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
