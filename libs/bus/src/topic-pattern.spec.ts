import { compileTopicPattern, topicMatches } from './topic-pattern';

describe('topic patterns (RabbitMQ topic-exchange semantics)', () => {
  it.each([
    ['article.ingested', 'article.ingested', true],
    ['article.ingested', 'article.ingested.late', false],
    ['article.*', 'article.ingested', true],
    ['article.*', 'article', false],
    ['article.*', 'article.ingested.late', false],
    ['*.execution.*', 'workflow.execution.finished', true],
    ['article.#', 'article', true],
    ['article.#', 'article.ingested.late', true],
    ['article.#', 'articles.ingested', false],
    ['#', 'anything.at.all', true],
    ['#', '', true],
    ['#.finished', 'workflow.execution.finished', true],
    ['#.finished', 'finished', true],
    ['workflow.#.finished', 'workflow.finished', true],
    ['workflow.#.finished', 'workflow.execution.finished', true],
    ['workflow.#.finished', 'workflow.execution.requested', false],
    ['*.#', '', false],
    ['a.*.c', 'a..c', true],
    ['#.#', 'a.b', true],
  ])('%s vs %s → %s', (pattern, topic, expected) => {
    expect(topicMatches(pattern, topic)).toBe(expected);
  });

  it('treats a word containing a wildcard character as a literal word', () => {
    expect(compileTopicPattern('article.ingest*')('article.ingested')).toBe(false);
    expect(compileTopicPattern('article.ingest*')('article.ingest*')).toBe(true);
  });
});
