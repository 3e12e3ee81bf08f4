import { REDACTED, redactArguments } from './redact';

describe('redactArguments', () => {
  it('hides values under secret-sounding keys and credential-looking strings anywhere', () => {
    expect(
      redactArguments({
        api_key: 'plain',
        nested: { Authorization: 'Bearer abc', list: ['ghp_abcdefghijklmnopqrstuvwxyz0123', 'ok'] },
        note: 'my key is sk-proj-abcdefghijklmnop1234 thanks',
        count: 3,
      }),
    ).toEqual({
      api_key: REDACTED,
      nested: { Authorization: REDACTED, list: [REDACTED, 'ok'] },
      note: `my key is ${REDACTED} thanks`,
      count: 3,
    });
  });

  it('cuts long texts and says how long they were', () => {
    const redacted = redactArguments({ chunk_text: 'a'.repeat(5000) }) as { chunk_text: string };
    expect(redacted.chunk_text).toHaveLength(2000 + '… [5000 characters]'.length);
    expect(redacted.chunk_text.endsWith('[5000 characters]')).toBe(true);
  });
});
