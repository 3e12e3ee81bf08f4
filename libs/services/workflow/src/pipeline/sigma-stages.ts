import { load } from 'js-yaml';
import type { CoveringRule, ExecutionCoverage, ExtractionResult } from '@huntforge/contracts';
import { asExecuted, escapeRegex, type SelfTestResult } from '@huntforge/sigma';
import type { ExecutionRow, StageRecorder } from './pipeline-port';
import type { AgentRunner, DomainPorts, PipelineArticle, PlatformResult, RuleCandidate, ServicePorts, ValidationReport } from './ports';
import type { PipelineSnapshot } from './snapshot';

export const MAX_REPAIR_ATTEMPTS = 3;

interface GeneratedRule {
  source: 'generated';
  telemetry_class: string;
  title: string | null;
  level: string | null;
  tags: string[];
  logsource: unknown;
  detection: unknown;
  condition: unknown;
  yaml: string;
  validation: ValidationReport;
  repair_attempts: Array<{ attempt: number; findings: ValidationReport['findings']; valid_after: boolean }>;
  fidelity: { ok: boolean; unsupported_values: string[] };
  /** Whether the rule fires on the synthetic telemetry of the article's observables (which ones). */
  self_test: SelfTestResult;
  /** Reference rules that already fire on the observables this rule fires on: the behaviour is covered. */
  covered_by: CoveringRule[];
  similarity?: { max_similarity: number; inconclusive: boolean; matches: unknown[] };
  queue: { outcome: 'queued' | 'duplicate' | 'linked' | 'invalid'; queue_id?: number; status?: string; duplicate_of?: unknown };
}

