import {
  findSimilarSigmaRulesInputSchema,
  findSimilarSigmaRulesOutputSchema,
  getSigmaRuleInputSchema,
  getSigmaRuleOutputSchema,
  MCP_ERROR_CODES,
  searchSigmaRulesInputSchema,
  searchSigmaRulesOutputSchema,
} from '@huntforge/contracts/mcp';
import { analyseRuleText, SimilarityIndex } from '@huntforge/sigma';
import { decodeCursor, encodeCursor } from '../../pagination/cursor';
import type { ReferenceRuleRow } from '../../repositories/sigma-read-repository';
import { attributionOf } from '../attribution';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';
import { ToolError } from '../../errors/tool-error';
import { toQueueSummary } from './queue-tools';

type Sigma<M extends keyof McpPorts['sigma']> = { sigma: Pick<McpPorts['sigma'], M> };

export type SearchSigmaRulesDeps = Sigma<'searchReference' | 'searchQueue'>;
export type GetSigmaRuleDeps = Sigma<'findReference' | 'findQueueItem'>;
export type FindSimilarSigmaRulesDeps = Sigma<'candidatesFor'>;

/** How many reference rules one similarity question may pull from the database. */
const MAX_SIMILARITY_CANDIDATES = 2_000;

function toReferenceSummary(row: ReferenceRuleRow) {
  return {
    kind: 'reference' as const,
    rule_id: row.rule_id,
    title: row.title,
    origin: row.origin,
    level: row.level,
    status: row.status,
    tags: row.tags,
    logsource: row.logsource,
    path: row.path,
    attribution: attributionOf(row),
  };
}

/** `T1059.001` / `attack.t1059` → `attack.t1059.001` / `attack.t1059` (the tag spelling Sigma uses). */
function techniqueTag(technique: string | undefined): string | undefined {
  if (!technique) return undefined;
  const lower = technique.toLowerCase();
  return lower.startsWith('attack.') ? lower : `attack.${lower}`;
}

function positions(cursor: string | undefined): { r: number; q: number } {
  if (cursor === undefined) return { r: 0, q: 0 };
  const { r, q } = decodeCursor(cursor);
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (!valid(r) || !valid(q)) throw new ToolError(MCP_ERROR_CODES.invalidCursor, 'The cursor is not one this server issued');
  return { r, q };
}

export const searchSigmaRulesTool = defineTool({
  name: 'search_sigma_rules',
  title: 'Search Sigma rules',
  description:
    'Search the reference Sigma corpus (SigmaHQ rules under the Detection Rule License (DRL) 1.1, plus customer ' +
    'rules) and/or the review queue by words, ATT&CK technique (sub-techniques included) or logsource. ' +
    'Reference rules come first, then queue rules. Every reference rule carries its author and licence attribution.',
  input: searchSigmaRulesInputSchema,
  output: searchSigmaRulesOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<SearchSigmaRulesDeps>) {
    const start = positions(args.cursor);
    const base = { query: args.query, techniqueTag: techniqueTag(args.technique), logsource: args.logsource };
    const items: Array<ReturnType<typeof toReferenceSummary> | ReturnType<typeof toQueueSummary>> = [];
    let next = { ...start };
    let more = false;

    if (args.scope !== 'queue') {
      const rows = await deps.sigma.searchReference({ ...base, offset: start.r, take: args.limit + 1 });
      items.push(...rows.slice(0, args.limit).map(toReferenceSummary));
      next.r = start.r + Math.min(rows.length, args.limit);
      more = rows.length > args.limit;
    }
    if (args.scope !== 'reference' && !more) {
      const room = args.limit - items.length;
      const rows = await deps.sigma.searchQueue({ ...base, offset: start.q, take: room + 1 });
      items.push(...rows.slice(0, room).map(toQueueSummary));
      next = { ...next, q: start.q + Math.min(rows.length, room) };
      more = rows.length > room;
    }
    return { items, next_cursor: more ? encodeCursor(next) : null, truncated: more };
  },
});

