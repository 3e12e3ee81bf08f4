/**
 * The one command-line model: every extractor, the Sigma generator and the services read command lines
 * through it. `parseCommandLine` reads a line as cmd.exe, PowerShell or a POSIX shell would (stages and
 * their joiners, programs, sub-commands, switches with their values, positionals, redirects, comments, and
 * what each wrapper runs in turn); `commandFacts` adds what the line does: the processes it starts
 * (`programRuns`), the registry values it writes (`registryOperation`), the services, systemd units and
 * launchd jobs it creates or controls (`serviceOperations`), the scheduled tasks, `at` jobs and cron lines
 * it installs (`taskOperations`), and the URLs, hosts and paths it names.
 */
export { lex, type Dialect, type Operator, type Token, type Word } from './lex';
export {
  allInvocations,
  decodeEncodedCommand,
  guessDialect,
  parseCommandLine,
  type Invocation,
  type ParsedCommandLine,
  type ParseOptions,
  type Redirect,
  type Switch,
} from './parse';
export { commandFacts, programRuns, type CommandFacts, type ProgramRun } from './facts';
export { scriptBlockCode, scriptBlockCodeOf } from './script-block-code';
export {
  isRegistryProviderPath,
  normaliseRegistryType,
  registryOperation,
  type RegistryAction,
  type RegistryOperation,
} from './registry-operations';
export { serviceOperations, type ServiceManager, type ServiceOperation } from './service-operations';
export { cronEntry, taskOperations, type TaskManager, type TaskOperation } from './task-operations';
export {
  AMBIGUOUS_COMMANDS,
  bareName,
  CMD_BUILTIN_NAMES,
  isCmdletName,
  isCommandToken,
  isDistinctiveCommand,
  isShellBuiltin,
  KNOWN_COMMANDS,
  WINDOWS_COMMANDS,
  POSIX_BUILTIN_NAMES,
  POWERSHELL_ALIAS_CMDLETS,
  programName,
  SUBCOMMANDS,
} from './programs';
export { embeddedInvocations, logicalLineEnd, type EmbeddedInvocation } from './embedded';
export { commandFields, commandOfEventFields, hasEventFieldLabel, type EventFields, type FieldValue } from './event-fields';
