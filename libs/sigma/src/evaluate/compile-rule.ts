import { ConditionSyntaxError, expandPattern, parseCondition, type ConditionNode } from '../condition/parse-condition';
import { readSearchIdentifiers } from '../detection/search-identifiers';
import { isPlainObject, parseSigmaRule } from '../parse/parse-rule';
import { compileItem, RuleCompileError, type EventTest, type MatchOptions } from './compile-item';
import type { SigmaEvent } from './event-fields';
import { explainer, type MatchedItem } from './match-explanation';
import { ruleTriggers, type Triggers } from './prefilter';

/** A detection rule compiled once into a matcher. */
export interface CompiledRule {
  id: string | null;
  title: string;
  /** The rule document as loaded (logsource, level, tags… for callers that report matches). */
  doc: Record<string, unknown>;
  matches(event: SigmaEvent): boolean;
  /** Why the rule fires on an event it matches: the items of the selections that made its condition true (empty when it does not match). */
  explain(event: SigmaEvent): MatchedItem[];
  /** What the rule cannot match without, for the prefilter of a RuleSet (see prefilter.ts); null: always evaluated. */
  triggers: Triggers;
}

/** Compiles a Sigma detection rule (YAML text or a loaded document). Throws RuleCompileError when it cannot run. */
export function compileRule(rule: string | Record<string, unknown>, options: MatchOptions = {}): CompiledRule {
  const doc = typeof rule === 'string' ? loadOne(rule) : rule;
  const detection = doc.detection;
  if (!isPlainObject(detection)) throw new RuleCompileError('the rule has no detection mapping', 'detection');
  const identifiers = readSearchIdentifiers(detection);
  const problem = identifiers.flatMap((identifier) => identifier.problems)[0];
  if (problem) throw new RuleCompileError(problem.message, problem.path);

  const tests = new Map<string, EventTest>();
  for (const identifier of identifiers) {
    const alternatives = identifier.alternatives.map((items) => items.map((item) => compileItem(item, options)));
    tests.set(identifier.name, anyOf(alternatives.map(allOf)));
  }
  const trees = parseConditions(detection.condition);
  const names = [...tests.keys()];
  const compiled = trees.map((tree) => compileNode(tree, names, tests));
  const condition = anyOf(compiled);
  return {
    id: typeof doc.id === 'string' ? doc.id : null,
    title: typeof doc.title === 'string' ? doc.title : '',
    doc,
    matches: condition,
    explain: explainer(identifiers, trees, tests, options),
    triggers: ruleTriggers(identifiers, trees),
  };
}

function loadOne(source: string): Record<string, unknown> {
  const parsed = parseSigmaRule(source);
  if (!parsed.ok) throw new RuleCompileError(parsed.findings[0]?.message ?? 'the rule does not parse', '');
  return parsed.rule.doc;
}

/** The condition's trees; a list of conditions (deprecated Sigma) is their disjunction. */
function parseConditions(condition: unknown): ConditionNode[] {
  const sources = typeof condition === 'string' ? [condition] : Array.isArray(condition) ? condition : null;
  if (!sources || sources.length === 0 || !sources.every((source): source is string => typeof source === 'string')) {
    throw new RuleCompileError('detection.condition must be a string', 'detection.condition');
  }
  return sources.map((source) => {
    try {
      return parseCondition(source, { countQuantifiers: true });
    } catch (error) {
      if (error instanceof ConditionSyntaxError)
        throw new RuleCompileError(`the condition does not parse: ${error.message}`, 'detection.condition');
      throw error;
    }
  });
}

function compileNode(node: ConditionNode, names: readonly string[], tests: ReadonlyMap<string, EventTest>): EventTest {
  switch (node.kind) {
    case 'ref': {
      const test = tests.get(node.name);
      if (!test) throw new RuleCompileError(`the condition names ${node.name}, which the detection does not define`, 'detection.condition');
      return test;
    }
    case 'not': {
      const child = compileNode(node.child, names, tests);
      return (event) => !child(event);
    }
    case 'and':
      return allOf(node.children.map((child) => compileNode(child, names, tests)));
    case 'or':
      return anyOf(node.children.map((child) => compileNode(child, names, tests)));
    case 'of': {
      // A pattern naming nothing: `all of` is vacuously true and `1 of` false (rsigma, sigma-rust).
      const selected = expandPattern(node.pattern, names).map((name) => tests.get(name) as EventTest);
      if (node.quantifier === 'all') return allOf(selected);
      const needed = node.atLeast ?? 1;
      return (event) => {
        let hits = 0;
        for (const test of selected) if (test(event) && ++hits >= needed) return true;
        return false;
      };
    }
  }
}

// Loops rather than every/some with closures: these run for every candidate rule on every event.
function allOf(tests: readonly EventTest[]): EventTest {
  if (tests.length === 1) return tests[0] as EventTest;
  return (event) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as EventTest)(event)) return false;
    return true;
  };
}

function anyOf(tests: readonly EventTest[]): EventTest {
  if (tests.length === 1) return tests[0] as EventTest;
  return (event) => {
    for (let i = 0; i < tests.length; i++) if ((tests[i] as EventTest)(event)) return true;
    return false;
  };
}
