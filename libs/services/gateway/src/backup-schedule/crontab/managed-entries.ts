import { CRON_MARKER_PREFIX } from '@huntforge/contracts/http';
import { joinCrontab, markerOf, splitCrontab, type CrontabLine } from './crontab-lines';

/** A line Huntforge owns: its marker name, cron schedule and the command it runs. */
export interface ManagedEntry {
  marker: string;
  schedule: string;
  command: string;
}

export function managedLine(entry: ManagedEntry): string {
  return `${entry.schedule} ${entry.command} # ${CRON_MARKER_PREFIX}${entry.marker}`;
}

/**
 * Puts `entries` in place of every line carrying one of `markers`: where the first such line was, or
 * at the end when there was none. Every other line (foreign jobs, comments, MAILTO=…) keeps its bytes.
 * Applying the same entries twice gives the same text. With no entries it removes ours and nothing else.
 */
export function replaceManagedEntries(crontab: string, markers: readonly string[], entries: readonly ManagedEntry[]): string {
  const lines = splitCrontab(crontab);
  const ours = (line: CrontabLine) => {
    const marker = markerOf(line.text);
    return marker !== null && markers.includes(marker);
  };
  const firstOurs = lines.findIndex(ours);
  const kept = lines.filter((line) => !ours(line));
  const block: CrontabLine[] = entries.map((entry) => ({ text: managedLine(entry), eol: '\n' }));
  if (block.length === 0) return joinCrontab(kept);

  // Where the block goes among the kept lines: after the foreign lines that preceded our first line.
  const position = firstOurs === -1 ? kept.length : lines.slice(0, firstOurs).filter((line) => !ours(line)).length;
  const before = kept.slice(0, position);
  const last = before[before.length - 1];
  // A crontab whose last line has no newline would run that line and ours together.
  if (last && last.eol === '') before[before.length - 1] = { ...last, eol: '\n' };
  return joinCrontab([...before, ...block, ...kept.slice(position)]);
}

export function removeManagedEntries(crontab: string, markers: readonly string[]): string {
  return replaceManagedEntries(crontab, markers, []);
}
