import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { runConvert, type ConvertCommandOptions } from './sigma/convert-command';
import { HUNT_LEVELS, runHunt, type HuntOptions } from './sigma/hunt-command';
import { runSimilar } from './sigma/similar-command';
import { runTest } from './sigma/test-command';
import { runValidate, type CommandResult } from './sigma/validate-command';

function emit(result: CommandResult): void {
  process.stdout.write(result.output);
  process.exitCode = result.exitCode;
}

function positiveInt(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100) throw new InvalidArgumentError('expected an integer from 1 to 100');
  return parsed;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const formatOption = () => new Option('--format <format>', 'output format').choices(['text', 'json']).default('text');

/** `huntforge sigma validate|similar|test|convert|index`. */
export function registerSigmaCommands(program: Command): void {
  const sigma = program.command('sigma').description('Sigma rule tools');
  sigma
    .command('validate')
    .description('validate Sigma rules (files or folders, recursive); exit 1 when any rule is invalid')
    .argument('<paths...>', 'rule files or folders')
    .addOption(formatOption())
    .action((paths: string[], options: { format: 'text' | 'json' }) => emit(runValidate(paths, options)));
  sigma
    .command('similar')
    .description('find the rules of a corpus most similar to RULE.yml')
    .argument('<rule>', 'the rule file')
    .option('--corpus <dir>', 'corpus folder (default: the synced reference corpus under DATA_DIR)')
    .option('--top <n>', 'matches to show', positiveInt, 10)
    .addOption(formatOption())
    .action((ruleFile: string, options: { corpus?: string; top: number; format: 'text' | 'json' }) => {
      const corpus = options.corpus ?? join(process.env.DATA_DIR ?? '.data', 'sigma', 'reference');
      if (!existsSync(corpus)) throw new Error(`corpus folder ${corpus} does not exist; pass --corpus DIR`);
      emit(runSimilar(ruleFile, { corpus, top: options.top, format: options.format }));
    });
  sigma
    .command('test')
    .description('run Sigma rules and correlations (files or folders) over events; print which rules match which events')
    .argument('<paths...>', 'rule files or folders')
    .requiredOption(
      '--events <file...>',
      'event files, read in order: EVTX, JSON Lines, JSON (CloudTrail Records too), event XML, syslog with Sysmon for Linux, gzipped or not (events are numbered from 0 across the files)',
    )
    .option('--placeholders <file>', 'JSON object of %placeholder% values for |expand')
    .option(
      '--time-field <field>',
      "event field with the event time, for correlation rules (default: the event's own time, else timestamp)",
    )
    .option(
      '--pipeline <name|file>',
      'processing pipeline applied to every rule before it runs: a registered name (sysmon, windows-audit, …) or a pySigma pipeline YAML file (repeatable)',
      collect,
      [],
    )
    .option('--pipeline-arg <key=value>', 'argument of the named pipelines (repeatable)', collect, [])
    .addOption(formatOption())
    .action(
      async (
        paths: string[],
        options: {
          events: string[];
          placeholders?: string;
          timeField?: string;
          pipeline: string[];
          pipelineArg: string[];
          format: 'text' | 'json';
        },
      ) => emit(await runTest(paths, options)),
    );
  sigma
    .command('convert')
    .description('convert Sigma rules (files or folders) to queries of a SIEM target, as pySigma backends write them')
    .argument('<paths...>', 'rule files or folders')
    .requiredOption('--target <target>', 'splunk, splunk_spl2, lucene, eql, esql, elastalert, kusto or test')
    .option('--pipeline <name|file>', 'processing pipeline: a registered name or a pySigma pipeline YAML file (repeatable)', collect, [])
    .option('--pipeline-arg <key=value>', 'argument of the named pipelines, e.g. query_table=imFileEvent (repeatable)', collect, [])
    .option('--output-format <format>', "the target's output format (default: plain queries)")
    .option('--backend-option <key=value>', 'backend option (repeatable)', collect, [])
    .option('--correlation-method <method>', 'correlation method of the target')
    .addOption(formatOption())
    .action((paths: string[], options: ConvertCommandOptions) => emit(runConvert(paths, options)));
  sigma
    .command('hunt')
    .description(
      'hunt through event logs with Sigma rules: every detection in time order, with its machine, rule, level and the fields that matched',
    )
    .argument('<paths...>', 'rule files or folders')
    .requiredOption(
      '--events <file...>',
      'event files: EVTX, JSON Lines, JSON (CloudTrail Records too), event XML, syslog with Sysmon for Linux, gzipped or not',
    )
    .option('--from <time>', 'only events at or after this time (ISO-8601)')
    .option('--to <time>', 'only events before this time (ISO-8601)')
    .addOption(new Option('--level <level>', 'only rules of this level or above').choices([...HUNT_LEVELS]))
    .option('--placeholders <file>', 'JSON object of %placeholder% values for |expand')
    .option(
      '--pipeline <name|file>',
      'processing pipeline applied to every rule before it runs: a registered name or a pySigma pipeline YAML file (repeatable)',
      collect,
      [],
    )
    .option('--pipeline-arg <key=value>', 'argument of the named pipelines (repeatable)', collect, [])
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'))
    .action(async (paths: string[], options: HuntOptions) => emit(await runHunt(paths, options)));
  sigma
    .command('index')
    .description(
      "index a folder of rules (a SigmaHQ checkout or a customer repository) into the service's reference corpus; rules of that origin missing from the folder are removed",
    )
    .argument('<dir>', 'the rules folder')
    .addOption(
      new Option('--origin <origin>', 'sigmahq for a SigmaHQ checkout, customer for your own rules')
        .choices(['sigmahq', 'customer'])
        .default('customer'),
    )
    .addOption(formatOption())
    // Loaded when used: indexing needs the database and the service, which the other sigma commands do not.
    .action(async (dir: string, options: { origin: 'sigmahq' | 'customer'; format: 'text' | 'json' }) =>
      emit(await (await import('./sigma/index-command')).runIndex(dir, options)),
    );
}
