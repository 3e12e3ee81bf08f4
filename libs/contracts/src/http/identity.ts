/**
 * Who is calling, as the gateway vouches for it. The identity travels to the owning service in these
 * headers (in-process and proxied alike); the gateway removes any client-supplied copies first.
 */
export const ACTOR_HEADER = 'x-huntforge-actor';
export const ROLE_HEADER = 'x-huntforge-role';

/** The actor of every caller when authentication is off (AUTH_MODE=off): one person, no tokens, nobody vouched for. */
export const LOCAL_ACTOR = 'local';

/** Longest actor kept in records (`token:<name>` with a 100-character token name fits). */
export const ACTOR_MAX_LENGTH = 200;

/**
 * The gateway signs the identity it forwards (HMAC-SHA256 over method, path, actor, role, the time and a nonce),
 * so a service reached directly on its port refuses forged identity headers.
 */
export const SIGNATURE_HEADER = 'x-huntforge-signature';
export const SIGNED_AT_HEADER = 'x-huntforge-signed-at';
/** A random value signed with the request: a service accepts each nonce once within the signature's lifetime. */
export const NONCE_HEADER = 'x-huntforge-nonce';
