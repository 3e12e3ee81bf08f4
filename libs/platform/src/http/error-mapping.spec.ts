import { z } from 'zod';
import { CredentialBaseUrlChangedError, SettingDecryptionError } from '@huntforge/data';
import { serializeError, toErrorResponse } from './error-mapping';
import { HttpError, httpErrors } from './http-error';
import { parseOrThrow } from './parse';

describe('toErrorResponse', () => {
  it('answers a stored secret the configured key cannot decrypt with 409 setting_undecryptable naming the key', () => {
    const response = toErrorResponse(new SettingDecryptionError('OPENAI_API_KEY', 'wrong SETTINGS_ENCRYPTION_KEY or tampered ciphertext'));
    expect(response).toEqual({
      status: 409,
      body: {
        error: { code: 'setting_undecryptable', message: expect.stringContaining('OPENAI_API_KEY'), details: { key: 'OPENAI_API_KEY' } },
      },
      unexpected: false,
    });
  });

  it('answers a credential withheld after its base URL changed with 409 credential_base_url_changed', () => {
    const response = toErrorResponse(new CredentialBaseUrlChangedError('OPENAI_API_KEY', 'OPENAI_BASE_URL'));
    expect(response).toEqual({
      status: 409,
      body: {
        error: {
          code: 'credential_base_url_changed',
          message: expect.stringContaining('OPENAI_BASE_URL'),
          details: { key: 'OPENAI_API_KEY', base_url_key: 'OPENAI_BASE_URL' },
        },
      },
      unexpected: false,
    });
  });

  it('answers a path express could not decode with 400 invalid_path', () => {
    const error = Object.assign(new URIError("Failed to decode param '%ff'"), { status: 400 });
    expect(toErrorResponse(error)).toMatchObject({ status: 400, body: { error: { code: 'invalid_path' } }, unexpected: false });
  });

  it('sends client errors as they are and flags deliberate 5xx for logging', () => {
    expect(toErrorResponse(httpErrors.conflict('Source name taken', { name: 'x' }))).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'Source name taken', details: { name: 'x' } } },
      unexpected: false,
    });
    expect(toErrorResponse(new HttpError(422, 'no_huntable_content', 'No huntable chunk')).body.error.code).toBe('no_huntable_content');
    expect(toErrorResponse(httpErrors.serviceUnavailable('Workflow is unreachable')).unexpected).toBe(true);
  });

  it('keeps exposed http-errors from express internals and hides everything else', () => {
    const forbidden = Object.assign(new Error('Forbidden'), { status: 403, expose: true });
    expect(toErrorResponse(forbidden)).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'Forbidden' } } });

    const internal = Object.assign(new Error('connection string postgresql://u:pw@db'), { status: 500, expose: false });
    expect(toErrorResponse(internal)).toEqual({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Internal server error' } },
      unexpected: true,
    });
    expect(toErrorResponse('a thrown string').status).toBe(500);
  });
});

describe('parseOrThrow', () => {
  it('returns the parsed value, coerced by the schema', () => {
    expect(parseOrThrow(z.object({ id: z.coerce.number() }), { id: '7' }, 'params')).toEqual({ id: 7 });
  });

  it('throws a 400 validation_error with prefixed, dotted paths', () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string() })) });
    try {
      parseOrThrow(schema, { items: [{ name: 1 }] }, 'body');
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, code: 'validation_error', details: [{ path: 'body.items.0.name' }] });
    }
  });
});

describe('serializeError', () => {
  it('keeps name, message, stack, code and cause but not attached request data', () => {
    const cause = new Error('socket hang up');
    const error = Object.assign(new Error('fetch failed', { cause }), {
      code: 'ECONNRESET',
      body: '{"password":"hunter2"}',
      headers: { authorization: 'Bearer x' },
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ type: 'Error', message: 'fetch failed', code: 'ECONNRESET', cause: { message: 'socket hang up' } });
    expect(serialized['stack']).toEqual(expect.stringContaining('fetch failed'));
    expect(JSON.stringify(serialized)).not.toMatch(/hunter2|Bearer/);
  });
});
