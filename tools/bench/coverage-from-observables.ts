// Does coverage find what a lab saw? ../shared/external-suites/sigma-regression holds real Windows events (evtx_dump
// JSON) with the SigmaHQ rule each one fires. For each case this bench writes what a DFIR report would state about
// its events (the command line as logged, the parent when a report would name it, the registry value set or deleted,
// the file written, the task disabled…), runs the product's path on that text (runBuiltinExtraction, then
// CorpusCoverage over the synthetic telemetry of the observables, product windows, as rule-quality-coverage.ts and
// the sigma-queue responder call it) and counts how often coverage names the case's rule. Of the other rules
// coverage names, those that do not fire on the case's real events are claims beyond the truth ("already covered"
// by a rule the lab's telemetry would not have raised); those that also fire on the real events are right.
// A tune set for the synthetic telemetry (libs/sigma/src/evaluate); SigmaHQ's rules and events stay outside the
// repository. `--verbose` lists each case (named / lost by the extraction / missed, the statements, the rules claimed beyond the truth).
// Skipped with the reason when the suite or the corpus is absent. Prints figures; never asserts.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runBuiltinExtraction } from '@huntforge/observables';
import { recognise } from '@huntforge/telemetry';
import { corpusEngine, SIGMA_CORPUS_DIR } from './rule-quality-coverage';

const SUITE_DIR = resolve(__dirname, '..', '..', '..', 'shared', 'external-suites', 'sigma-regression');
const verbose = process.argv.includes('--verbose');

interface RegressionCase {
  case: string;
  rule_id: string;
  title: string;
  events_path: string;
  logsource: { category?: string; service?: string; product?: string };
}

type Fields = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

// Parents a report names only in passing, if at all: the intruder's own shell, the desktop. Any other parent
// (an Office program, a browser, a service host, a tool) is the point of the story and is stated.
const UNSTATED_PARENTS = /^(?:cmd|powershell|pwsh|explorer|conhost|windowsterminal|openconsole)\.exe$/i;

/** What a report would write about one recorded event, in the words the extraction reads. */
function statements(fields: Fields): string[] {
  const image = str(fields['Image']);
  switch (fields['Channel'] === 'Microsoft-Windows-Sysmon/Operational' ? Number(fields['EventID']) : -1) {
    case 1: {
      const lines = ['The intruder ran:', '', '```', str(fields['CommandLine']), '```', ''];
      const parent = str(fields['ParentImage']);
      if (parent && parent !== '-' && !UNSTATED_PARENTS.test(fileName(parent)))
        lines.push(`The process \`${fileName(parent)}\` spawned \`${fileName(image)}\`.`, '');
      return lines;
    }
    case 12:
    case 13:
    case 14: {
      const target = str(fields['TargetObject']);
      const type = str(fields['EventType']);
      if (/^Delete/i.test(type))
        return [`\`${fileName(image)}\` deleted the registry ${/Value/i.test(type) ? 'value' : 'key'} \`${target}\`.`, ''];
      const details = str(fields['Details']);
      return [`\`${fileName(image)}\` set the registry value \`${target}\`${details ? ` to \`${details}\`` : ''}.`, ''];
    }
    case 11:
      return [`\`${fileName(image)}\` wrote the file \`${str(fields['TargetFilename'])}\`.`, ''];
    case 7:
      return [`\`${image}\` loaded \`${str(fields['ImageLoaded'])}\`.`, ''];
    case 10:
      return [`\`${str(fields['SourceImage'])}\` opened \`${str(fields['TargetImage'])}\` (access ${str(fields['GrantedAccess'])}).`, ''];
    case 17:
    case 18:
      return [`\`${image}\` created the named pipe \`${str(fields['PipeName'])}\`.`, ''];
    case 16:
      return [`The Sysmon configuration was replaced with \`${str(fields['Configuration'])}\`.`, ''];
  }
  const task = str(fields['TaskName']);
  if (task) return [`The scheduled task \`${task}\` was disabled.`, ''];
  if (str(fields['TargetUserName']))
    return [`\`${fileName(str(fields['ProcessName']))}\` logged on as \`${str(fields['TargetUserName'])}\` with explicit credentials.`, ''];
  return [];
}

type Observable = { type: string; value: string; attributes?: Record<string, string> };

/**
 * The observables an extraction that missed nothing would hand coverage for the same statements (the command line
 * as logged, the stated parent → child pair, the registry key with its value's name and data, the task): the second
 * figure, coverage's own share of the misses, with extraction's losses taken out.
 */
function statedObservables(fields: Fields): Observable[] {
  const image = str(fields['Image']);
  switch (fields['Channel'] === 'Microsoft-Windows-Sysmon/Operational' ? Number(fields['EventID']) : -1) {
    case 1: {
      const parent = str(fields['ParentImage']);
      const stated = parent && parent !== '-' && !UNSTATED_PARENTS.test(fileName(parent));
      const pair = { parent: fileName(parent), child: fileName(image) };
      return [
        { type: 'cmdline', value: str(fields['CommandLine']) },
        ...(stated ? [{ type: 'process_lineage', value: `${pair.parent} -> ${pair.child}`, attributes: pair }] : []),
      ];
    }
    case 12:
    case 13:
    case 14: {
      const target = str(fields['TargetObject']);
      const cut = target.lastIndexOf('\\');
      const details = str(fields['Details']);
      return [
        {
          type: 'registry_key',
          value: target.slice(0, cut),
          attributes: { value_name: target.slice(cut + 1), ...(details ? { value_data: details } : {}) },
        },
      ];
    }
  }
  const task = str(fields['TaskName']);
  return task ? [{ type: 'scheduled_task', value: task }] : [];
}