function parsedFields(yaml: string) {
  try {
    const rule = load(yaml) as Record<string, unknown> | null;
    const detection = (rule?.['detection'] ?? null) as Record<string, unknown> | null;
    return {
      title: typeof rule?.['title'] === 'string' ? (rule['title'] as string) : null,
      level: typeof rule?.['level'] === 'string' ? (rule['level'] as string) : null,
      tags: Array.isArray(rule?.['tags']) ? (rule['tags'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
      logsource: rule?.['logsource'] ?? null,
      detection,
      condition: detection?.['condition'] ?? null,
    };
  } catch {
    return { title: null, level: null, tags: [], logsource: null, detection: null, condition: null };
  }
}

const normalise = (value: string) => value.toLowerCase().replace(/^[\\/*]+|[*]+$/g, '').replace(/\s+/g, ' ').trim();

// PowerShell code runs in powershell.exe or pwsh.exe: a rule on a cmdlet line names both hosts.
const POWERSHELL_HOSTS = new Set(['powershell.exe', 'pwsh.exe']);
const POWERSHELL_CODE = /\b(?:powershell|pwsh|iex|irm|iwr|(?:invoke|get|set|new|start|add|remove)-[a-z]+)\b/;

/** `sc.exe` is what the article means by a bare `sc` run as a command: the name alone, as a word. */
function bareProgramNamed(needle: string, haystack: string): boolean {
  if (POWERSHELL_HOSTS.has(needle)) return POWERSHELL_CODE.test(haystack);
  const stem = /^([\w-]+)\.exe$/.exec(needle)?.[1];
  return stem !== undefined && new RegExp(`(?:^|[\\s"'\\\\/(])${escapeRegex(stem)}(?=[\\s"')]|$)`).test(haystack);
}

const SYSMON_NUMBER = /^(dword|qword) \((0x[0-9a-f]{8})(?:-(0x[0-9a-f]{8}))?\)$/;

/**
 * Sysmon records a DWORD or QWORD value's data as `DWORD (0x00000004)`: a rule requiring it is backed by
 * the article when the number itself is stated there, in decimal or in hex (`/d 4`, `Start = 0x4`).
 */
function registryNumberStated(needle: string, haystack: string): boolean {
  const match = SYSMON_NUMBER.exec(needle);
  if (!match) return false;
  const number = match[1] === 'qword' && match[3] ? (BigInt(match[2] as string) << 32n) | BigInt(match[3]) : BigInt(match[2] as string);
  const spellings = [number.toString(), `0x${number.toString(16)}`, `0x${number.toString(16).padStart(8, '0')}`];
  // A whole number: not part of a longer one or of a version (4.2), though a sentence may end right after it.
  return spellings.some((spelling) => new RegExp(`(?:^|[^\\w.])${spelling}(?!\\w|\\.\\d)`).test(haystack));
}

/** Every literal detection value must come from the article or the observables (refanged); otherwise the rule is flagged. */
export function fidelityCheck(values: string[], article: PipelineArticle, extraction: ExtractionResult): { ok: boolean; unsupported_values: string[] } {
  // Rules carry values as telemetry records them: refanged, a batch file's %%VAR%% undoubled.
  const stated = `${article.content}\n${extraction.observables.map((o) => o.value).join('\n')}`;
  const haystack = normalise(`${stated}\n${asExecuted(stated)}`);
  const unsupported = values.filter((value) => {
    const needle = normalise(value);
    return needle.length > 0 && !/^\d+$/.test(needle) && !haystack.includes(needle) && !bareProgramNamed(needle, haystack) && !registryNumberStated(needle, haystack);
  });
  return { ok: unsupported.length === 0, unsupported_values: unsupported };
}

async function validateWithRepair(
  candidate: RuleCandidate,
  ctx: { agents: AgentRunner; domain: DomainPorts; article: PipelineArticle; signal: AbortSignal; usage: unknown[] },
) {
  let yaml = candidate.yaml;
  let validation = ctx.domain.validateSigma(yaml);
  const attempts: GeneratedRule['repair_attempts'] = [];
  while (!validation.valid && attempts.length < MAX_REPAIR_ATTEMPTS) {
    const repaired = await ctx.agents.repairSigma({ rule: { ...candidate, yaml }, findings: validation.findings, article: ctx.article }, ctx.signal);
    ctx.usage.push(...(repaired.usage ?? []));
    const findings = validation.findings;
    yaml = repaired.yaml;
    validation = ctx.domain.validateSigma(yaml);
    attempts.push({ attempt: attempts.length + 1, findings, valid_after: validation.valid });
  }
  return { yaml, validation, attempts };
}

const MAX_COVERING = 10;
/** Observables kept with each queued rule for its self-test (an article rarely has more). */
const MAX_RECORDED_OBSERVABLES = 150;

/** The reference rules that fire on the observables a generated rule fires on, most relevant first. */
function coveredBy(coverage: ExecutionCoverage | null, firedOn: readonly string[]): CoveringRule[] {
  if (!coverage) return [];
  const rules = new Map<string, CoveringRule>();
  for (const entry of coverage.covered) {
    if (!firedOn.includes(entry.observable)) continue;
    for (const rule of entry.rules) if (!rules.has(rule.rule_id)) rules.set(rule.rule_id, rule);
  }
  return [...rules.values()].slice(0, MAX_COVERING);
}

export async function generateAndPromote(input: {
  recorder: StageRecorder;
  deps: { services: ServicePorts; domain: DomainPorts };
  agents: AgentRunner;
  article: PipelineArticle;
  execution: ExecutionRow;
  snapshot: PipelineSnapshot;
  platform: PlatformResult | null;
  extraction: ExtractionResult;
  coverage: ExecutionCoverage | null;
}): Promise<GeneratedRule[]> {
  const { recorder, deps, agents, article, extraction } = input;
  const { signal } = recorder;

  const rules = await recorder.stage('sigma_generation', async (log) => {
    const usage: unknown[] = [];
    const generated = await agents.generateSigma({ article, platform: input.platform?.os ?? 'unknown', extraction }, signal);
    usage.push(...(generated.usage ?? []));
    const out: GeneratedRule[] = [];
    for (const candidate of generated.rules) {
      const repaired = await validateWithRepair(candidate, { agents, domain: deps.domain, article, signal, usage });
      const { attempts } = repaired;
      const selfTest: SelfTestResult = repaired.validation.valid ? deps.domain.selfTest(repaired.yaml, extraction.observables) : { fires: false, events: 0, fired_on: [] };
      // Firings on ordinary machines' telemetry are written into the rule before anyone reviews it.
      const yaml = deps.domain.noteBaselineFirings(repaired.yaml, selfTest.baseline);
      const validation = yaml === repaired.yaml ? repaired.validation : deps.domain.validateSigma(yaml);
      const fidelity = fidelityCheck(deps.domain.detectionValues(yaml), article, extraction);
      const fields = parsedFields(yaml);
      log(
        `${fields.title ?? candidate.telemetryClass}: ${validation.valid ? 'valid' : 'invalid'}${attempts.length ? ` after ${attempts.length} repair(s)` : ''}` +
          `${fidelity.ok ? '' : `; unsupported values ${fidelity.unsupported_values.join(', ')}`}` +
          `${validation.valid && !selfTest.fires ? `; fires on none of the ${selfTest.events} events of the observables, so it needs review` : ''}` +
          `${selfTest.baseline?.fires ? `; fires on ${selfTest.baseline.fires} of ${selfTest.baseline.events} benign baseline events, level lowered` : ''}`,
      );
      out.push({
        source: 'generated',
        telemetry_class: candidate.telemetryClass,
        ...fields,
        yaml,
        validation,
        repair_attempts: attempts,
        fidelity,
        self_test: selfTest,
        covered_by: coveredBy(input.coverage, selfTest.fired_on),
        queue: { outcome: validation.valid ? 'queued' : 'invalid' },
      });
    }
    // Rules for what the corpus does not detect yet come first.
    out.sort((a, b) => Number(a.covered_by.length > 0) - Number(b.covered_by.length > 0));
    return {
      value: out,
      summary: {
        generated: out.length,
        valid: out.filter((r) => r.validation.valid).length,
        repaired: out.filter((r) => r.repair_attempts.length > 0).length,
        fidelity_flagged: out.filter((r) => !r.fidelity.ok).length,
        not_firing: out.filter((r) => r.validation.valid && !r.self_test.fires).length,
        baseline_firing: out.filter((r) => (r.self_test.baseline?.fires ?? 0) > 0).length,
      },
      usage,
    };
  });

  const recordedObservables = extraction.observables.slice(0, MAX_RECORDED_OBSERVABLES).map((o) => ({ type: o.type, value: o.value, attributes: o.attributes }));
  await recorder.stage('similarity', async (log) => {
    const threshold = input.snapshot.thresholds.SimilarityThreshold;
    const comparable = rules.filter((rule) => rule.validation.valid);
    // Queue promotion rule, applied by the queue in the same step as its comparison: a conclusive
    // max_similarity >= SimilarityThreshold (inclusive) is a duplicate; below, or inconclusive, is queued.
    // One request for all the rules; one duplicate never suppresses the others.
    const results =
      comparable.length === 0
        ? []
        : await deps.services.enqueue(
            {
              executionId: input.execution.id,
              articleId: article.id,
              rules: comparable.map((rule) => ({
                source: 'generated' as const,
                status: rule.fidelity.ok && rule.self_test.fires && rule.covered_by.length === 0 ? ('pending' as const) : ('needs_review' as const),
                ruleYaml: rule.yaml,
                // The queue shows the self-test and runs it again on an edited rule, from these observables.
                provenance: { self_test: rule.self_test, observables: recordedObservables, ...(rule.covered_by.length > 0 ? { covered_by: rule.covered_by } : {}) },
                similarityThreshold: threshold,
              })),
            },
            signal,
          );
    comparable.forEach((rule, i) => {
      const result = results[i];
      if (!result) throw new Error(`the queue answered ${results.length} results for ${comparable.length} rules`);
      rule.similarity = { max_similarity: result.maxSimilarity ?? 0, inconclusive: result.inconclusive, matches: result.matches.slice(0, 10) };
      if (result.outcome === 'duplicate') {
        rule.queue = { outcome: 'duplicate', duplicate_of: result.matches[0] ?? null };
        log(`${rule.title}: duplicate (${result.maxSimilarity} >= ${threshold})`);
        return;
      }
      if (result.outcome === 'linked') {
        rule.queue = { outcome: 'linked', queue_id: result.queueId, status: result.status };
        log(`${rule.title}: same as queue item #${result.queueId} (${result.status}, similarity ${result.maxSimilarity} >= ${threshold}); linked, not queued again`);
        return;
      }
      rule.queue = { outcome: 'queued', queue_id: result.queueId, status: result.status };
      log(`${rule.title}: queued as ${result.queueId} (${result.status}, max similarity ${result.maxSimilarity}${result.inconclusive ? ', inconclusive' : ''})`);
    });
    return {
      value: null,
      summary: {
        threshold,
        queued: rules.filter((r) => r.queue.outcome === 'queued').length,
        duplicates: rules.filter((r) => r.queue.outcome === 'duplicate').length,
        linked: rules.filter((r) => r.queue.outcome === 'linked').length,
        invalid: rules.filter((r) => r.queue.outcome === 'invalid').length,
      },
    };
  });
  return rules;
}
