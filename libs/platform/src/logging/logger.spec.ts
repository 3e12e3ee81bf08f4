import { captureLogs } from './capture';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('writes JSON lines with level name, service, pid and an ISO time', () => {
    const capture = captureLogs();
    const logger = createLogger({ level: 'info', service: 'ingestion', destination: capture.stream });

    logger.info({ sourceId: 7 }, 'collected');

    const [line] = capture.lines();
    expect(line).toMatchObject({ level: 'info', service: 'ingestion', pid: process.pid, sourceId: 7, msg: 'collected' });
    expect(new Date(String(line['time'])).toISOString()).toBe(line['time']);
    expect(line).not.toHaveProperty('hostname');
  });

  it('respects the level', () => {
    const capture = captureLogs();
    const logger = createLogger({ level: 'warn', service: 'gateway', destination: capture.stream });
    logger.info('hidden');
    logger.warn('shown');
    expect(capture.lines().map((line) => line['msg'])).toEqual(['shown']);
  });

  it('redacts secrets at the top level, nested, in headers and under settings', () => {
    const capture = captureLogs();
    const logger = createLogger({ level: 'info', service: 'workflow', destination: capture.stream });

    logger.info(
      {
        token: 'top-token',
        provider: { name: 'openai', apiKey: 'sk-nested', options: { api_key: 'sk-deeper' } },
        req: { headers: { authorization: 'Bearer hf_abc', cookie: 'sid=1', 'x-api-key': 'key-1', accept: 'json' } },
        user: { password: 'hunter2', secret: 'shh' },
        settings: [{ key: 'OPENAI_API_KEY', value: 'sk-setting' }],
        config: { databaseUrl: 'postgresql://u:pw@db/x', settingsEncryptionKey: 'ab'.repeat(32) },
      },
      'call',
    );

    const text = capture.text();
    for (const secret of [
      'top-token',
      'sk-nested',
      'sk-deeper',
      'hf_abc',
      'sid=1',
      'key-1',
      'hunter2',
      'shh',
      'sk-setting',
      'u:pw',
      'abab',
    ]) {
      expect(text).not.toContain(secret);
    }
    const [line] = capture.lines();
    expect(line).toMatchObject({
      token: '[redacted]',
      provider: { name: 'openai', apiKey: '[redacted]', options: { api_key: '[redacted]' } },
      req: { headers: { authorization: '[redacted]', accept: 'json' } },
      settings: [{ key: 'OPENAI_API_KEY', value: '[redacted]' }],
    });
  });
});
