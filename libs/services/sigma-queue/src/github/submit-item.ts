import { githubApiBase, SIGMA_ERROR_CODES } from '@huntforge/contracts';
import type { SettingsReader } from '@huntforge/data';
import { checkOutboundUrl, HttpError, OutboundUrlError, redactSecrets } from '@huntforge/platform';
import { queriesSection } from '../convert/pull-request-queries';
import type { QueueItemRow } from '../repositories/queue-repository';
import { getItem, transition, type QueueDeps } from '../queue/queue-deps';
import { assertCan } from '../queue/transitions';
import { GithubError, openPullRequest } from './open-pull-request';

export interface SubmitDeps extends QueueDeps {
  settings: SettingsReader;
  rulesDir: string;
}

const REPO_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** Opens a pull request with the approved rule on GITHUB_REPO and marks the item submitted with the PR URL. */
export async function submitItem(deps: SubmitDeps, id: number): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
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
  const apiUrl = await allowedApiUrl(githubApiBase(await deps.settings.get('GITHUB_API_URL')));
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
    });
  } catch (error) {
    if (error instanceof GithubError) {
      // GitHub (or a proxy before it) may echo the credential it was sent: never relay or log it.
      const message = redactSecrets(error.message, [token]);
      throw new HttpError(502, SIGMA_ERROR_CODES.githubError, `GitHub refused the pull request: ${message}`, {
        github_status: error.status,
      });
    }
    throw error;
  }
  return transition(deps, item, 'submit', { status: 'submitted', prUrl: pull.url, submittedAt: new Date() });
}

/**
 * The token is about to go to this URL: whatever its name resolves to now must not be a metadata, link-local or
 * otherwise special address. Private networks stay open (GitHub Enterprise in-house); storing a private URL through
 * the settings API already needs the operator's PROVIDER_ALLOW_PRIVATE_NETWORKS.
 */
async function allowedApiUrl(apiUrl: string): Promise<string> {
  try {
    await checkOutboundUrl(apiUrl, { allowPrivateNetworks: true });
    return apiUrl;
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    throw new HttpError(422, 'url_not_allowed', `GITHUB_API_URL is refused: ${error.message}`);
  }
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
