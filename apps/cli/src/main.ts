import { Command } from 'commander';
import { HUNTFORGE_VERSION } from '@huntforge/contracts';
import { registerBackupCommands } from './commands/backup';
import { addBackupScheduleCommands } from './commands/backup-schedule';
import { registerDbCommands } from './commands/db';
import { registerMcpCommand } from './commands/mcp';
import { registerSigmaCommands } from './commands/sigma';
import { registerStartCommand } from './commands/start';
import { registerTokenCommands } from './commands/tokens';

const program = new Command()
  .name('huntforge')
  .description('Huntforge: CTI articles in, reviewed Sigma detections out.')
  .version(HUNTFORGE_VERSION, '-V, --version', 'print the Huntforge version')
  .showHelpAfterError();

registerStartCommand(program);
registerTokenCommands(program);
registerDbCommands(program);
registerSigmaCommands(program);
registerMcpCommand(program);
addBackupScheduleCommands(registerBackupCommands(program));

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`huntforge: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
