import { CRON_MARKER_PREFIX, type HostCronEntry } from '@huntforge/contracts/http';

/** One line of a crontab with its terminator kept, so untouched lines are written back byte for byte. */
export interface CrontabLine {
  /** The line without its terminator. */
  text: string;
  /** '\n', '\r\n', or '' for a last line with no newline. */
  eol: string;
}

const MARKER_PATTERN = new RegExp(`\\s#\\s*${CRON_MARKER_PREFIX.replace(/[-:]/g, '\\$&')}([A-Za-z0-9_-]+)\\s*$`);
const ENV_ASSIGNMENT = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/;

export function splitCrontab(text: string): CrontabLine[] {
  const lines: CrontabLine[] = [];
  const pattern = /([^\n]*?)(\r?\n|$)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null && match.index < text.length) {
    lines.push({ text: match[1] ?? '', eol: match[2] ?? '' });
    if (match[0].length === 0) break;
  }
  return lines;
}

export function joinCrontab(lines: readonly CrontabLine[]): string {
  return lines.map((line) => line.text + line.eol).join('');
}

/** The marker name (`backup`, `prune`, …) a line carries at its end, or null for a foreign line. */
export function markerOf(lineText: string): string | null {
  return MARKER_PATTERN.exec(lineText)?.[1] ?? null;
}

/**
 * A job line as `GET /api/cron` shows it; null for blank lines, comments and variable assignments
 * (MAILTO=…, PATH=…), which are not jobs. User crontabs have no user field.
 */
export function parseCronEntry(lineText: string): HostCronEntry | null {
  const trimmed = lineText.trim();
  if (trimmed === '' || trimmed.startsWith('#') || ENV_ASSIGNMENT.test(trimmed)) return null;
  const marker = markerOf(lineText);
  const body = marker === null ? trimmed : trimmed.replace(MARKER_PATTERN, '').trim();
  const fields = body.split(/\s+/);
  const fieldCount = fields[0]?.startsWith('@') ? 1 : 5;
  if (fields.length <= fieldCount) return null;
  const schedule = fields.slice(0, fieldCount).join(' ');
  // The command keeps its own spacing: cut after the schedule fields rather than re-joining words.
  const command = body.replace(new RegExp(`^(\\S+\\s+){${fieldCount}}`), '');
  return { schedule, command, managed: marker !== null, marker, raw: lineText };
}

export function parseCrontab(text: string): HostCronEntry[] {
  return splitCrontab(text).flatMap((line) => {
    const entry = parseCronEntry(line.text);
    return entry ? [entry] : [];
  });
}
