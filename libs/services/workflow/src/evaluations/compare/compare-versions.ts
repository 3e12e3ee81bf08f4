import {
  EVAL_ERROR_CODES,
  EVAL_SUBAGENT_AGENTS,
  type CompareQuery,
  type CompareResponse,
  type Prompt,
} from '@huntforge/contracts/workflow';
import { aggregateVersion } from '@huntforge/observables';
import { HttpError } from '@huntforge/platform';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import type { PromptRepository } from '../../repositories/prompt-repository';
import { readSnapshot } from '../../pipeline/snapshot';
import { toRecordView, toScoredRecord } from '../evaluation-view';

export interface CompareVersionsDeps {
  evaluations: Pick<EvaluationRepository, 'completed' | 'snapshotOfVersion'>;
  prompts: Pick<PromptRepository, 'atConfigVersion'>;
  configs: Pick<WorkflowConfigRepository, 'exists'>;
}

const promptText = (prompt: Prompt | null | undefined): string | null =>
  prompt ? [`role: ${prompt.role}`, `task: ${prompt.task}`, 'instructions:', prompt.instructions].join('\n') : null;

/** The agent's prompt in a version: as its evaluation runs stored it, else the prompt history at that version. */
async function promptAt(deps: CompareVersionsDeps, agent: string, version: number): Promise<string | null> {
  const snapshot = await deps.evaluations.snapshotOfVersion(version);
  const fromRun = snapshot ? (readSnapshot(snapshot).prompts[agent] as Prompt | undefined) : undefined;
  if (fromRun) return promptText(fromRun);
  return promptText((await deps.prompts.atConfigVersion(agent, version))?.prompt);
}

/** Two config versions of one subagent side by side: aggregates, per-article figures, prompt and model. */
export async function compareVersions(deps: CompareVersionsDeps, command: CompareQuery): Promise<CompareResponse> {
  const { subagent, version_a: a, version_b: b } = command;
  for (const version of [a, b]) {
    if (!(await deps.configs.exists(version)))
      throw new HttpError(404, EVAL_ERROR_CODES.configNotFound, `config version ${version} not found`);
  }
  const agent = EVAL_SUBAGENT_AGENTS[subagent];
  const rows = await deps.evaluations.completed(subagent);
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
  const [promptA, promptB] = await Promise.all([promptAt(deps, agent, a), promptAt(deps, agent, b)]);
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
