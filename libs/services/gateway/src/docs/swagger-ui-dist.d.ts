// swagger-ui-dist ships no type declarations; this is the one function the gateway uses.
declare module 'swagger-ui-dist' {
  /** Absolute path of the folder holding swagger-ui's bundle, CSS and images. */
  export function getAbsoluteFSPath(): string;
}
