import { commandFacts, type CommandFacts } from './facts';
import { decodeEncodedCommand, type Invocation } from './parse';

// Windows tools' switch names are read lower-cased (parse.ts), so these need no case folding.
const ENCODED_SWITCH = /^-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)$/;
const COMMAND_SWITCH = /^-(?:c|co|com|comm|comma|comman|command)$/;

/**
 * The code PowerShell logs as a script block (4104) for a command line, if it runs any: what follows -Command,
 * the decoded -EncodedCommand, or a cmdlet line typed at a PowerShell prompt as it stands. The log records this
 * code however it reached PowerShell: the generator keys script-block rules on it, coverage builds 4104 events of it.
 */
export function scriptBlockCodeOf(facts: CommandFacts): string | null {
  const host = facts.invocations.find((invocation) => invocation.name === 'powershell' || invocation.name === 'pwsh');
  if (host) return hostedCode(host);
  // A cmdlet typed at a PowerShell prompt is logged as it stands.
  const [first] = facts.programs;
  return first?.viaPowerShell && first.invocation === facts.parsed.invocations[0] ? facts.parsed.text.trim() : null;
}

/** scriptBlockCodeOf for a command line as it ran, read as a Windows line. */
export function scriptBlockCode(executed: string): string | null {
  return scriptBlockCodeOf(commandFacts(executed.trim(), { platform: 'windows' }));
}

function hostedCode(powershell: Invocation): string | null {
  const encoded = powershell.switches.find((option) => ENCODED_SWITCH.test(option.name))?.value;
  if (encoded) return decodeEncodedCommand(encoded.value);
  const command = powershell.switches.find((option) => COMMAND_SWITCH.test(option.name));
  if (!command) return null;
  const code = powershell.text.slice(command.word.end - powershell.start).trim();
  return code ? code.replace(/^"([\s\S]*)"$/, '$1') : null;
}
