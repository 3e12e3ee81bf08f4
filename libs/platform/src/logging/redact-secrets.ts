import { REDACTED } from './redaction';

/** Credentials recognisable by their shape, whoever's they are: API tokens, provider keys, bearer headers. */
const CREDENTIAL_SHAPES =
  /\b(hf_[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,}|(?:Bearer|token)\s+[A-Za-z0-9._~+/=-]{16,})/g;
/** Shorter strings are not treated as secrets: masking them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ways a credential is commonly echoed back: as is, URL-encoded, and base64 (alone or as basic auth). */
function spellings(secret: string): string[] {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return [
    secret,
    encodeURIComponent(secret),
    base64(secret),
    base64(`x-access-token:${secret}`),
    base64(`${secret}:`),
    base64(`:${secret}`),
  ]
    .map((spelling) => spelling.replace(/=+$/, ''))
    .filter((spelling) => spelling.length >= MIN_SECRET_LENGTH);
}

/**
 * Text from an upstream (an error message, a response body) with every known secret and anything shaped like
 * a credential replaced by [redacted], before it is relayed to a caller or logged: an upstream may echo the
 * credential it was sent.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let clean = text;
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    for (const spelling of spellings(secret)) clean = clean.replace(new RegExp(`${escapeRegExp(spelling)}=*`, 'g'), REDACTED);
  }
  return clean.replace(CREDENTIAL_SHAPES, REDACTED);
}
