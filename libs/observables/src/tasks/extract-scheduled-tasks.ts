import type { ScheduledTaskItem } from '@huntforge/contracts/extraction';
import type { ArticleDocument } from '../text/document';
import { taskOperations } from '../command';
import { artefactCommands } from '../command/document-commands';
import { looksLikeName } from '../services/extract-services';
import { readArgument, readFieldValue } from '../text/quoted';

interface Found {
  name: { value: string; start: number; end: number };
  command?: string;
  confidence: number;
}

const PROSE =
  /\b(?:scheduled\s+)?task\s+(?:named|called|name[d]?\s+as)\s+(?=["'“\\\w\x60])|\b(?:creates?|creat(?:ed|ing)|registers?|register(?:ed|ing)|adds?|add(?:ed|ing))\s+(?:a\s+|the\s+|an\s+)?(?:new\s+|malicious\s+|hidden\s+)*scheduled\s+task\s+(?=["“'])/gi;

/**
 * A BITS job the malware creates for persistence ("persistence via a BITS job named `Microsoft Windows`", "a new
 * BITS download job is created with the name (`Updater`)"): scheduled by the BITS service rather than the Task
 * Scheduler, but a named job that runs a program, hunted like a task. Only a job the sentence names: a BITS
 * transfer (`bitsadmin /transfer job …`) downloads and is gone.
 */
const BITS_JOB =
  /\bBITS\s+(?:(?:download|upload|upload-reply|persistence|notification)\s+)?job\s+(?:(?:is|was|gets|got)\s+created\s+)?(?:named|called|with\s+the\s+(?:display\s+)?name)\s*\(?\s*(?:`{1,3}([^`\n]{2,80})`{1,3}|["“']([^"“”'\n]{2,80})["”'])/gi;

const PERSISTENCE = /\bpersist|\bauto-?start|SetNotifyCmdLine|notification\s+command/i;

// "via the scheduled task \Microsoft\Windows\X\Refresh", "the scheduled task "WinDefCheck" executes …", "a new
// scheduled task, SystemHealthMonitor, was added": a task path, a quoted name or an appositive name.
const TASK_NAMED = [
  /\bscheduled\s+task\s+(?:(\\[^\s"'`,;()]{2,200})|["“'`]([^"“”'`\n]{2,80})["”'`])/gi,
  /\bscheduled\s+task,\s+(?:["“'`]([^"“”'`\n]{2,80})["”'`]|([A-Za-z][\w.$-]{2,80})),\s+(?:was|is|were|had\s+been|being|got)\s+(?:created|added|registered|installed)/gi,
];

/** "Task Name:" fields (event 4698, schtasks /query /v): the value runs to the end of the line, spaces included. */
const FIELD = /\bTask\s*Name\s*[:=][ \t]*(?=\S)|\bTaskName\s*[:=][ \t]*(?=\S)/gi;
/** A task definition file under the Tasks folder, or the <URI> of task XML: the path is the task's name. */
const TASK_FILE = /\\(?:System32|SysWOW64)\\Tasks(?=\\[\w])/gi;
const TASK_URI = /<URI>(?=[^<\n]+<\/URI>)/gi;

/**
 * Scheduled tasks the article names: `schtasks /create|/change|/run ... /tn <name>` (with the /tr
 * action), the ScheduledTask cmdlets' -TaskName, "Task Name:" fields, prose like "a scheduled
 * task named ..." and named BITS persistence jobs. The task name is the value; leading backslashes are kept as written.
 */
export function extractScheduledTasks(doc: ArticleDocument): ScheduledTaskItem[] {
  const { content } = doc;
  const found: Found[] = [];

  for (const { invocation } of artefactCommands(doc)) {
    for (const operation of taskOperations(invocation)) {
      if (operation.manager === 'cron' || operation.manager === 'at' || !operation.name || !operation.nameWord) continue;
      // A cmdlet's name must be its -TaskName: in prose ("no Register-ScheduledTask call") a bare word is none.
      if (operation.manager === 'powershell' && !invocation.switches.some((s) => s.name === '-taskname')) continue;
      const name = { value: operation.name, start: operation.nameWord.start, end: operation.nameWord.end };
      found.push({ name, command: operation.command, confidence: operation.action === 'create' ? 0.95 : 0.85 });
    }
  }
  for (const m of content.matchAll(FIELD)) {
    const name = readFieldValue(content, m.index + m[0].length);
    if (name) found.push({ name, confidence: 0.85 });
  }
  for (const m of content.matchAll(TASK_FILE)) {
    const start = m.index + m[0].length;
    const path = /^\\[^\s"'`,;)<>|*?]+/.exec(content.slice(start));
    if (path) found.push({ name: { value: path[0], start, end: start + path[0].length }, confidence: 0.85 });
  }
  for (const m of content.matchAll(TASK_URI)) {
    const start = m.index + m[0].length;
    const end = content.indexOf('</URI>', start);
    const value = content.slice(start, end).trim();
    if (value) found.push({ name: { value, start, end: start + value.length }, confidence: 0.85 });
  }
  for (const m of content.matchAll(BITS_JOB)) {
    const value = (m[1] ?? m[2] ?? '').trim();
    const start = m.index + m[0].lastIndexOf(value);
    // A job the C2 uploads through ("a BITS upload job called WU Client Upload") is not persistence.
    const before =
      content
        .slice(Math.max(0, m.index - 150), m.index)
        .split(/\n\s*\n/)
        .pop() ?? '';
    const after = content.slice(m.index, m.index + m[0].length + 150).split(/\n\s*\n/)[0] ?? '';
    if (!PERSISTENCE.test(before + after)) continue;
    if (value) found.push({ name: { value, start, end: start + value.length }, confidence: 0.7 });
  }
  for (const re of TASK_NAMED) {
    for (const m of content.matchAll(re)) {
      const value = m[1] ?? m[2];
      // An unquoted appositive must be spelt like a name (SystemHealthMonitor), not a word.
      if (!value || (re !== TASK_NAMED[0] && m[2] && !looksLikeName(value))) continue;
      const start = m.index + m[0].lastIndexOf(value);
      found.push({ name: { value, start, end: start + value.length }, confidence: 0.75 });
    }
  }
  for (const m of content.matchAll(PROSE)) {
    const name = readBacktickedName(content, m.index + m[0].length) ?? readArgument(content, m.index + m[0].length);
    if (!name || name.value.length < 2 || /^(?:a|an|the|that|which|to|for|and|with|is|was)$/i.test(name.value)) continue;
    found.push({ name, confidence: 0.75 });
  }
  return dedupe(content, found);
}

/** A name written as markdown code (`GoogleUpdateCore`). */
function readBacktickedName(content: string, offset: number): { value: string; start: number; end: number } | null {
  const m = /^[ \t]*`([^`\n]{2,80})`/.exec(content.slice(offset));
  if (!m) return null;
  const start = offset + m[0].indexOf('`') + 1;
  return { value: m[1], start, end: start + m[1].length };
}

function dedupe(content: string, found: Found[]): ScheduledTaskItem[] {
  const byName = new Map<string, ScheduledTaskItem>();
  for (const f of found.sort((a, b) => a.name.start - b.name.start)) {
    const value = f.name.value.trim().replace(/[.,;:]+$/, '');
    if (!value) continue;
    const key = value.replace(/^\\+/, '').toLowerCase();
    const prev = byName.get(key);
    if (prev) {
      prev.command ??= f.command;
      prev.confidence = Math.max(prev.confidence, f.confidence);
      continue;
    }
    byName.set(key, {
      value,
      ...(f.command ? { command: f.command } : {}),
      evidence: { start: f.name.start, end: f.name.end, text: content.slice(f.name.start, f.name.end) },
      confidence: f.confidence,
    });
  }
  return [...byName.values()];
}
