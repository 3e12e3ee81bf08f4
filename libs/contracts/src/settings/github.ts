export const GITHUB_DEFAULT_API_URL = 'https://api.github.com';

/**
 * The GitHub API base every GitHub call uses (the connectivity test and rule submission alike): the
 * GITHUB_API_URL setting as the settings reader gives it (stored value, else the environment variable),
 * else github.com's. One rule, so a token tested against GitHub Enterprise is never sent to github.com.
 */
export function githubApiBase(configured: string | null | undefined): string {
  return (configured?.trim() || GITHUB_DEFAULT_API_URL).replace(/\/+$/, '');
}
