import { guardedFetchFor, type OutboundGuardOptions } from '@huntforge/llm';
import { outboundRefusalOf, type OutboundUrlError } from '@huntforge/outbound';

/** What a pull request for one rule needs. */
export interface PullRequestInput {
  apiUrl: string;
  token: string;
  /** owner/name */
  repo: string;
  branch: string;
  path: string;
  content: string;
  title: string;
  body: string;
  /** The operator's environment and the resolver the connection is vetted with (default process.env, system DNS). */
  guard?: OutboundGuardOptions;
}

// Failures are mapped to GithubError and reported by the caller; Octokit's own console logging is noise.
const noop = (): void => undefined;
const SILENT = { debug: noop, info: noop, warn: noop, error: noop };

export class GithubError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** Set when the connection guard refused the address: no request left, nothing GitHub said. */
    readonly refusal?: OutboundUrlError,
  ) {
    super(message);
    this.name = 'GithubError';
  }
}

/**
 * Opens a pull request adding one file: branch from the default branch, put the file on it, open
 * the pull. @octokit/rest is ESM-only, hence the dynamic import.
 */
export async function openPullRequest(input: PullRequestInput): Promise<{ url: string; number: number }> {
  const [owner, repo] = input.repo.split('/') as [string, string];
  const { Octokit } = await import('@octokit/rest');
  const octokit = new Octokit({
    auth: input.token,
    baseUrl: input.apiUrl,
    userAgent: 'huntforge-sigma-queue',
    log: SILENT,
    // Every connection (each call, each redirect) goes to an address vetted when the socket opens, by the policy
    // GITHUB_API_URL was saved under: a name that resolves elsewhere by now (DNS rebinding) never gets the token.
    request: { retries: 0, fetch: guardedFetchFor('GITHUB_API_URL', input.apiUrl, input.guard) },
  });
  try {
    const { data: repository } = await octokit.rest.repos.get({ owner, repo });
    const base = repository.default_branch;
    const { data: ref } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${base}` });
    await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${input.branch}`, sha: ref.object.sha });
    await octokit.rest.repos.createOrUpdateFileContents({
      owner,
      repo,
      path: input.path,
      branch: input.branch,
      message: `Add Sigma rule: ${input.title}`,
      content: Buffer.from(input.content, 'utf8').toString('base64'),
    });
    const { data: pull } = await octokit.rest.pulls.create({ owner, repo, head: input.branch, base, title: input.title, body: input.body });
    return { url: pull.html_url, number: pull.number };
  } catch (error) {
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : null;
    // Octokit's message never contains the token; keep only the message and status.
    throw new GithubError(error instanceof Error ? error.message : String(error), status, outboundRefusalOf(error));
  }
}
