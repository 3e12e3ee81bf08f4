import type { Command } from 'commander';

/** `huntforge sigma validate|similar`. */
export function registerSigmaCommands(program: Command): void {
  void program;
}
