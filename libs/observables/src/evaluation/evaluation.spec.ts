import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_SUBAGENTS } from '@huntforge/contracts/workflow';
import { refang } from '../refang';
import { aggregateVersion } from './aggregate-records';
import { countVerdict } from './count-accuracy';
import { EVAL_ARTICLES_FILE, EvalSetError, loadEvalSet, parseEvalSet } from './eval-set';
import { expectedItems } from './ground-truth';
import { normaliseItem, scoreItems } from './match-items';

const ROOT = join(__dirname, '..', '..', '..', '..');
const evalSet = loadEvalSet(join(ROOT, EVAL_ARTICLES_FILE), (path) => readFileSync(path, 'utf8'));

describe('the committed eval set', () => {
  it('has at least 30 articles and at least 5 per subagent', () => {
    expect(evalSet.fixtures.length).toBeGreaterThanOrEqual(30);
    for (const subagent of EVAL_SUBAGENTS) expect(evalSet.bySubagent[subagent].length).toBeGreaterThanOrEqual(5);
  });

  it('holds only items that appear verbatim in their article (network items refanged, registry hives in either spelling, commands joined)', () => {
    const absent: string[] = [];
    // A command written over several lines (^, \ or ` before the line break) is labelled joined.
    const joinContinuations = (text: string) => text.replace(/[ \t]*[\^\\`]\r?\n[ \t]*/g, ' ');
    for (const subagent of EVAL_SUBAGENTS) {
      for (const article of evalSet.bySubagent[subagent]) {
        const written = subagent === 'cmdline' ? [article.content, joinContinuations(article.content)] : [article.content];
        const texts = written.flatMap((text) => [text, refang(text)]);
        for (const item of [...article.expected.required, ...article.expected.optional]) {
          // A registry key's hive may be written long (HKEY_CURRENT_USER) in the text and short in the truth.
          const parts =
            subagent === 'process_lineage'
              ? item.split(' -> ')
              : subagent === 'registry_artifacts'
                ? [item.replace(/^HK\w+\\/, '')]
                : [item];
          for (const part of parts) {
            if (!texts.some((text) => text.includes(part))) absent.push(`${article.fixture} ${subagent}: ${part}`);
          }
        }
      }
    }
    expect(absent).toEqual([]);
  });
});

describe('item matching', () => {
  it('normalises case, whitespace, defanging, hives and image suffixes', () => {
    expect(normaliseItem('cmdline', '  CMD.exe   /c  whoami ')).toBe('cmd.exe /c whoami');
    expect(normaliseItem('network_indicators', 'hxxps://Evil[.]example/')).toBe('https://evil.example');
    expect(normaliseItem('registry_artifacts', 'HKEY_LOCAL_MACHINE\\\\Software\\\\X')).toBe('hklm\\software\\x');
    expect(normaliseItem('process_lineage', 'WINWORD.EXE → cmd.exe')).toBe('winword -> cmd');
    expect(normaliseItem('scheduled_tasks', '\\Microsoft\\Updater')).toBe('microsoft\\updater');
  });

  it('compares as sets: duplicates once, optional items neutral, hunt queries by fragment', () => {
    const expected = { required: ['evil.example', '203.0.113.7'], optional: ['docs.example'] };
    const score = scoreItems('network_indicators', expected, ['evil[.]example', 'EVIL.example', 'docs.example', 'other.example']);
    expect(score).toMatchObject({ matched: ['evil.example'], missed: ['203.0.113.7'], extra: ['other.example'] });
    expect(score.precision).toBe(0.5);
    expect(score.recall).toBe(0.5);
    expect(score.f1).toBe(0.5);
    const queries = scoreItems('hunt_queries', { required: ['EventCode=7045'], optional: [] }, [
      'index=wineventlog eventcode=7045 | stats count',
    ]);
    expect(queries.recall).toBe(1);
    expect(scoreItems('cmdline', { required: [], optional: [] }, [])).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(scoreItems('registry_artifacts', { required: ['HKLM\\Software\\Run'], optional: [] }, ['Software\\Run']).matched).toHaveLength(
      1,
    );
  });

  it('reads required and optional items of a subagent from the truth', () => {
    const truth = {
      process_pairs: { required: [{ parent: 'a.exe', child: 'b.exe' }], optional: [] },
      network: { required: { ips: ['1.2.3.4'], domains: ['x.example'], urls: [] } },
    };
    expect(expectedItems(truth, 'process_lineage')).toEqual({ required: ['a.exe -> b.exe'], optional: [] });
    expect(expectedItems(truth, 'network_indicators').required).toEqual(['1.2.3.4', 'x.example']);
    expect(expectedItems(truth, 'windows_services')).toEqual({ required: [], optional: [] });
  });
});

describe('aggregates', () => {
  it('grades counts and aggregates one version with each article once', () => {
    expect([countVerdict(3, 3), countVerdict(5, 3), countVerdict(0, 3)]).toEqual(['pass', 'partial', 'fail']);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const record = (articleKey: string, expectedCount: number, actualCount: number, minute: number, recall = 1) => ({
      configVersion: 3,
      model: null,
      articleKey,
      expectedCount,
      actualCount,
      precision: 1,
      recall,
      f1: recall,
      completedAt: at(minute),
    });
    const result = aggregateVersion(3, [record('a', 4, 0, 1, 0), record('a', 4, 4, 2), record('b', 2, 5, 3, 0.5)]);
    expect(result).toMatchObject({
      records: 3,
      scored_articles: 2,
      mean_score: 1.5,
      raw_mae: 1.5,
      nmae: 0.5,
      score_distribution: { '0': 1, '3': 1 },
    });
    expect(result.count_accuracy).toEqual({ pass: 1, partial: 0, fail: 1 });
    expect(result.mean_recall).toBe(0.75);
    expect(result.models).toEqual(['builtin']);
  });
});

describe('eval-set parsing', () => {
  const files: Record<string, string> = {
    '../fixtures/eval/a.md': '---\ntitle: "A"\n---\nbody with cmd /c x',
    '../fixtures/eval/a.expected.yaml': 'article_url: https://a.example/1\ncommandlines:\n  required: ["cmd /c x"]\n',
  };
  const read = (path: string) => {
    if (!(path in files)) throw new Error(`no ${path}`);
    return files[path] as string;
  };

  it('derives counts from items and refuses inconsistent entries', () => {
    const set = parseEvalSet('subagents:\n  cmdline:\n    - { fixture: a, url: "https://a.example/1" }\n', read);
    expect(set.bySubagent.cmdline[0]).toMatchObject({ title: 'A', content: 'body with cmd /c x', expected: { required: ['cmd /c x'] } });
    expect(() => parseEvalSet('subagents:\n  cmdline:\n    - { fixture: a, url: "https://other.example" }\n', read)).toThrow(EvalSetError);
    expect(() => parseEvalSet('subagents:\n  bogus:\n    - { fixture: a }\n', read)).toThrow(/unknown subagent/);
    expect(() => parseEvalSet('subagents:\n  cmdline:\n    - { fixture: a }\n    - { fixture: a }\n', read)).toThrow(/twice/);
  });
});
