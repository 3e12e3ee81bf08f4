import { ConfigError, formatConfigProblems } from './config-error';
import { loadConfig, type LoadConfigOptions } from './config';

const allInOne: LoadConfigOptions = { shape: 'all-in-one', service: 'all-in-one' };
const gateway: LoadConfigOptions = { shape: 'distributed', service: 'gateway' };
const hexKey = 'ab'.repeat(32);
const infra = {
  DATABASE_URL: 'postgresql://hf:pw@db:5432/huntforge',
  AMQP_URL: 'amqp://guest:guest@mq:5672',
  IDENTITY_SIGNING_KEY: 'cd'.repeat(32),
};

function problemsOf(env: NodeJS.ProcessEnv, options: LoadConfigOptions): string[] {
  try {
    loadConfig(env, options);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults for an all-in-one start with an empty environment', () => {
    expect(loadConfig({}, allInOne)).toEqual({
      shape: 'all-in-one',
      service: 'all-in-one',
      nodeEnv: 'development',
      logLevel: 'info',
      host: '127.0.0.1',
      port: undefined,
      databaseUrl: undefined,
      amqpUrl: undefined,
      dataDir: '.data',
      authMode: 'off',
      bodyLimit: '1mb',
      shutdownTimeoutMs: 15000,
      schedulerEnabled: true,
      scheduledJobsPollMs: 30000,
      sessionTtlMs: 12 * 3_600_000,
      serviceUrls: {},
      settingsEncryptionKey: undefined,
      identityNonceStore: 'memory',
      allowedHosts: [],
      rateLimits: { perMinute: 1200, expensivePerMinute: 60, signInPerMinute: 20, store: 'memory', trustedProxies: [] },
    });
  });

  it('keeps signature nonces in the database when distributed (replicas share them), in memory all-in-one, as told', () => {
    expect(loadConfig(infra, { shape: 'distributed', service: 'workflow' }).identityNonceStore).toBe('database');
    expect(loadConfig({}, allInOne).identityNonceStore).toBe('memory');
    expect(loadConfig({ ...infra, IDENTITY_NONCE_STORE: 'memory' }, gateway).identityNonceStore).toBe('memory');
    expect(problemsOf({ IDENTITY_NONCE_STORE: 'redis' }, allInOne)).toEqual(['IDENTITY_NONCE_STORE: must be one of memory, database']);
  });

  it('reads the rate limits, shares their counts through the database when distributed, and refuses a negative limit', () => {
    expect(loadConfig(infra, gateway).rateLimits.store).toBe('database');
    const limits = loadConfig(
      {
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_EXPENSIVE_PER_MINUTE: '5',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
        RATE_LIMIT_STORE: 'database',
      },
      allInOne,
    ).rateLimits;
    expect(limits).toEqual({ perMinute: 0, expensivePerMinute: 5, signInPerMinute: 3, store: 'database', trustedProxies: [] });
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,' }, allInOne).rateLimits.trustedProxies).toEqual(['10.0.0.0/8', '::1']);
    expect(problemsOf({ RATE_LIMIT_PER_MINUTE: '-1', RATE_LIMIT_STORE: 'redis' }, allInOne)).toEqual([
      'RATE_LIMIT_PER_MINUTE: must be an integer from 0 to 1000000',
      'RATE_LIMIT_STORE: must be one of memory, database',
    ]);
  });

  it('reads ALLOWED_HOSTS as a lower-cased list and refuses what is not a host name', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' Huntforge.Example.com, *.corp.example ' }, allInOne).allowedHosts).toEqual([
      'huntforge.example.com',
      '*.corp.example',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://x.example/path' }, allInOne)).toThrow(/ALLOWED_HOSTS/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        ...infra,
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        HOST: '0.0.0.0',
        PORT: '8081',
        DATA_DIR: '/var/lib/huntforge',
        AUTH_MODE: 'required',
        BODY_LIMIT: '5mb',
        SHUTDOWN_TIMEOUT_MS: '2000',
        SCHEDULER_ENABLED: 'false',
        SCHEDULED_JOBS_POLL_SECONDS: '5',
        INGESTION_URL: 'http://ingestion:8081',
        WORKFLOW_URL: 'http://workflow:8082',
        CONTENT_FILTER_URL: 'https://content-filter:8083',
        SIGMA_QUEUE_URL: 'http://sigma-queue:8084',
        MCP_URL: 'http://mcp:8085',
        SETTINGS_ENCRYPTION_KEY: hexKey,
      },
      gateway,
    );
    expect(config).toMatchObject({
      nodeEnv: 'production',
      logLevel: 'debug',
      host: '0.0.0.0',
      port: 8081,
      databaseUrl: infra.DATABASE_URL,
      amqpUrl: infra.AMQP_URL,
      dataDir: '/var/lib/huntforge',
      authMode: 'required',
      bodyLimit: '5mb',
      shutdownTimeoutMs: 2000,
      schedulerEnabled: false,
      scheduledJobsPollMs: 5000,
      serviceUrls: {
        ingestion: 'http://ingestion:8081',
        workflow: 'http://workflow:8082',
        contentFilter: 'https://content-filter:8083',
        sigmaQueue: 'http://sigma-queue:8084',
        mcp: 'http://mcp:8085',
      },
      settingsEncryptionKey: hexKey,
    });
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '  ', LOG_LEVEL: '' }, allInOne);
    expect(config.port).toBeUndefined();
    expect(config.host).toBe('127.0.0.1');
    expect(config.logLevel).toBe('info');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['TRUE', true],
    ['false', false],
    ['0', false],
  ])('accepts SCHEDULER_ENABLED=%s', (value, expected) => {
    expect(loadConfig({ SCHEDULER_ENABLED: value }, allInOne).schedulerEnabled).toBe(expected);
  });

  it('rejects other boolean spellings', () => {
    expect(problemsOf({ SCHEDULER_ENABLED: 'yes' }, allInOne)).toEqual(['SCHEDULER_ENABLED: must be true, false, 1 or 0']);
  });

  it.each(['65536', '80.5', 'http', '-1'])('rejects PORT=%s', (port) => {
    expect(problemsOf({ PORT: port }, allInOne)).toEqual(['PORT: must be an integer from 0 to 65535']);
  });

  it('accepts PORT=0 as "any free port"', () => {
    expect(loadConfig({ PORT: '0' }, allInOne).port).toBe(0);
  });

  it('accepts both postgres URL schemes and both AMQP schemes', () => {
    for (const databaseUrl of ['postgres://db/x', 'postgresql://u:p@db:5432/x']) {
      for (const amqpUrl of ['amqp://mq', 'amqps://u:p@mq:5671/vhost']) {
        expect(
          loadConfig({ DATABASE_URL: databaseUrl, AMQP_URL: amqpUrl, IDENTITY_SIGNING_KEY: infra.IDENTITY_SIGNING_KEY }, gateway)
            .databaseUrl,
        ).toBe(databaseUrl);
      }
    }
  });

  it('accepts the encryption key as base64 and rejects keys of the wrong length without echoing them', () => {
    const base64Key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SETTINGS_ENCRYPTION_KEY: base64Key }, allInOne).settingsEncryptionKey).toBe(base64Key);

    const shortKey = 'cd'.repeat(16);
    const problems = problemsOf({ SETTINGS_ENCRYPTION_KEY: shortKey }, allInOne);
    expect(problems).toEqual(['SETTINGS_ENCRYPTION_KEY: must be 32 bytes written as 64 hex characters or as base64']);
    expect(problems.join('\n')).not.toContain(shortKey);
  });

  it('never echoes a URL that may carry a password', () => {
    const problems = problemsOf(
      { DATABASE_URL: 'mysql://root:hunter2@db/x', AMQP_URL: 'amqp://mq', IDENTITY_SIGNING_KEY: infra.IDENTITY_SIGNING_KEY },
      gateway,
    );
    expect(problems).toEqual(['DATABASE_URL: must be a URL starting with postgres:// or postgresql://']);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  describe('distributed shape', () => {
    it('names every missing variable: the database, the broker and the identity signing key', () => {
      const problems = problemsOf({}, gateway);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(/^DATABASE_URL: required when gateway runs as its own process/);
      expect(problems[1]).toMatch(/^AMQP_URL: required when gateway runs as its own process/);
      expect(problems[2]).toMatch(/^IDENTITY_SIGNING_KEY: required when gateway runs as its own process/);
    });

    it('names only the one that is missing', () => {
      const problems = problemsOf({ DATABASE_URL: infra.DATABASE_URL, IDENTITY_SIGNING_KEY: infra.IDENTITY_SIGNING_KEY }, gateway);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^AMQP_URL: /);
    });

    it('requires authentication by default even on loopback', () => {
      expect(loadConfig({ ...infra }, gateway).authMode).toBe('required');
    });
  });

  describe('AUTH_MODE', () => {
    it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST'])(
      'may be off in all-in-one on loopback host %s',
      (host) => {
        expect(loadConfig({ AUTH_MODE: 'off', HOST: host }, allInOne).authMode).toBe('off');
      },
    );

    it.each(['0.0.0.0', '::', '192.168.1.10', 'huntforge.internal', '128.0.0.1'])(
      'may not be off when all-in-one binds %s, and defaults to required there',
      (host) => {
        expect(problemsOf({ AUTH_MODE: 'off', HOST: host }, allInOne)).toEqual([
          `AUTH_MODE: "off" is allowed only when HOST is a loopback address (127.0.0.0/8, ::1, localhost); HOST is ${host}`,
        ]);
        expect(loadConfig({ HOST: host }, allInOne).authMode).toBe('required');
      },
    );

    it('may not be off in the distributed shape, even on loopback', () => {
      expect(problemsOf({ ...infra, AUTH_MODE: 'off', HOST: '127.0.0.1' }, gateway)).toEqual([
        'AUTH_MODE: "off" is allowed only in the all-in-one shape on a loopback host; gateway runs distributed',
      ]);
    });
  });

  it('collects every problem at once, each naming its variable', () => {
    const problems = problemsOf(
      {
        NODE_ENV: 'staging',
        LOG_LEVEL: 'verbose',
        PORT: '99999',
        AUTH_MODE: 'off',
        BODY_LIMIT: 'lots',
        SHUTDOWN_TIMEOUT_MS: 'soon',
        SCHEDULER_ENABLED: 'maybe',
        SCHEDULED_JOBS_POLL_SECONDS: '0',
        INGESTION_URL: 'ftp://ingestion',
        SETTINGS_ENCRYPTION_KEY: 'short',
      },
      { shape: 'distributed', service: 'ingestion' },
    );
    const variables = problems.map((line) => line.split(':')[0]);
    expect(variables.sort()).toEqual(
      [
        'AMQP_URL',
        'AUTH_MODE',
        'BODY_LIMIT',
        'DATABASE_URL',
        'IDENTITY_SIGNING_KEY',
        'INGESTION_URL',
        'LOG_LEVEL',
        'NODE_ENV',
        'PORT',
        'SCHEDULED_JOBS_POLL_SECONDS',
        'SCHEDULER_ENABLED',
        'SETTINGS_ENCRYPTION_KEY',
        'SHUTDOWN_TIMEOUT_MS',
      ].sort(),
    );
    expect(problems).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
  });
});

describe('formatConfigProblems', () => {
  it('prints a heading and one bullet per problem', () => {
    const error = new ConfigError('gateway', ['DATABASE_URL: required', 'AMQP_URL: required']);
    expect(formatConfigProblems(error)).toBe('Configuration is invalid (2 problems):\n  - DATABASE_URL: required\n  - AMQP_URL: required');
    expect(error.message).toContain('gateway');
  });
});
