import { checkStatement } from './statement-checker';
import { tokenize } from './tokenizer';

describe('SQL tokenizer', () => {
  it('treats strings, quoted identifiers, dollar quotes and nested comments as the server does', () => {
    const tokens = tokenize(`SELECT 'it''s;', E'\\';', "a""b", $tag$ $x$ ; $tag$ /* a /* b */ c */ -- tail ;\n, x::numeric(3)`);
    expect(tokens.map((t) => [t.kind, t.value])).toEqual([
      ['word', 'select'],
      ['string', `'it''s;'`],
      ['punctuation', ','],
      ['string', `E'\\';'`],
      ['punctuation', ','],
      ['quoted_identifier', 'a"b'],
      ['punctuation', ','],
      ['string', '$tag$ $x$ ; $tag$'],
      ['punctuation', ','],
      ['word', 'x'],
      ['operator', '::'],
      ['word', 'numeric'],
      ['punctuation', '('],
      ['number', '3'],
      ['punctuation', ')'],
    ]);
  });

  it('ends an operator where a comment starts', () => {
    expect(tokenize('a <--b\n c').map((t) => t.value)).toEqual(['a', '<', 'c']);
  });
});

describe('checkStatement', () => {
  it('accepts one read-only statement and strips its trailing semicolons', () => {
    expect(checkStatement('SELECT count(*) FROM articles ;; ')).toEqual({ ok: true, statement: 'SELECT count(*) FROM articles' });
    expect(checkStatement("SELECT lower(title), substring(content FROM 1 FOR 20), coalesce(level, 'none')::varchar(10) FROM sigma_queue_items").ok).toBe(true);
    expect(checkStatement('VALUES (1), (2)').ok).toBe(true);
    expect(checkStatement('SELECT comment FROM chunk_classification_feedback').ok).toBe(true);
  });

  it('names the reason of a refusal', () => {
    expect(checkStatement('')).toEqual({ ok: false, reason: 'The query is empty' });
    expect(checkStatement('SELECT 1; SELECT 2')).toEqual({ ok: false, reason: 'Only one statement is allowed' });
    expect(checkStatement('SELECT pg_sleep(1)')).toEqual({ ok: false, reason: 'Function "pg_sleep" is not allowed in read-only queries' });
    expect(checkStatement('SELECT * FROM settings')).toEqual({ ok: false, reason: '"settings" cannot be read through the tool server' });
    expect(checkStatement('SELECT public.count(1)')).toEqual({ ok: false, reason: 'Function "count" is not allowed (only built-in functions may be called)' });
    expect(checkStatement("SELECT 'x'::regclass(1)")).toEqual({ ok: false, reason: 'Type "regclass" is not allowed here' });
  });
});