export const getSigmaRuleTool = defineTool({
  name: 'get_sigma_rule',
  title: 'Get a Sigma rule',
  description:
    'The full YAML of one reference rule (by rule_id) or one review-queue rule (by queue_id). A reference rule ' +
    'comes with its author and Detection Rule License (DRL) 1.1 attribution, which must stay with any reuse.',
  input: getSigmaRuleInputSchema,
  output: getSigmaRuleOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<GetSigmaRuleDeps>) {
    if ((args.rule_id === undefined) === (args.queue_id === undefined)) {
      throw new ToolError(MCP_ERROR_CODES.invalidArguments, 'Give exactly one of rule_id (reference rule) or queue_id (review queue)');
    }
    if (args.rule_id !== undefined) {
      const rule = await deps.sigma.findReference(args.rule_id);
      if (!rule) throw new ToolError(MCP_ERROR_CODES.notFound, `No reference rule ${args.rule_id}`);
      return {
        kind: 'reference' as const,
        rule_id: rule.ruleId,
        queue_id: null,
        title: rule.title,
        yaml: rule.yaml,
        status: rule.status,
        level: rule.level,
        tags: rule.tags,
        attribution: attributionOf(rule),
      };
    }
    const item = await deps.sigma.findQueueItem(args.queue_id as number);
    if (!item) throw new ToolError(MCP_ERROR_CODES.notFound, `No queue item ${args.queue_id}`);
    return {
      kind: 'queue' as const,
      rule_id: null,
      queue_id: item.id,
      title: item.title,
      yaml: item.ruleYaml,
      status: item.status,
      level: item.level,
      tags: item.tags,
      attribution: null,
    };
  },
});

export const findSimilarSigmaRulesTool = defineTool({
  name: 'find_similar_sigma_rules',
  title: 'Find similar Sigma rules',
  description:
    'Given a Sigma rule as YAML, the most similar reference rules by normalised detection atoms ' +
    '(field|modifier|value) within the same telemetry class, with the shared and differing atoms and each ' +
    "match's author and licence attribution.",
  input: findSimilarSigmaRulesInputSchema,
  output: findSimilarSigmaRulesOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<FindSimilarSigmaRulesDeps>) {
    const analysed = analyseRuleText(args.yaml);
    if (!analysed.ok) throw new ToolError(MCP_ERROR_CODES.invalidArguments, `The YAML is not a usable Sigma rule: ${analysed.reason}`);
    const query = analysed.atoms;
    const candidates = await deps.sigma.candidatesFor(query.telemetryClass, query.positive, MAX_SIMILARITY_CANDIDATES);
    const index = new SimilarityIndex();
    for (const rule of candidates) {
      const atomsOf = (polarity: string) =>
        rule.atoms
          .filter((a) => a.polarity === polarity)
          .map((a) => a.atom)
          .sort();
      index.add(
        {
          telemetryClass: rule.telemetryClass ?? query.telemetryClass,
          positive: atomsOf('positive'),
          filter: atomsOf('filter'),
          branches: null,
          inconclusive: false,
        },
        { ruleId: rule.ruleId, title: rule.title, author: rule.author, license: rule.license, path: rule.path, origin: rule.origin },
      );
    }
    const result = index.search(query, { top: args.limit });
    const levels = new Map(candidates.map((rule) => [rule.ruleId, rule.level]));
    const items = result.matches
      .filter((match) => match.score >= args.min_similarity)
      .map(({ attribution, score, ...explanation }) => ({
        rule_id: attribution.ruleId,
        title: attribution.title,
        similarity: score,
        level: levels.get(attribution.ruleId) ?? null,
        path: attribution.path ?? '',
        explanation,
        attribution: attributionOf(attribution),
      }));
    const note =
      query.positive.length === 0
        ? 'The rule has no positive detection atoms to compare'
        : result.inconclusive
          ? 'The comparison is inconclusive (a condition passed the expansion cap)'
          : null;
    return { items, candidates_considered: result.candidatesCompared, note };
  },
});
