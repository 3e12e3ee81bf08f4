import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import type { AgentOutputs, ExtractionAgent, ExtractionReason, ExtractionResult } from '@huntforge/contracts/extraction';
import type { ArticleText } from '@huntforge/data';
import type { RuleCandidate, RuleDocument } from '@huntforge/sigma';

/** How one agent's run ended (mirrors libs/observables' AgentRun, which aggregation consumes). */
export type AgentRun<A extends ExtractionAgent = ExtractionAgent> =
  | { status: 'completed'; output: AgentOutputs[A]; duration_ms?: number }
  | { status: 'failed'; error: ExtractionReason; duration_ms?: number }
  | { status: 'skipped'; reason: ExtractionReason };
export type AgentRuns = { [A in ExtractionAgent]?: AgentRun<A> };

/** The article as the pipeline sees it. Its text is untrusted data, never instructions. */
export type PipelineArticle = ArticleText;

export type PlatformLabel = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

export interface PlatformResult {
  os: PlatformLabel;
  confidence: 'high' | 'medium' | 'low';
  method: string;
  evidence: unknown;
}

export interface JunkFilterResult {
  keptText: string;
  keptChunks: number;
  totalChunks: number;
  summary: Record<string, unknown>;
}

/** The content filter's answer for one article: the junk filter and the platform over its kept chunks. */
export interface ArticleClassification {
  junk: JunkFilterResult;
  /** Null when no chunk is kept (no huntable content to detect a platform in). */
  platform: PlatformResult | null;
}

/** The rules of one pipeline step for one execution, handed to the queue together. */
export interface QueueRequest {
  executionId: number;
  articleId: number;
  rules: QueueRule[];
}

export interface QueueRule {
  source: 'generated' | 'publisher';
  /** `needs_review` forces review; otherwise the queue decides from its own comparison. */
  status: 'pending' | 'needs_review';
  ruleYaml: string;
  /** The rule as the run loaded it, so the queue reads the object instead of parsing the YAML again. */
  rule?: RuleDocument;
  /** When set, the queue applies the promotion rule: a conclusive max_similarity >= threshold is a duplicate. */
  similarityThreshold?: number;
  provenance?: Record<string, unknown>;
  deliveryPermitted?: boolean;
}

export interface SimilarityOutcome {
  maxSimilarity: number | null;
  inconclusive: boolean;
  /** Top matches with explanation and attribution, best first. */
  matches: Array<Record<string, unknown>>;
}

export type EnqueueResult =
  | ({ outcome: 'queued'; queueId: number; status: string } & SimilarityOutcome)
  | ({ outcome: 'duplicate' } & SimilarityOutcome)
  /** The rule repeats an open or approved queue item: linked to it, nothing new queued. */
  | ({ outcome: 'linked'; queueId: number; status: string } & SimilarityOutcome);

/** Questions the pipeline asks other services (over the bus request/reply keys in production). */
export interface ServicePorts {
  /** One question per run: the article's classification (junk filter) and its platform, from one classification. */
  classifyArticle(article: PipelineArticle, threshold: number, signal: AbortSignal): Promise<ArticleClassification>;
  /**
   * Compares each rule with the corpus and, unless it is a duplicate, queues it: one request for all the
   * rules, all queued or none. Results are in the order of `request.rules`.
   */
  enqueue(request: QueueRequest, signal: AbortSignal): Promise<EnqueueResult[]>;
  /** Which reference rules (SigmaHQ, customer repository) fire on the telemetry of the observables. */
  coverage(observables: ExtractionResult['observables'], platform: PlatformLabel, signal: AbortSignal): Promise<ExecutionCoverage>;
}

export interface Usage {
  provider: string;
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface RankOutcome {
  score: number;
  reasoning: string;
  usage?: Usage[];
}

/** A rule as a loaded mapping, and a rule an agent wrote (an object or YAML text): libs/sigma's types. */
export type { RuleCandidate, RuleDocument };

export interface ValidationReport {
  valid: boolean;
  findings: Array<{ id: string; severity: 'error' | 'warning' | 'info'; path: string; message: string }>;
}

/** Rule text parsed once: the mapping, or why it is not one. */
export type LoadedRule = { ok: true; rule: RuleDocument } | { ok: false; findings: ValidationReport['findings'] };

/** The agents of one run, resolved from the config snapshot: builtin or a model provider per agent. */
export interface AgentRunner {
  rank(
    input: { article: PipelineArticle; text: string; observablesByType: Record<string, number> },
    signal: AbortSignal,
  ): Promise<RankOutcome>;
  extract<A extends ExtractionAgent>(
    agent: A,
    input: { article: PipelineArticle; text: string },
    signal: AbortSignal,
  ): Promise<{ output: AgentOutputs[A]; usage?: Usage[] }>;
  generateSigma(
    /** `text`: what the extractors read (the evidence offsets point into it); the article's content when absent. */
    input: {
      article: PipelineArticle;
      platform: PlatformLabel;
      extraction: ExtractionResult;
      text?: string;
      /** The execution's coverage (reference rules firing on the observables, with why); the builtin generator keys behaviour rules on it. */
      coverage?: ExecutionCoverage | null;
    },
    signal: AbortSignal,
  ): Promise<{ rules: RuleCandidate[]; usage?: Usage[] }>;
  /** A repaired rule: an object (the builtin repair) or new text (a model); null when nothing could be repaired. */
  repairSigma(
    input: { rule: { yaml: string; doc: RuleDocument | null }; findings: ValidationReport['findings']; article: PipelineArticle },
    signal: AbortSignal,
  ): Promise<{ candidate: RuleCandidate | null; usage?: Usage[] }>;
  /** Platform adjudication for low-confidence detections; null when the agent is builtin (no model). */
  adjudicatePlatform?(
    input: { article: PipelineArticle; detection: PlatformResult },
    signal: AbortSignal,
  ): Promise<{ result: PlatformResult; usage?: Usage[] } | null>;
}

/** Pure helpers from the domain libs. */
export interface DomainPorts {
  findEmbeddedSigma(content: string): Array<{ yaml: string; start: number; end: number }>;
  /** Parses rule text: the one parse a rule gets in a run. */
  loadSigma(yaml: string): LoadedRule;
  validateSigma(rule: RuleDocument): ValidationReport;
  /** The rule as YAML, in SigmaHQ's key order: written once, where the rule leaves the run. */
  renderSigma(rule: RuleDocument): string;
  aggregate(runs: AgentRuns): ExtractionResult;
  /** The platform router: a reason record when the agent is skipped for this platform, null when it runs. */
  platformSkipReason(agent: ExtractionAgent, platform: PlatformLabel): ExtractionReason | null;
  /** Observables by type for ranking before the full extraction (cheap builtin pass). */
  quickObservableCounts(text: string, articleUrl: string): Record<string, number>;
}
