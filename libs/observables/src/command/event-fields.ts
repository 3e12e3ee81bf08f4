/**
 * Process-creation events quoted as "Label: value" fields (Sysmon event 1, Security event 4688, ECS). Pages often
 * run several fields on one line ("Image: C:\…\rundll32.exe CommandLine: rundll32.exe …"): a field's value
 * ends where the next field's label starts, so the command-line field is read on its own and the labels and
 * values of the fields around it are never part of the command. No process's command line holds these labels.
 */

// Field names of process events: Sysmon's CamelCase names, the spaced names of event 4688 and ECS's dotted ones.
const FIELD_NAMES = [
  'UtcTime',
  'ProcessGuid',
  'ProcessId',
  'Image',
  'FileVersion',
  'Description',
  'Product',
  'Company',
  'OriginalFileName',
  'CommandLine',
  'CurrentDirectory',
  'User',
  'LogonGuid',
  'LogonId',
  'TerminalSessionId',
  'IntegrityLevel',
  'Hashes',
  'ParentProcessGuid',
  'ParentProcessId',
  'ParentImage',
  'ParentCommandLine',
  'ParentUser',
  'RuleName',
  'EventType',
  'SourceImage',
  'TargetImage',
  'GrantedAccess',
  'CallTrace',
  'TargetFilename',
  'New Process Name',
  'New Process ID',
  'Creator Process Name',
  'Creator Process ID',
  'Process Command Line',
  'Token Elevation Type',
  'Mandatory Label',
];
const ECS_NAMES = String.raw`process(?:\.parent)?\.(?:command_line|executable|name|args)`;
const NAMES = `${FIELD_NAMES.map((name) => name.replace(/ /g, String.raw`\s`)).join('|')}|${ECS_NAMES}`;
// A label: the name, an optional space, the colon, then white space or the end of the line.
const LABEL = new RegExp(String.raw`(?<=^|\s)(${NAMES})\s?:(?=\s|$)[ \t]*`, 'g');
// Fields whose value is a command line; the process's own, without its parent's, is what a rule is about.
const COMMAND_LABEL = /^(?:Parent)?CommandLine$|^Process\sCommand\sLine$|^process(?:\.parent)?\.command_line$/;
const PARENT_LABEL = /^Parent|\.parent\./;
const LINE_START = /^\s*(?:[-*•]\s+)?/;

export interface FieldValue {
  /** Column where the value starts. */
  start: number;
  /** Column just after the value, white space excluded. */
  end: number;
  /** The field is the parent process's command line. */
  parent: boolean;
}

export interface EventFields {
  /** How many fields the line holds. */
  fields: number;
  /** The values of its command-line fields, in order. */
  commands: FieldValue[];
}

function readFields(text: string): { labels: RegExpMatchArray[]; commands: FieldValue[] } {
  const labels = [...text.matchAll(LABEL)];
  const commands: FieldValue[] = [];
  labels.forEach((label, i) => {
    const name = label[1] as string;
    if (!COMMAND_LABEL.test(name)) return;
    const start = (label.index as number) + label[0].length;
    let end = labels[i + 1]?.index ?? text.length;
    while (end > start && /\s/.test(text[end - 1] as string)) end--;
    if (end > start) commands.push({ start, end, parent: PARENT_LABEL.test(name) });
  });
  return { labels, commands };
}

/** When `text` is a line of event fields (it starts with a field label), its command-line values; else null. */
export function commandFields(text: string): EventFields | null {
  const lead = LINE_START.exec(text)?.[0].length ?? 0;
  const { labels, commands } = readFields(text);
  if (labels.length === 0 || labels[0]?.index !== lead) return null;
  return { fields: labels.length, commands };
}

/** True when the line holds an event field's label anywhere: it is a log excerpt, not one command line. */
export function hasEventFieldLabel(line: string): boolean {
  LABEL.lastIndex = 0;
  return LABEL.test(line);
}

/**
 * The command an event excerpt recorded: the value of its last command-line field that is not the parent's, up
 * to the next field's label; null when it names none (an excerpt of only an image, a user, a hash, or no excerpt).
 */
export function commandOfEventFields(line: string): string | null {
  const own = readFields(line).commands.filter((value) => !value.parent);
  const last = own[own.length - 1];
  return last ? line.slice(last.start, last.end) : null;
}
