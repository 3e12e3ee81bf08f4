import { Command } from 'commander';
import { HUNTFORGE_VERSION } from '@huntforge/contracts';
import { registerSigmaCommands } from './commands/sigma';

const program = new Command()
  .name('huntforge')
  .description('Huntforge: CTI articles in, reviewed Sigma detections out.')
  .version(HUNTFORGE_VERSION, '-V, --version', 'print the Huntforge version')
  .showHelpAfterError();

/**
 * `huntforge sigma …` runs over large logs and rule folders as a one-shot tool: it does not load the
 * service stack the other commands need (HTTP server, database drivers, provider SDKs, HTML parsing),
 * which costs seconds of start-up. Every other invocation, help included, registers everything.
 */
async function registerCommands(): Promise<void> {
  if (process.argv[2] === 'sigma') {
    registerSigmaCommands(program);
    return;
  }
  const [start, tokens, db, mcp, backup, backupSchedule] = await Promise.all([
    import('./commands/start'),
    import('./commands/tokens'),
    import('./commands/db'),
    import('./commands/mcp'),
    import('./commands/backup'),
    import('./commands/backup-schedule'),
  ]);
  start.registerStartCommand(program);
  tokens.registerTokenCommands(program);
  db.registerDbCommands(program);
  registerSigmaCommands(program);
  mcp.registerMcpCommand(program);
  backupSchedule.addBackupScheduleCommands(backup.registerBackupCommands(program));
}

registerCommands()
  .then(() => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    process.stderr.write(`huntforge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
