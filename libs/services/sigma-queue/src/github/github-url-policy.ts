import { baseUrlPolicyFor, type OutboundGuardOptions } from '@huntforge/llm';
import { checkOutboundUrl, HttpError, OutboundUrlError } from '@huntforge/platform';

const KEY = 'GITHUB_API_URL';

/**
 * One policy for where the GitHub token may go: the check before submitting and the guarded connection (Octokit's
 * fetch) both use libs/llm's base-URL policy, so private networks are open only with the operator's
 * PROVIDER_ALLOW_PRIVATE_NETWORKS=true or when the URL is the operator's own environment value, metadata and
 * link-local never. Either refusal is the same 422 url_not_allowed.
 */
export function urlNotAllowed(apiUrl: string, refusal: OutboundUrlError, guard: OutboundGuardOptions): HttpError {
  const { hint } = baseUrlPolicyFor(KEY, apiUrl, guard);
  return new HttpError(422, 'url_not_allowed', `${KEY} is refused: ${refusal.message}${hint}`);
}

/** The API URL when whatever its name resolves to now is an address the connection will accept. */
export async function allowedApiUrl(apiUrl: string, guard: OutboundGuardOptions): Promise<string> {
  try {
    await checkOutboundUrl(apiUrl, baseUrlPolicyFor(KEY, apiUrl, guard).policy, guard.resolve);
    return apiUrl;
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    throw urlNotAllowed(apiUrl, error, guard);
  }
}
