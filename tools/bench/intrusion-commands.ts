// Whether the builtin SigmaAgent writes a behaviour rule for typical Windows intrusion command lines (our own fixture set,
// libs/sigma/src/templates/intrusion-commands.fixture.ts): each line is embedded in a short synthetic article, run
// through extraction and the generator as the pipeline runs them (with the SigmaHQ corpus's coverage when
// ../shared/sigma-corpus is there), and a line counts as covered when a process_creation rule fires on it. A line no
// rule fires on is printed with the first reason found on its way (not extracted, investigation step, housekeeping,
// a technique matched whose rule misses it, no rule for its program). The lines that must get no rule (an
// administrator's noise, the analyst's own steps) are counted too. Per covered line, the command-line values the
// SigmaHQ rules covering it matched that no firing rule keys on (spelling of a leading dash or slash aside): how far
// the rules are from SigmaHQ's keys. `--mode=wrapped|block|prose` quotes the lines as `cmd.exe /C` runs them, a stage
// to a block, or inline in prose; `--lines=<file>` tries other lines; `--rules` prints the rules firing on each line.
// Prints figures; never asserts (intrusion-commands.spec.ts asserts).
import { readFileSync } from 'node:fs';
import { runBuiltinExtraction, type Platform } from '@huntforge/observables';
import {
  builtinSigmaInput,
  corpusChecks,
  generateBuiltinRules,
  renderRule,
  selfTestGenerated,
  type BuiltinSigmaInput,
} from '@huntforge/sigma';
/* eslint-disable @nx/enforce-module-boundaries -- a bench of the generator's own steps: to say why a line got no rule it
   asks the steps the package does not export (investigation step, technique match), and reads the spec's fixture. */
import { INTRUSION_COMMANDS, NOT_INTRUSION } from '../../libs/sigma/src/templates/intrusion-commands.fixture';
import { isInvestigationStep } from '../../libs/sigma/src/templates/investigation-steps';
import { techniqueOf } from '../../libs/sigma/src/templates/technique-match';
import { bareName, programRuns } from '../../libs/sigma/src/templates/command-program';
import { asExecuted } from '../../libs/sigma/src/templates/command-values';
/* eslint-enable @nx/enforce-module-boundaries */
import { corpusEngine, generatorCoverage } from './rule-quality-coverage';

const printRules = process.argv.includes('--rules');
const withoutCoverage = process.argv.includes('--without-coverage');
const engine = withoutCoverage ? null : corpusEngine();
const HOUSEKEEPING = /^(?:cat|less|more|head|tail|ls|dir|stat|rm|del|erase|mkdir|md|touch|type)$/i;

// How a report quotes the line: alone in a fenced block, as the process telemetry shows it (Cobalt Strike's `shell`
// runs it under `cmd.exe /C`), with the other lines of its stage in one block, or inline in a sentence.
type Mode = 'alone' | 'wrapped' | 'block' | 'prose';
const mode = (process.argv.find((arg) => arg.startsWith('--mode='))?.slice('--mode='.length) ?? 'alone') as Mode;

const quoted = (line: string) => (mode === 'wrapped' ? `C:\\Windows\\system32\\cmd.exe /C ${line}` : line);

function articleOf(lines: readonly string[], leadIn: string): string {
  const body =
    mode === 'prose'
      ? lines.map((line) => `The threat actor then executed \`${quoted(line)}\` on the server.`)
      : [leadIn, '', '```', ...lines.map(quoted), '```'];
  return [
    '# An intrusion seen by our fixture',
    '',
    'The intrusion began with a phishing email. Once on the first server the threat actor moved quickly.',
    '',
    ...body,
    '',
    'The activity continued for several hours before the ransomware was deployed.',
  ].join('\n');
}

function coverageOf(observables: ReturnType<typeof runBuiltinExtraction>['observables']): BuiltinSigmaInput['coverage'] {
  return generatorCoverage(engine, observables, 'windows');
}

interface Verdict {
  line: string;
  extracted: boolean;
  firing: Array<{ title: string; yaml: string }>;
  rules: number;
  reason: string;
  /** CommandLine values the SigmaHQ rules covering the line matched that no firing rule keys on (spelling aside). */
  sigmaMissed: string[];
}

