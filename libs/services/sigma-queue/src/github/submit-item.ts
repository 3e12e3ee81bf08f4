import { githubApiBase } from '@huntforge/contracts/settings';
import { SIGMA_ERROR_CODES, type SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { HttpError, redactSecrets } from '@huntforge/platform';
import { queriesSection } from '../convert/pull-request-queries';
import type { QueueItemRow } from '../repositories/queue-repository';
import { loadItem, transition, type TransitionDeps } from '../queue/queue-items';
import { assertCan } from '../queue/transitions';
import { toQueueItemBody } from '../queue/views';
import { allowedApiUrl, urlNotAllowed } from './github-url-policy';
import { GithubError, openPullRequest } from './open-pull-request';
import type { SettingsReader } from '@huntforge/data';
import type { OutboundGuardOptions } from '@huntforge/llm';

export interface SubmitItemDeps extends TransitionDeps {
  settings: SettingsReader;
  rulesDir: string;
  /** The operator's environment (PROVIDER_ALLOW_PRIVATE_NETWORKS, GITHUB_API_URL) and, in tests, the resolver. */
  githubGuard?: OutboundGuardOptions;
}

export interface SubmitItemCommand {
  queueId: number;
}

const REPO_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** Opens a pull request with the approved rule on GITHUB_REPO and marks the item submitted with the PR URL. */
export async function submitItem(deps: SubmitItemDeps, command: SubmitItemCommand): Promise<SigmaQueueItemBody> {
  const id = command.queueId;
  const item = await loadItem(deps, id);
  assertCan(id, item.status, 'submit');
  if (item.deliveryPermitted === false) {
    throw new HttpError(409, SIGMA_ERROR_CODES.deliveryNotPermitted, 'The import policy does not permit delivering this publisher rule');
  }
  // Withheld (409 credential_base_url_changed) when GITHUB_API_URL changed since the token was entered.
  const token = await deps.settings.get('GITHUB_TOKEN');
  const repo = await deps.settings.get('GITHUB_REPO');
  if (!token || !repo || !REPO_PATTERN.test(repo)) {
    throw new HttpError(
      422,
      SIGMA_ERROR_CODES.githubNotConfigured,
      'Set GITHUB_TOKEN and GITHUB_REPO (owner/name) in the settings to submit rules',
      {
        token_configured: Boolean(token),
        repo_configured: Boolean(repo && REPO_PATTERN.test(repo)),
      },
    );
  }
  const guard = deps.githubGuard ?? {};
  const apiUrl = await allowedApiUrl(githubApiBase(await deps.settings.get('GITHUB_API_URL')), guard);
  const slug = slugify(item.title);
  let pull: { url: string };
  try {
    pull = await openPullRequest({
      apiUrl,
      token,
      repo,
      branch: `huntforge/sigma-${item.id}-${slug}`,
      path: `${deps.rulesDir}/${slug}.yml`,
      content: item.ruleYaml,
      title: `Sigma rule: ${item.title}`,
      body: [pullBody(item), ...(await queriesSection(deps.settings, item.ruleYaml))].join('\n'),
      guard,
    });
  } catch (error) {
    // The name resolved elsewhere by the time the socket opened: the same refusal as the check above.
    if (error instanceof GithubError && error.refusal) throw urlNotAllowed(apiUrl, error.refusal, guard);
    if (error instanceof GithubError) {
      // GitHub (or a proxy before it) may echo the credential it was sent: never relay or log it.
      const message = redactSecrets(error.message, [token]);
      throw new HttpError(502, SIGMA_ERROR_CODES.githubError, `GitHub refused the pull request: ${message}`, {
        github_status: error.status,
      });
    }
    throw error;
  }
  return toQueueItemBody(await transition(deps, item, 'submit', { status: 'submitted', prUrl: pull.url, submittedAt: new Date() }));
}

function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'rule'
  );
}

function pullBody(item: QueueItemRow): string {
  const lines = [`Reviewed in Huntforge (queue item ${item.id}).`, '', `- level: ${item.level ?? 'unset'}`];
  if (item.maxSimilarity !== null) lines.push(`- closest existing rule similarity: ${item.maxSimilarity.toFixed(2)}`);
  if (item.workflowExecutionId) lines.push(`- workflow execution: ${item.workflowExecutionId}`);
  return lines.join('\n');
}
