import { EVAL_ERROR_CODES, EVAL_SUBAGENT_AGENTS, type EvalSubagent, type Prompt } from '@huntforge/contracts/workflow';
import { aggregateByVersion, aggregateVersion } from '@huntforge/observables';
import { HttpError } from '@huntforge/platform';
import { normaliseSettings, type WorkflowConfigRepository } from '../repositories/config-repository';
import type { EvaluationRepository } from '../repositories/evaluation-repository';
import type { PromptRepository } from '../repositories/prompt-repository';
import { readSnapshot } from '../pipeline/snapshot';
import { toRecordView, toScoredRecord } from './evaluation-view';

export async function aggregateReport(repo: EvaluationRepository, subagent: EvalSubagent, evalSetTotal: number, model?: string) {
  const rows = await repo.completed(subagent, model);
  return { subagent, eval_set_total: evalSetTotal, versions: aggregateByVersion(rows.map(toScoredRecord)) };
}

export async function configVersionsModels(repo: EvaluationRepository) {
  const rows = await repo.configVersions();
  return {
    versions: rows.map((row) => {
      const settings = normaliseSettings(row.config);
      const agents = Object.fromEntries(
        Object.values(EVAL_SUBAGENT_AGENTS).map((agent) => {
          const setting = settings.agents[agent as keyof typeof settings.agents] as
            { provider?: string; model?: string | null } | undefined;
          const provider = setting?.provider ?? 'builtin';
          return [agent, { provider, model: provider === 'builtin' ? null : (setting?.model ?? null) }];
        }),
      );
      return {
        config_version: row.version,
        is_active: row.isActive,
        created_at: row.createdAt.toISOString(),
        description: row.description,
        agents,
      };
    }),
  };
}

const promptText = (prompt: Prompt | null | undefined): string | null =>
  prompt ? [`role: ${prompt.role}`, `task: ${prompt.task}`, 'instructions:', prompt.instructions].join('\n') : null;

async function promptAt(repo: EvaluationRepository, prompts: PromptRepository, agent: string, version: number): Promise<string | null> {
  const snapshot = await repo.snapshotOfVersion(version);
  const fromRun = snapshot ? (readSnapshot(snapshot).prompts[agent] as Prompt | undefined) : undefined;
  if (fromRun) return promptText(fromRun);
  return promptText((await prompts.atConfigVersion(agent, version))?.prompt);
}

/** Two config versions of one subagent side by side: aggregates, per-article figures, prompt and model. */
export async function compareVersions(
  repos: { evaluations: EvaluationRepository; prompts: PromptRepository; configs: Pick<WorkflowConfigRepository, 'exists'> },
  subagent: EvalSubagent,
  a: number,
  b: number,
) {
  const { evaluations: repo, prompts } = repos;
  for (const version of [a, b]) {
    if (!(await repos.configs.exists(version)))
      throw new HttpError(404, EVAL_ERROR_CODES.configNotFound, `config version ${version} not found`);
  }
  const agent = EVAL_SUBAGENT_AGENTS[subagent];
  const rows = await repo.completed(subagent);
  const of = (version: number) => rows.filter((row) => row.configVersion === version);
  const latestByArticle = (version: number) => {
    const map = new Map<string, (typeof rows)[number]>();
    for (const row of of(version)) map.set(row.articleUrl ?? String(row.articleId), row);
    return map;
  };
  const left = latestByArticle(a);
  const right = latestByArticle(b);
  const side = (row: (typeof rows)[number] | undefined) => {
    if (!row) return null;
    const view = toRecordView(row);
    return { score: view.score, precision: view.precision, recall: view.recall, f1: view.f1, record_id: view.id };
  };
  const urls = [...new Set([...left.keys(), ...right.keys()])].sort();
  const [promptA, promptB] = await Promise.all([promptAt(repo, prompts, agent, a), promptAt(repo, prompts, agent, b)]);
  const modelOf = (version: number) => of(version).at(-1)?.model ?? (of(version).length > 0 ? 'builtin' : null);
  return {
    subagent,
    agent,
    version_a: aggregateVersion(a, of(a).map(toScoredRecord)),
    version_b: aggregateVersion(b, of(b).map(toScoredRecord)),
    articles: urls.map((url) => ({
      article_url: url,
      title: (left.get(url) ?? right.get(url))?.article?.title ?? null,
      a: side(left.get(url)),
      b: side(right.get(url)),
    })),
    prompt: { a: promptA, b: promptB, changed: promptA !== promptB },
    model: { a: modelOf(a), b: modelOf(b) },
  };
}
