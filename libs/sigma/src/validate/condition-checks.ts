import {
  ConditionSyntaxError,
  expandPattern,
  parseCondition,
  referencedIdentifiers,
  type ConditionNode,
} from '../condition/parse-condition';
import { finding, type Finding } from '../findings';

export interface ConditionCheck {
  findings: Finding[];
  /** The parsed conditions (a list condition is an OR of its entries); empty when none parses. */
  trees: ConditionNode[];
}

/** Parses the condition(s) and checks that every identifier and pattern names a search identifier. */
export function checkCondition(condition: unknown, identifiers: readonly string[]): ConditionCheck {
  const findings: Finding[] = [];
  const trees: ConditionNode[] = [];
  let sources: Array<{ text: string; path: string }>;
  if (typeof condition === 'string') sources = [{ text: condition, path: 'detection.condition' }];
  else if (Array.isArray(condition) && condition.length > 0 && condition.every((c) => typeof c === 'string')) {
    findings.push(finding('deprecated_condition_list', 'detection.condition', 'A list of conditions is deprecated; join them with or'));
    sources = condition.map((text: string, index) => ({ text, path: `detection.condition.${index}` }));
  } else {
    return { findings: [finding('field_type', 'detection.condition', 'condition must be a string')], trees };
  }

  for (const { text, path } of sources) {
    let tree: ConditionNode;
    try {
      tree = parseCondition(text);
    } catch (error) {
      if (!(error instanceof ConditionSyntaxError)) throw error;
      findings.push(finding('condition_syntax', path, `Condition does not parse at character ${error.position + 1}: ${error.message}`));
      continue;
    }
    findings.push(...checkNames(tree, identifiers, path));
    trees.push(tree);
  }

  if (trees.length === sources.length) {
    const used = new Set(trees.flatMap((tree) => [...referencedIdentifiers(tree, identifiers)]));
    for (const name of identifiers) {
      if (!used.has(name))
        findings.push(finding('unused_detection', `detection.${name}`, `Search identifier ${name} is not used by the condition`));
    }
  }
  return { findings, trees };
}

function checkNames(tree: ConditionNode, identifiers: readonly string[], path: string): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: ConditionNode): void => {
    if (node.kind === 'ref' && !identifiers.includes(node.name)) {
      findings.push(finding('condition_unknown_identifier', path, `The condition names ${node.name}, which the detection does not define`));
    } else if (node.kind === 'of' && expandPattern(node.pattern, identifiers).length === 0) {
      findings.push(finding('condition_pattern_unmatched', path, `'${node.pattern}' matches no search identifier`));
    } else if (node.kind === 'not') visit(node.child);
    else if (node.kind === 'and' || node.kind === 'or') node.children.forEach(visit);
  };
  visit(tree);
  return findings;
}
