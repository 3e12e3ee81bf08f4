import { GithubError, openPullRequest } from './open-pull-request';

const pullRequest = {
  apiUrl: 'https://github.rebinding.test/api/v3',
  token: 'ghp_never_sent_anywhere_0000000000000000',
  repo: 'acme/detections',
  branch: 'huntforge/sigma-1-rule',
  path: 'rules/rule.yml',
  content: 'title: rule\n',
  title: 'Sigma rule: rule',
  body: 'body',
};

describe('opening a pull request: where the token may go', () => {
  it('refuses to connect when the API name resolves to a metadata address at call time (DNS rebinding), token unsent', async () => {
    const asked: string[] = [];
    const rebound = async (hostname: string) => {
      asked.push(hostname);
      return ['169.254.169.254'];
    };
    const failure = await openPullRequest({ ...pullRequest, guard: { resolve: rebound } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GithubError);
    expect((failure as GithubError).message).toMatch(/169\.254\.169\.254/);
    // The guard's refusal is kept apart from GitHub's answers, so the submit can answer 422 url_not_allowed.
    expect((failure as GithubError).refusal?.code).toBe('url_not_allowed');
    expect((failure as GithubError).message).not.toContain(pullRequest.token);
    // The name was resolved by the guard at connection time, not before.
    expect(asked).toEqual(['github.rebinding.test']);
  });
});
