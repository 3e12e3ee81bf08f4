import { TOPICS, TOPIC_PAYLOAD_SCHEMAS, REQUEST_KEYS, QUEUES } from './topics';

describe('topics', () => {
  it('has a payload schema for every topic', () => {
    expect(Object.keys(TOPIC_PAYLOAD_SCHEMAS).sort()).toEqual(Object.values(TOPICS).sort());
  });

  it("names the request keys (three from the architecture, plus the workflow's enqueue and corpus coverage) and the workflow queue", () => {
    expect(Object.values(REQUEST_KEYS)).toEqual([
      'content-filter.classify',
      'content-filter.detect-os',
      'content-filter.classify-article',
      'sigma.similarity.search',
      'sigma.queue.enqueue',
      'sigma.corpus.coverage',
    ]);
    expect(QUEUES.workflowExecutions).toBe('workflow.executions');
  });

  it('validates article.ingested', () => {
    const schema = TOPIC_PAYLOAD_SCHEMAS[TOPICS.articleIngested];
    expect(schema.parse({ article_id: 4, hunt_score: 87.5 })).toEqual({ article_id: 4, hunt_score: 87.5 });
    expect(schema.safeParse({ article_id: 0, hunt_score: 50 }).success).toBe(false);
    expect(schema.safeParse({ article_id: 4, hunt_score: 120 }).success).toBe(false);
  });

  it('validates workflow.execution.requested and scheduled-jobs.changed', () => {
    expect(TOPIC_PAYLOAD_SCHEMAS[TOPICS.workflowExecutionRequested].safeParse({ execution_id: '9' }).success).toBe(false);
    const changed = { jobs: { cleanup_old_data: { enabled: false, cron: '0 3 * * *' } } };
    expect(TOPIC_PAYLOAD_SCHEMAS[TOPICS.scheduledJobsChanged].parse(changed)).toEqual(changed);
    expect(TOPIC_PAYLOAD_SCHEMAS[TOPICS.scheduledJobsChanged].safeParse({ jobs: { x: { enabled: 'yes' } } }).success).toBe(false);
  });
});
