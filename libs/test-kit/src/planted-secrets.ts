import { randomBytes } from 'node:crypto';

/**
 * Secrets made to be looked for: a spec hands them to the service (environment, stored settings, connection URLs),
 * exercises it, then sweeps every response and log line for them with findLeaks.
 */

/** A secret no other text will contain by chance: `prefix` (the shape the credential has in the wild) and 36 random hex digits. */
export function plantedSecret(prefix: string): string {
  return `${prefix}${randomBytes(18).toString('hex')}`;
}

/** One of every kind of secret a Huntforge deployment is given or told, fresh on every call. */
export function plantSecrets() {
  return {
    openaiEnvKey: plantedSecret('sk-proj-envPLANTED'),
    openaiStoredKey: plantedSecret('sk-proj-storedPLANTED'),
    anthropicKey: plantedSecret('sk-ant-api03-PLANTED'),
    githubToken: plantedSecret('ghp_PLANTED'),
    githubStoredToken: plantedSecret('github_pat_PLANTED'),
    identitySigningKey: randomBytes(32).toString('hex'),
    settingsEncryptionKey: randomBytes(32).toString('hex'),
    databasePassword: plantedSecret('dbpw'),
    amqpPassword: plantedSecret('mqpw'),
  };
}

export type PlantedSecrets = ReturnType<typeof plantSecrets>;

/**
 * The spellings a leaked secret turns up in: as is, URL-encoded, base64 (alone, as the basic-auth pair git sends, and as
 * either half of a basic-auth pair: what the log redaction masks, so the sweeps look for the same), and its last 20 characters, which is what a display that "masks" all but a tail would still give away.
 */
export function secretSpellings(secret: string): string[] {
  const base64 = (text: string) => Buffer.from(text).toString('base64').replace(/=+$/, '');
  return [
    secret,
    encodeURIComponent(secret),
    base64(secret),
    base64(`x-access-token:${secret}`),
    base64(`${secret}:`),
    base64(`:${secret}`),
    secret.slice(-20),
  ];
}

/** `<name> in <place>` for every planted secret found, in any spelling, in the text gathered at each place. */
export function findLeaks(planted: Readonly<Record<string, string>>, places: Readonly<Record<string, string>>): string[] {
  const leaks = Object.entries(planted).flatMap(([name, secret]) =>
    Object.entries(places)
      .filter(([, text]) => secretSpellings(secret).some((spelling) => text.includes(spelling)))
      .map(([place]) => `${name} in ${place}`),
  );
  return [...new Set(leaks)];
}
