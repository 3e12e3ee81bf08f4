/**
 * Process-creation events quoted as "Label: value" fields (Sysmon event 1, Security event 4688). Pages often
 * run several fields on one line ("Image: C:\…\rundll32.exe CommandLine: rundll32.exe …"): a field's value
 * ends where the next field's label starts, so the command-line field is read on its own and the labels and
 * values of the fields around it are never part of the command.
 */

// Field names of process events: Sysmon's CamelCase names and the spaced names of event 4688.
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
const LABEL = new RegExp(`(?<=^|\\s)(${FIELD_NAMES.map((name) => name.replace(/ /g, '\\s')).join('|')}):[ \\t]+(?=\\S)`, 'g');
const COMMAND_LABEL = /^(?:Parent)?CommandLine$|^Process\sCommand\sLine$/;
const LINE_START = /^\s*(?:[-*•]\s+)?/;

export interface FieldValue {
  /** Column where the value starts. */
  start: number;
  /** Column just after the value, white space excluded. */
  end: number;
}

export interface EventFields {
  /** How many fields the line holds. */
  fields: number;
  /** The values of its command-line fields. */
  commands: FieldValue[];
}

/** When `text` is a line of event fields (it starts with a known field label), its command-line values; else null. */
export function commandFields(text: string): EventFields | null {
  const lead = LINE_START.exec(text)?.[0].length ?? 0;
  const labels = [...text.matchAll(LABEL)];
  if (labels.length === 0 || labels[0]?.index !== lead) return null;
  const values: FieldValue[] = [];
  labels.forEach((label, i) => {
    if (!COMMAND_LABEL.test(label[1] as string)) return;
    const start = (label.index as number) + label[0].length;
    let end = labels[i + 1]?.index ?? text.length;
    while (end > start && /\s/.test(text[end - 1] as string)) end--;
    if (end > start) values.push({ start, end });
  });
  return { fields: labels.length, commands: values };
}