const keyed = (value: string) => value.trim().toLowerCase().replace(/^[-/]/, '');

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The verdict on each line of one synthetic article holding them all. */
function verdictsOf(fixtureLines: readonly string[], leadIn: string): Verdict[] {
  const content = articleOf(fixtureLines, leadIn);
  const platform: Platform = 'windows';
  const extraction = runBuiltinExtraction(content, { platform, articleUrl: 'https://fixture.example.org/intrusion' });
  const drafts = generateBuiltinRules(
    builtinSigmaInput(
      { title: 'An intrusion seen by our fixture', url: 'https://fixture.example.org/intrusion', date: '2026-11-28' },
      'windows',
      extraction,
      content,
      coverageOf(extraction.observables),
    ),
    corpusChecks,
  );
  const commandLines = extraction.observables.filter((o) => o.type === 'cmdline');
  const coverage = coverageOf(extraction.observables);
  const fired = drafts
    .filter((draft) => draft.telemetryClass === 'process_creation')
    .map((draft) => ({
      draft,
      on: selfTestGenerated(draft.rule as Record<string, unknown>, extraction.observables, content).fired_on,
    }));
  return fixtureLines.map((line) => {
    const mine = commandLines.filter((o) => squeezed(o.value).includes(squeezed(line)) || squeezed(line).includes(squeezed(o.value)));
    const firing = fired
      .filter(({ on }) => mine.some((o) => on.includes(`cmdline: ${o.value}`)))
      .map(({ draft }) => ({ title: draft.rule.title, yaml: renderRule(draft.rule as Record<string, unknown>) }));
    const reason = firing.length ? '' : reasonOf(line, mine.length > 0, drafts.length);
    const ours = new Set(
      firing.flatMap(({ yaml }) =>
        yaml.split('\n').map((row) => keyed(row.replace(/^\s*(?:- )?(?:[\w|]+:\s*)?/, '').replace(/^'|'$/g, ''))),
      ),
    );
    const sigma = (coverage?.covered ?? [])
      .filter((entry) => mine.some((o) => entry.observable === `cmdline: ${o.value}`))
      .flatMap((entry) => entry.rules.flatMap((rule) => rule.matched ?? []))
      .filter((item) => item.field?.toLowerCase() === 'commandline')
      .flatMap((item) => item.values.filter((value): value is string => typeof value === 'string'));
    const sigmaMissed = [...new Set(sigma.map(keyed))].filter((value) => !ours.has(value));
    return { line, extracted: mine.length > 0, firing, rules: drafts.length, reason, sigmaMissed };
  });
}

function reasonOf(line: string, extracted: boolean, rules: number): string {
  if (!extracted) return 'not extracted as a command line';
  const executed = asExecuted(line);
  if (isInvestigationStep(executed, true)) return 'investigation step';
  const runs = programRuns(executed, true);
  const run = runs[0];
  if (!run) return 'no program run read';
  if (HOUSEKEEPING.test(bareName(run.image))) return 'housekeeping';
  const technique = techniqueOf(run.image, run.commandLine, 'windows');
  if (technique) return `technique ${technique.id} matched, its rule misses the line`;
  return rules === 0 ? `no rule at all (program ${run.image})` : `no process rule fires (program ${run.image}; ${rules} other rules)`;
}

const LEAD_IN = 'The threat actor then ran the following commands on the compromised server:';
// `--lines=<file>`: one command line a line, read instead of the fixture (to try a variant before adding it).
const linesFile = process.argv.find((arg) => arg.startsWith('--lines='))?.slice('--lines='.length);
const FIXTURE = linesFile
  ? readFileSync(linesFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => ({ stage: 'discovery' as const, line }))
  : INTRUSION_COMMANDS;
const verdicts =
  mode === 'block'
    ? [...new Set(FIXTURE.map(({ stage }) => stage))].flatMap((stage) =>
        verdictsOf(
          FIXTURE.filter((command) => command.stage === stage).map(({ line }) => line),
          LEAD_IN,
        ),
      )
    : FIXTURE.flatMap(({ line }) => verdictsOf([line], LEAD_IN));
const covered = verdicts.filter((verdict) => verdict.firing.length > 0);
console.log(`intrusion lines a process rule fires on (${mode})  ${covered.length}/${verdicts.length}`);
const sigmaKeys = verdicts.reduce((sum, v) => sum + v.sigmaMissed.length, 0);
console.log(
  `SigmaHQ command-line keys of the covering rules no firing rule keys  ${sigmaKeys} (over ${verdicts.filter((v) => v.sigmaMissed.length).length} lines)`,
);
const reasons = new Map<string, number>();
for (const verdict of verdicts.filter((v) => v.firing.length === 0)) {
  const kind = verdict.reason.replace(/\s*\(.*\)$|\s+\S+ matched.*$/, (tail) => (tail.includes('matched') ? ' matched' : ''));
  reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
}
for (const [reason, count] of [...reasons.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(3)}  ${reason}`);
console.log('\nuncovered:');
for (const verdict of verdicts.filter((v) => v.firing.length === 0)) console.log(`  ${verdict.line}\n      -> ${verdict.reason}`);
if (printRules) {
  for (const verdict of covered) {
    console.log(`\n=== ${verdict.line}`);
    for (const rule of verdict.firing) console.log(rule.yaml);
  }
} else {
  console.log('\ncovered:');
  for (const verdict of covered) {
    console.log(`  ${verdict.line}\n      <- ${verdict.firing.map((rule) => rule.title).join(' | ')}`);
    if (verdict.sigmaMissed.length) console.log(`      SigmaHQ keys not keyed: ${verdict.sigmaMissed.join(' , ')}`);
  }
}
const noise = NOT_INTRUSION.flatMap(({ line, leadIn }) => verdictsOf([line], leadIn));
console.log(`\nnot-intrusion lines some process rule fires on  ${noise.filter((v) => v.firing.length > 0).length}/${noise.length}`);
for (const verdict of noise.filter((v) => v.firing.length > 0))
  console.log(`  ${verdict.line} <- ${verdict.firing.map((r) => r.title).join(' | ')}`);
