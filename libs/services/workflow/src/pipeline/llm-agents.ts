import {
  AGENT_OUTPUT_SCHEMAS,
  cmdlineItemSchema,
  huntQueryItemSchema,
  networkIndicatorItemSchema,
  processPairItemSchema,
  registryKeyItemSchema,
  scheduledTaskItemSchema,
  serviceItemSchema,
  type AgentOutputs,
  type ExtractionAgent,
} from '@huntforge/contracts/extraction';
import { isConfigAgentName, type Prompt, type WorkflowSettings } from '@huntforge/contracts/workflow';
import type { CompletionResult, LlmProvider } from '@huntforge/llm';
import { refang } from '@huntforge/observables';
import { z } from 'zod';
import type { AgentRunner, PipelineArticle, PlatformLabel, Usage } from './ports';

/** An agent's article input: the user message is built from it with the article fenced as untrusted data. */
interface PipelineArticleText {
  article: PipelineArticle;
  text: string;
}
import { resolveAgentModel } from '../config/agent-resolution';
import { systemPromptOf } from '../prompts/default-prompts';
import { buildAgentMessages } from '../prompts/agent-messages';
import { agentSettings, type PipelineSnapshot } from './snapshot';

export interface LlmAgentDeps {
  /** The deterministic agents, used for every agent whose provider is `builtin`. */
  builtin: AgentRunner;
  provider(id: string): Promise<LlmProvider>;
  /** The snapshot's prompt for an agent, or the shipped default. */
  prompt(agent: string): Prompt | undefined;
  /** SigmaAgent's user template (sigma_generate_multi.txt). */
  sigmaTemplate(): string;
  timeoutMs: number;
}

const rankSchema = z.object({ score: z.coerce.number().min(0).max(10), reasoning: z.string().default('') });
const sigmaSchema = z.object({ rules: z.array(z.object({ telemetry_class: z.string().optional(), yaml: z.string().min(1) })) });
const repairSchema = z.object({ yaml: z.string().min(1) });
const platformSchema = z.object({
  os: z.enum(['windows', 'linux', 'macos', 'cross-platform', 'unknown']),
  confidence: z.enum(['high', 'medium', 'low']).default('medium'),
  reasoning: z.string().optional(),
});

const ITEM_SCHEMAS = {
  CmdlineExtract: cmdlineItemSchema,
  ProcTreeExtract: processPairItemSchema,
  HuntQueriesExtract: huntQueryItemSchema,
  RegistryExtract: registryKeyItemSchema,
  ServicesExtract: serviceItemSchema,
  ScheduledTasksExtract: scheduledTaskItemSchema,
  NetworkIndicatorExtract: networkIndicatorItemSchema,
} as const satisfies Record<ExtractionAgent, z.ZodObject<z.ZodRawShape>>;

/** What a model may answer for an extraction item: the agent's item, with evidence and confidence optional. */
function looseOutputSchema(agent: ExtractionAgent) {
  const item = (ITEM_SCHEMAS[agent] as z.ZodObject<z.ZodRawShape>).omit({ evidence: true, confidence: true });
  return z.object({
    items: z.array(
      item
        .extend({
          confidence: z.coerce.number().min(0).max(1).optional(),
          evidence: z.object({ text: z.string().optional() }).passthrough().optional(),
        })
        .passthrough(),
    ),
  });
}

/**
 * Places each model-reported item in the text it came from (or in its refanged form, since prompts ask for
 * refanged values: `hxxp://a[.]b` in the article is `http://a.b` in the answer). An item that cannot be
 * found is dropped: the pipeline reports nothing the article does not contain.
 */
export function groundItems(
  text: string,
  items: Array<Record<string, unknown>>,
): { kept: Array<Record<string, unknown>>; dropped: number } {
  const views = [text, refang(text)].map((view) => ({ view, lower: view.toLowerCase() }));
  const kept: Array<Record<string, unknown>> = [];
  for (const item of items) {
    const value = typeof item['value'] === 'string' ? (item['value'] as string) : '';
    const quoted =
      typeof (item['evidence'] as { text?: unknown } | undefined)?.text === 'string' ? (item['evidence'] as { text: string }).text : '';
    let placed: { start: number; end: number; text: string } | null = null;
    for (const { view, lower } of views) {
      const needle = [value, quoted].find((candidate) => candidate.length > 0 && lower.includes(candidate.toLowerCase()));
      if (!needle) continue;
      const start = lower.indexOf(needle.toLowerCase());
      placed = { start, end: start + needle.length, text: view.slice(start, start + needle.length) };
      break;
    }
    if (!placed) continue;
    kept.push({ ...item, evidence: placed, confidence: typeof item['confidence'] === 'number' ? item['confidence'] : 0.7 });
  }
  return { kept, dropped: items.length - kept.length };
}

function usageOf(result: CompletionResult): Usage[] {
  return [
    {
      provider: result.provider,
      model: result.model,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      latencyMs: result.usage.latencyMs,
    },
  ];
}

/** An agent's settings in a run's snapshot, its provider and model resolved (the ExtractAgent fallback applied). */
export function runSettingsOf(snapshot: PipelineSnapshot, agent: string) {
  const own = agentSettings(snapshot, agent);
  // Snapshots of the v2 config carry every config agent; resolveAgentModel applies the ExtractAgent fallback.
  if (!isConfigAgentName(agent) || !snapshot.agents[agent] || !snapshot.agents['ExtractAgent']) return own;
  const { provider, model } = resolveAgentModel(snapshot as unknown as WorkflowSettings, agent);
  return { ...own, provider, model };
}

