// The labels of an event's fields as Sysmon, Windows Security, EDR consoles and ECS print them ("Image:",
// "ParentCommandLine:", "process.command_line:"), followed by a space or the end of the line.
const FIELD_NAMES = String.raw`(?:Parent)?(?:CommandLine|Image|ProcessId|ProcessGuid|User|CurrentDirectory|IntegrityLevel|OriginalFileName|TargetFilename|UtcTime|Hashes)|process(?:\.parent)?\.(?:command_line|executable|name|args)`;
const EVENT_FIELD_LABEL = new RegExp(String.raw`(?:^|\s)(?:${FIELD_NAMES})\s?:(?=\s|$)`);
const COMMAND_LINE_LABEL = /(?:^|\s)(?:CommandLine|process\.command_line)\s?:(?=\s|$)\s*/g;

/**
 * True for a line that holds an event's field labels (`Image: C:\…\cmd.exe CommandLine: cmd /c …`): a log
 * excerpt the page ran together with the command it recorded. No process's command line holds those labels.
 */
export function isLogExcerpt(commandLine: string): boolean {
  return EVENT_FIELD_LABEL.test(commandLine);
}

/**
 * The command a log excerpt recorded: the value of its last command-line field, up to the next field's
 * label; null when the line names no command-line field (an excerpt of only an image, a user, a hash, or no
 * excerpt at all: the caller keeps such a line as it is). The command-line labels are event-field labels, so
 * a line with one is always an excerpt.
 */
export function commandOfLogExcerpt(line: string): string | null {
  const labels = [...line.matchAll(COMMAND_LINE_LABEL)];
  const last = labels[labels.length - 1];
  if (last?.index === undefined) return null;
  const rest = line.slice(last.index + last[0].length);
  const nextLabel = rest.search(EVENT_FIELD_LABEL);
  const command = (nextLabel < 0 ? rest : rest.slice(0, nextLabel)).trim();
  return command.length > 0 ? command : null;
}
