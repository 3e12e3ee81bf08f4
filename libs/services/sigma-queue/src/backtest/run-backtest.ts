import type { BacktestDatasetResult, BacktestRequest, BacktestResponse } from '@huntforge/contracts/telemetry';
import { CorrelationEngine, loadRuleDocuments, RuleCompileError } from '@huntforge/sigma';
import { TelemetryInputError, type InputSummary } from '@huntforge/telemetry';
import { HttpError, httpErrors } from '@huntforge/platform';
import { eventExcerpt } from './event-excerpt';
import { readDatasetBatches } from './read-dataset';
import type { QueueRepository } from '../repositories/queue-repository';
import type { DatasetSummaryRow, TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';
import type { DatasetLimits } from './dataset-limits';

export interface BacktestDeps {
  limits: DatasetLimits;
  now: () => Date;
  queue: Pick<QueueRepository, 'find'>;
  datasets: Pick<TelemetryDatasetRepository, 'find' | 'bytesOf'>;
}

export interface BacktestCommand {
  queueId: number;
  request: BacktestRequest;
}

/**
 * Runs a queued rule over uploaded datasets as `huntforge sigma test` would (logsource gating, each
 * log's field names) and answers, per dataset, its events, the events the rule matched and the first
 * of them. Every dataset is checked before any is read; nothing is stored.
 */
export async function runBacktest(deps: BacktestDeps, command: BacktestCommand): Promise<BacktestResponse> {
  const { queueId, request } = command;
  const item = await deps.queue.find(queueId);
  if (!item) throw httpErrors.notFound(`No queue item ${queueId}`);
  const now = deps.now();
  const datasets: DatasetSummaryRow[] = [];
  for (const id of request.dataset_ids) {
    const row = await deps.datasets.find(id, now);
    if (!row) throw new HttpError(404, 'dataset_not_found', `No telemetry dataset ${id} (it may have expired)`, { dataset_id: id });
    datasets.push(row);
  }
  let docs: Array<Record<string, unknown>>;
  try {
    docs = loadRuleDocuments(item.ruleYaml);
    // Compiled once here so a rule that cannot run is refused before any dataset is read.
    void new CorrelationEngine(docs);
  } catch (error) {
    if (error instanceof RuleCompileError)
      throw new HttpError(400, 'invalid_sigma', `The rule cannot run: ${error.message}${error.path ? ` (at ${error.path})` : ''}`);
    throw error;
  }
  const results: BacktestDatasetResult[] = [];
  const deadline = performance.now() + deps.limits.backtestMaxMs;
  for (const dataset of datasets)
    results.push(await backtestDataset(deps, docs, dataset, { maxExamples: request.max_examples, deadline }, now));
  return { queue_id: item.id, title: item.title, datasets: results };
}

async function backtestDataset(
  deps: BacktestDeps,
  docs: Array<Record<string, unknown>>,
  dataset: DatasetSummaryRow,
  run: { maxExamples: number; deadline: number },
  now: Date,
): Promise<BacktestDatasetResult> {
  const { maxExamples, deadline } = run;
  const bytes = await deps.datasets.bytesOf(dataset.id, now);
  if (!bytes)
    throw new HttpError(404, 'dataset_not_found', `No telemetry dataset ${dataset.id} (it may have expired)`, { dataset_id: dataset.id });
  // A fresh engine per dataset: correlation state must not carry over from one log to another.
  const engine = new CorrelationEngine(docs);
  const summary: InputSummary = { path: dataset.name, container: '', events: 0, problems: [] };
  const result: BacktestDatasetResult = {
    dataset_id: dataset.id,
    name: dataset.name,
    events: 0,
    matches: 0,
    first_matches: [],
    problems: [],
    complete: true,
  };
  let index = 0;
  try {
    reading: for await (const batch of readDatasetBatches(dataset.name, bytes, summary)) {
      for (const event of batch) {
        // Stopped at a cap: the answer says so and counts what was read (the clock is read every 1,024 events).
        if (index >= deps.limits.backtestMaxEvents || (index % 1024 === 0 && performance.now() > deadline)) {
          result.complete = false;
          break reading;
        }
        const time = event.time ? Date.parse(event.time) : Number.NaN;
        const { matched } = engine.process(event.fields, Number.isNaN(time) ? 0 : time, event.source);
        if (matched.length > 0) {
          result.matches++;
          if (result.first_matches.length < maxExamples)
            result.first_matches.push({ index, time: event.time, computer: event.computer, event: eventExcerpt(event.fields) });
        }
        index++;
      }
    }
  } catch (error) {
    if (error instanceof TelemetryInputError) throw new HttpError(422, 'invalid_dataset', error.message, { dataset_id: dataset.id });
    throw error;
  }
  result.events = result.complete ? summary.events : index;
  result.problems = summary.problems;
  return result;
}
