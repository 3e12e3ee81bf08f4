import { z } from 'zod';
import { envProblems } from './env-problems';
import { loadConfig } from './config';
import { ConfigError } from './config-error';

const schema = z.object({
  WORKFLOW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  API_URL: z.url({ protocol: /^https?$/ }).optional(),
  POLICY: z.enum(['allow', 'deny']).default('deny'),
  NAME: z.string().trim().min(1).optional(),
});

describe('envProblems', () => {
  it('says what is wrong with each variable in plain words, never echoing the value', () => {
    const problems = envProblems(schema, {
      WORKFLOW_CONCURRENCY: '0',
      TIMEOUT_MS: 'soon',
      API_URL: 'secret-token-not-a-url',
      POLICY: 'maybe',
    });
    expect(problems).toEqual([
      'WORKFLOW_CONCURRENCY: must be at least 1',
      'TIMEOUT_MS: must be a number',
      'API_URL: must be a URL such as https://host:port',
      'POLICY: must be one of allow, deny',
    ]);
    expect(problems.join('\n')).not.toMatch(/secret-token|maybe|soon/);
  });

  it('reads a whole number and an upper bound', () => {
    expect(envProblems(schema, { WORKFLOW_CONCURRENCY: '1.5' })).toEqual(['WORKFLOW_CONCURRENCY: must be a whole number']);
    expect(envProblems(schema, { WORKFLOW_CONCURRENCY: '65' })).toEqual(['WORKFLOW_CONCURRENCY: must be at most 64']);
  });

  it('counts empty and blank values as unset', () => {
    expect(envProblems(schema, { WORKFLOW_CONCURRENCY: '', NAME: '   ' })).toEqual([]);
  });
});

describe('loadConfig with service variables', () => {
  it('lists the shared and the service problems together', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', WORKFLOW_CONCURRENCY: '0' }, { shape: 'all-in-one', service: 'all-in-one', serviceEnv: [schema] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT: must be an integer from 0 to 65535',
      'WORKFLOW_CONCURRENCY: must be at least 1',
    ]);
  });
});
