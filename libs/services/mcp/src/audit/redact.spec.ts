import { REDACTED, redactArguments, redactText } from './redact';

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

  it("masks credentials by the platform's one list of shapes (the logs and relayed upstream errors use it too)", () => {
    expect(redactText('auth: token abcdefghijklmnop1234 and Bearer abcdefghijklmnopqrstu')).toBe(`auth: ${REDACTED} and ${REDACTED}`);
    // The shapes need 16 characters after Bearer / token: a shorter word is no credential (the MCP list once took 8).
    expect(redactText('Bearer shortone')).toBe('Bearer shortone');
    expect(redactText('a NUL \u0000 stays visible')).toBe('a NUL \\u0000 stays visible');
  });

  it('cuts long texts and says how long they were', () => {
    const redacted = redactArguments({ chunk_text: 'a'.repeat(5000) }) as { chunk_text: string };
    expect(redacted.chunk_text).toHaveLength(2000 + '… [5000 characters]'.length);
    expect(redacted.chunk_text.endsWith('[5000 characters]')).toBe(true);
  });
});
