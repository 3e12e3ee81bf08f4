import { sigmaError } from '../pipeline/errors';
import type { SigmaBackend } from './backend';
import { EqlTarget, EsqlTarget } from './targets/elastic-eql-esql-targets';
import { ElastalertTarget, LuceneTarget } from './targets/elastic-lucene-target';
import { KustoTarget } from './targets/kusto-target';
import { SplunkSpl2Target } from './targets/splunk-spl2-target';
import { SplunkTarget } from './targets/splunk-target';
import { TestTarget } from './targets/test-target';

/** The conversion targets by their pySigma identifier, each a fresh backend per conversion. */
export const TARGETS: Readonly<Record<string, () => SigmaBackend>> = {
  splunk: () => new SplunkTarget(),
  splunk_spl2: () => new SplunkSpl2Target(),
  lucene: () => new LuceneTarget(),
  eql: () => new EqlTarget(),
  esql: () => new EsqlTarget(),
  elastalert: () => new ElastalertTarget(),
  kusto: () => new KustoTarget(),
  test: () => new TestTarget(),
};

export const TARGET_IDS = Object.keys(TARGETS);

export function targetFor(id: string): SigmaBackend {
  const make = TARGETS[id];
  if (!make) throw sigmaError('SigmaBackendError', `Unknown target '${id}'; targets: ${TARGET_IDS.join(', ')}`);
  return make();
}