/**
 * The command line as a report often rewrites it: the program by its name where the log has its quoted full path
 * (`"C:\WINDOWS\System32\Wbem\WMIC.exe" csproduct get` → `WMIC.exe csproduct get`), runs of spaces collapsed; the
 * third figure, whether the telemetry still logs it as Windows would from that shorter form.
 */
function reportStyle(observable: Observable): Observable {
  if (observable.type !== 'cmdline') return observable;
  const value = observable.value.replace(/^"[A-Za-z]:\\[^"]*\\([^"\\]+)"/, '$1').replace(/\s{2,}/g, ' ');
  return { ...observable, value };
}

function main(): void {
  if (!existsSync(join(SUITE_DIR, 'cases.jsonl'))) {
    console.log(`coverage-from-observables skipped: ${SUITE_DIR} is absent`);
    return;
  }
  const coverage = corpusEngine();
  if (!coverage) {
    console.log(`coverage-from-observables skipped: ${SIGMA_CORPUS_DIR} is absent`);
    return;
  }
  const cases = readFileSync(join(SUITE_DIR, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RegressionCase);
  const byCategory = new Map<string, { cases: number; named: number; observed: number }>();
  let named = 0;
  let observed = 0;
  let firesOnReal = 0;
  let others = 0;
  let namedDirect = 0;
  let othersDirect = 0;
  let beyondDirect = 0;
  let namedReportStyle = 0;
  let beyond = 0;
  const beyondTitles = new Map<string, number>();
  const log: string[] = [];
  for (const c of cases) {
    const category = c.logsource.category ?? c.logsource.service ?? 'other';
    const records = readFileSync(join(SUITE_DIR, c.events_path), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => recognise(JSON.parse(line) as Record<string, unknown>).fields as Fields);
    const text = [
      ...new Set(
        records
          .flatMap(statements)
          .join('\n')
          .split(/\n{2,}/),
      ),
    ].join('\n\n');
    const observables = runBuiltinExtraction(text, { platform: 'windows' }).observables.map((o) => ({
      type: o.type,
      value: o.value,
      attributes: o.attributes as Record<string, string>,
    }));
    const claimedBy = (list: readonly Observable[]) => {
      const rules = new Map<string, string>();
      for (const entry of coverage.cover(list, { product: 'windows' })) for (const rule of entry.rules) rules.set(rule.rule_id, rule.title);
      return rules;
    };
    const claimed = claimedBy(observables);
    const direct = claimedBy(records.flatMap(statedObservables));
    if (direct.has(c.rule_id)) namedDirect++;
    const reportHit = claimedBy(records.flatMap(statedObservables).map(reportStyle)).has(c.rule_id);
    if (reportHit) namedReportStyle++;
    const directExtra = [...direct.keys()].filter((id) => id !== c.rule_id);
    othersDirect += directExtra.length;
    const real = new Set(coverage.coverEvents(records, { product: 'windows' }).map((rule) => rule.rule_id));
    const hit = claimed.has(c.rule_id);
    const row = byCategory.get(category) ?? { cases: 0, named: 0, observed: 0 };
    row.cases++;
    if (hit) {
      row.named++;
      named++;
    }
    if (observables.length > 0) {
      row.observed++;
      observed++;
    }
    byCategory.set(category, row);
    if (real.has(c.rule_id)) firesOnReal++;
    const extra = [...claimed].filter(([id]) => id !== c.rule_id);
    const unfounded = extra.filter(([id]) => !real.has(id));
    beyondDirect += directExtra.filter((id) => !real.has(id)).length;
    others += extra.length;
    beyond += unfounded.length;
    for (const [, title] of unfounded) beyondTitles.set(title, (beyondTitles.get(title) ?? 0) + 1);
    if (verbose) {
      log.push(
        `${hit ? 'named ' : direct.has(c.rule_id) ? 'lost  ' : 'missed'} [${category}] ${c.title}: ${observables.length} observables, ${extra.length} others (${unfounded.length} beyond the real events)`,
      );
      if (direct.has(c.rule_id) && !reportHit) log.push('         not named from the report-style line');
      if (!hit)
        for (const line of text.split('\n').filter((l) => l.trim() && !/^```|^The intruder ran:$/.test(l))) log.push(`         ${line}`);
      for (const [, title] of unfounded) log.push(`         beyond: ${title}`);
    }
  }
  const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '-');
  console.log(`coverage-from-observables: ${cases.length} sigma-regression cases, corpus ${coverage.size.rules} rules`);
  console.log(`case rule named by coverage          ${named}/${cases.length} (${pct(named, cases.length)})`);
  console.log(`cases with an observable extracted   ${observed}/${cases.length}`);
  console.log(
    `named from the stated observables    ${namedDirect}/${cases.length} (${pct(namedDirect, cases.length)}; extraction bypassed), ${othersDirect} other rules (${beyondDirect} beyond the real events)`,
  );
  console.log(
    `named from report-style command lines ${namedReportStyle}/${cases.length} (${pct(namedReportStyle, cases.length)}; extraction bypassed)`,
  );
  console.log(`case rule fires on its real events   ${firesOnReal}/${cases.length} (the engine's ceiling)`);
  console.log(`other rules named                    ${others} (${beyond} of them fire on none of the case's real events)`);
  const rows = [...byCategory].sort(([, a], [, b]) => b.cases - a.cases);
  console.log(`named by logsource                   ${rows.map(([category, r]) => `${category} ${r.named}/${r.cases}`).join(', ')}`);
  if (verbose) {
    console.log(log.join('\n'));
    const top = [...beyondTitles].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log('most claimed beyond the real events:');
    for (const [title, count] of top) console.log(`  ${count}  ${title}`);
  }
}

main();
