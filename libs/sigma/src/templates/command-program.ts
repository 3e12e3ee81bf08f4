import { parseCommandLine, programRuns as observedRuns } from '@huntforge/observables';

/**
 * Which program a command line really runs, as the Sigma generator needs it. Articles quote what was typed
 * (`cmd /c start /b curl …`, `for /f … do call …`, `cd /tmp && wget …`), but process telemetry records each
 * program with its own command line: a rule's Image must be the program that ran, never a shell built-in.
 * The reading is libs/observables' command-line model; this only keeps the generator's shape of it.
 */
export interface ProgramRun {
  /** The program's file name as the process image ends (`curl.exe`, `wget`). */
  image: string;
  /** The command line that program was started with. */
  commandLine: string;
  /** A PowerShell cmdlet or alias: it runs inside powershell.exe, whose command line carries it. */
  viaPowerShell: boolean;
}

/**
 * The programs a command line runs, outermost wrappers removed, in order. A stage that only runs a
 * built-in gives none; a PowerShell cmdlet gives powershell.exe with its stage as command line.
 */
export function programRuns(commandLine: string, windows: boolean): ProgramRun[] {
  return observedRuns(commandLine, { windows }).map(({ image, commandLine: line, viaPowerShell }) => ({
    image,
    commandLine: line,
    viaPowerShell,
  }));
}

export { bareName, isShellBuiltin } from '@huntforge/observables';

/** The stages of a command line (`a && b | c; d`), as libs/observables' model splits it, wrappers not looked through. */
export function commandSegments(commandLine: string, platform: 'windows' | 'unix' = 'windows'): string[] {
  return parseCommandLine(commandLine, { platform }).invocations.map((invocation) => invocation.text.trim());
}
