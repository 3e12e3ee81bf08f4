/** No reply arrived within the request's timeout. */
export class BusTimeoutError extends Error {
  override readonly name = 'BusTimeoutError';

  constructor(
    readonly key: string,
    readonly timeoutMs: number,
  ) {
    super(`no reply to request "${key}" within ${timeoutMs} ms`);
  }
}

/** The responder's handler failed; its error name (the reply's code) and message travel back to the requester. */
export class BusRemoteError extends Error {
  override readonly name = 'BusRemoteError';

  constructor(
    readonly key: string,
    readonly remoteName: string,
    readonly remoteMessage: string,
  ) {
    super(`responder for "${key}" failed: ${remoteName}: ${remoteMessage}`);
  }
}

/** The bus was closed before (or while) the operation ran. */
export class BusClosedError extends Error {
  override readonly name = 'BusClosedError';

  constructor(operation: string) {
    super(`bus is closed: cannot ${operation}`);
  }
}

/** The broker could not be reached, or the connection was lost, within the operation's time bound. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The broker refused a published message (a negative publisher confirm). */
export class BusPublishRejectedError extends Error {
  override readonly name = 'BusPublishRejectedError';

  constructor(topic: string) {
    super(`broker rejected the message published to "${topic}"`);
  }
}
