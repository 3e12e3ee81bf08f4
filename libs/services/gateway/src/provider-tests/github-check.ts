import type { ProviderTestResponse } from '@huntforge/contracts/settings';

interface RepoAnswer {
  full_name?: string;
  permissions?: { push?: boolean; admin?: boolean; pull?: boolean };
}

/**
 * Checks the token against the repository with one GET /repos/{owner}/{repo}: 200 with push
 * permission passes. The token goes only in the Authorization header and no answer text is echoed.
 */
export async function checkGithubAccess(options: {
  apiUrl: string;
  token: string;
  repo: string;
  timeoutMs: number;
}): Promise<ProviderTestResponse> {
  const [owner, name] = options.repo.split('/');
  const url = `${options.apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(owner ?? '')}/${encodeURIComponent(name ?? '')}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Authorization: `Bearer ${options.token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'huntforge',
      },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    return { provider: 'github', success: false, message: 'GitHub could not be reached', upstream_status: null };
  }
  const status = response.status;
  if (status === 401)
    return { provider: 'github', success: false, message: 'GitHub rejected the token (HTTP 401)', upstream_status: status };
  if (status === 403)
    return {
      provider: 'github',
      success: false,
      message: 'GitHub refused access (HTTP 403: rate limit or missing scope)',
      upstream_status: status,
    };
  if (status === 404) {
    return {
      provider: 'github',
      success: false,
      message: `Repository ${options.repo} was not found or the token cannot see it (HTTP 404)`,
      upstream_status: status,
    };
  }
  if (!response.ok) return { provider: 'github', success: false, message: `GitHub answered HTTP ${status}`, upstream_status: status };
  const body = (await response.json().catch(() => ({}))) as RepoAnswer;
  const canPush = body.permissions?.push === true || body.permissions?.admin === true;
  return {
    provider: 'github',
    success: canPush,
    message: canPush ? `The token can push to ${options.repo}` : `The token can read ${options.repo} but cannot push to it`,
    upstream_status: status,
    details: { repo: body.full_name ?? options.repo, can_push: canPush },
  };
}
