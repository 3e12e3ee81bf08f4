import { z } from 'zod';
import { LlmError } from './errors';
import { parseStructuredOutput, tryParseStructuredOutput } from './structured-output';

const schema = z.object({ score: z.number(), reasoning: z.string(), tags: z.array(z.string()).default([]) });

describe('parseStructuredOutput', () => {
  it.each([
    ['plain JSON', '{"score": 7, "reasoning": "ok", "tags": ["a"]}', { score: 7, reasoning: 'ok', tags: ['a'] }],
    [
      'a code fence with leading prose',
      'Here you go:\n```json\n{"score": 7.5, "reasoning": "fenced"}\n```\nThanks!',
      { score: 7.5, reasoning: 'fenced', tags: [] },
    ],
    ['leading and trailing prose', 'Sure. {"score": 3, "reasoning": "prose"} Hope that helps.', { score: 3, reasoning: 'prose', tags: [] }],
    ['trailing commas', '{"score": 4, "reasoning": "commas", "tags": ["x", "y",],}', { score: 4, reasoning: 'commas', tags: ['x', 'y'] }],
    ['single quotes', "{'score': 5, 'reasoning': 'it\\'s \"quoted\"'}", { score: 5, reasoning: 'it\'s "quoted"', tags: [] }],
    [
      'python literals and bare keys',
      '{score: 6, reasoning: "py", tags: [], extra: None, ok: True}',
      { score: 6, reasoning: 'py', tags: [] },
    ],
    ['a truncated string and brackets', '{"score": 8, "reasoning": "cut off mid', { score: 8, reasoning: 'cut off mid', tags: [] }],
    ['a truncated array', '{"score": 2, "reasoning": "r", "tags": ["one", "tw', { score: 2, reasoning: 'r', tags: ['one', 'tw'] }],
    ['a dangling key', '{"score": 1e1, "reasoning": "dangling", "tags"', { score: 10, reasoning: 'dangling', tags: [] }],
    [
      'raw newlines inside strings',
      '{"score": 9, "reasoning": "line one\nline two"}',
      { score: 9, reasoning: 'line one\nline two', tags: [] },
    ],
  ])('repairs %s', (_name, text, expected) => {
    expect(parseStructuredOutput(text, schema)).toEqual(expected);
  });

  it('reports whether a repair was needed', () => {
    expect(tryParseStructuredOutput('{"score": 1, "reasoning": ""}', schema)).toMatchObject({ ok: true, repaired: false });
    expect(tryParseStructuredOutput('{"score": 1, "reasoning": "",}', schema)).toMatchObject({ ok: true, repaired: true });
  });

  it('rejects text without JSON and JSON of the wrong shape with invalid_model_output', () => {
    expect(tryParseStructuredOutput('I cannot help with that.', schema)).toEqual({
      ok: false,
      error: 'the answer contains no parsable JSON',
    });
    const wrongShape = tryParseStructuredOutput('{"score": "high"}', schema);
    expect(wrongShape.ok).toBe(false);
    expect(!wrongShape.ok && wrongShape.error).toMatch(/score/);
    expect(() => parseStructuredOutput('{"score": "high"}', schema, 'openai')).toThrow(LlmError);
    try {
      parseStructuredOutput('nope', schema, 'openai');
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_model_output', details: { provider: 'openai' } });
    }
  });
});