/** True when the run calls a model provider for `agent` (false: the deterministic builtin agent runs). */
export function agentUsesModel(snapshot: PipelineSnapshot, agent: string): boolean {
  return runSettingsOf(snapshot, agent).provider !== 'builtin';
}

/**
 * The run's agents: per agent, the snapshot's provider decides. `builtin` runs the deterministic agent;
 * any other provider gets the agent's prompt (system), the article as delimited untrusted data (user),
 * and its answer is parsed against the agent's schema with repair of common JSON mistakes.
 */
export function createAgentRunner(snapshot: PipelineSnapshot, deps: LlmAgentDeps): AgentRunner {
  const settingsOf = (agent: string) => runSettingsOf(snapshot, agent);
  const usesModel = (agent: string) => agentUsesModel(snapshot, agent);

  /** One model call for `agent`: its prompt as the system prompt; `user` is the text, or the article fenced as data. */
  async function complete<T>(
    agent: string,
    user: string | PipelineArticleText,
    schema: z.ZodType<T>,
    signal: AbortSignal,
  ): Promise<CompletionResult<T>> {
    const settings = settingsOf(agent);
    const prompt = deps.prompt(agent);
    if (!prompt) throw new Error(`${agent} has no prompt in config version ${snapshot.version ?? 'n/a'}`);
    if (!settings.model) throw new Error(`${agent} uses ${settings.provider} without a model`);
    const provider = await deps.provider(settings.provider);
    const { system, messages } =
      typeof user === 'string'
        ? { system: systemPromptOf(prompt), messages: [{ role: 'user' as const, content: user }] }
        : buildAgentMessages(prompt, { title: user.article.title, url: user.article.url, content: user.text });
    return provider.complete(
      {
        model: settings.model,
        system,
        messages,
        temperature: settings.temperature ?? null,
        topP: settings.top_p ?? null,
        effort: settings.effort ?? null,
        responseSchema: schema,
        timeoutMs: deps.timeoutMs,
      },
      signal,
    );
  }

  return {
    async rank(input, signal) {
      if (!usesModel('RankAgent')) return deps.builtin.rank(input, signal);
      const result = await complete('RankAgent', { article: input.article, text: input.text }, rankSchema, signal);
      const parsed = result.json as z.infer<typeof rankSchema>;
      return { score: Math.round(parsed.score * 10) / 10, reasoning: parsed.reasoning, usage: usageOf(result) };
    },

    async extract<A extends ExtractionAgent>(agent: A, input: { article: PipelineArticle; text: string }, signal: AbortSignal) {
      if (!usesModel(agent)) return deps.builtin.extract(agent, input, signal);
      const result = await complete(agent, { article: input.article, text: input.text }, looseOutputSchema(agent), signal);
      const { kept } = groundItems(input.text, (result.json as { items: Array<Record<string, unknown>> }).items);
      const output = AGENT_OUTPUT_SCHEMAS[agent].parse({ items: kept, count: kept.length }) as AgentOutputs[A];
      return { output, usage: usageOf(result) };
    },

    async generateSigma(input, signal) {
      if (!usesModel('SigmaAgent')) return deps.builtin.generateSigma(input, signal);
      const user = deps
        .sigmaTemplate()
        .replaceAll('{title}', input.article.title)
        .replaceAll('{url}', input.article.url)
        .replaceAll('{platform}', input.platform)
        .replaceAll('{observables}', input.extraction.content)
        .replaceAll('{similar_rules}', '(none)');
      const result = await complete('SigmaAgent', user, sigmaSchema, signal);
      const rules = (result.json as z.infer<typeof sigmaSchema>).rules.map((rule) => ({
        telemetryClass: rule.telemetry_class,
        yaml: rule.yaml,
      }));
      return { rules, usage: usageOf(result) };
    },

    async repairSigma(input, signal) {
      const agent = usesModel('SigmaRepair') ? 'SigmaRepair' : usesModel('SigmaAgent') ? 'SigmaAgent' : null;
      if (!agent) return deps.builtin.repairSigma(input, signal);
      const findings = input.findings.map((f) => `- ${f.id} at ${f.path || '(rule)'}: ${f.message}`).join('\n');
      const user = `Fix this Sigma rule so that it validates. Keep its detection logic and values.\n\nFindings:\n${findings}\n\nRule:\n${input.rule.yaml}\n\nAnswer with one JSON object: {"yaml": "..."}`;
      const prompt = deps.prompt('SigmaRepair') ? 'SigmaRepair' : agent;
      const result = await complete(prompt, user, repairSchema, signal);
      return { candidate: { yaml: (result.json as z.infer<typeof repairSchema>).yaml }, usage: usageOf(result) };
    },

    async adjudicatePlatform(input, signal) {
      if (!usesModel('OSDetectionAgent')) return null;
      const result = await complete('OSDetectionAgent', { article: input.article, text: input.article.content }, platformSchema, signal);
      const parsed = result.json as z.infer<typeof platformSchema>;
      const os: PlatformLabel = parsed.os;
      return {
        result: {
          os,
          confidence: parsed.confidence,
          method: 'llm_adjudicator',
          evidence: { registry: input.detection, reasoning: parsed.reasoning ?? null },
        },
        usage: usageOf(result),
      };
    },
  };
}
