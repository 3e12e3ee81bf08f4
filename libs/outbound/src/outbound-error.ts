/** Name → addresses; injectable so tests can play hostile DNS without a network. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export class OutboundUrlError extends Error {
  constructor(
    readonly code: 'invalid_url' | 'url_not_allowed',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundUrlError';
  }
}
