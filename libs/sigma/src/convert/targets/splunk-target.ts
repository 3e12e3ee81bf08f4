import { underOr, type CondNode, type FieldNode } from '../../pipeline/condition-tree';
import { sigmaError } from '../../pipeline/errors';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { SigmaCidr, SigmaFieldRef, SigmaRegex } from '../../pipeline/values';
import { SigmaBackend, type QueryFinalizer } from '../backend';
import { ConversionState, isDeferred, type Converted, type DeferredExpression } from '../conversion-state';

/** A regular expression Splunk matches with `| rex` + `| eval`, so it can sit inside an OR of the search. */
interface RexMatch {
  field: string;
  regex: string;
  /** The field's last name part and a number from the second regex on the same name. */
  short: string;
  suffix: string;
}

const deferred = (render: (negated: boolean) => string): DeferredExpression => ({
  negated: false,
  finalize() {
    return render(this.negated);
  },
});

/**
 * Splunk SPL (pySigma-backend-splunk): `field="value"` terms joined by spaces (AND binds looser than
 * OR in SPL), `IN` lists, regular expressions as `| regex` after the search or, inside an OR, as
 * `| rex` + `| eval` flags the search tests; field references as `| where`; savedsearches.conf output.
 */
export class SplunkTarget extends SigmaBackend {
  readonly name = 'Splunk SPL';
  readonly identifier = 'splunk';
  override formats = {
    default: 'Plain SPL queries',
    savedsearches: 'Plain SPL in a savedsearches.conf file',
    data_model: 'Data model queries with tstats (needs the splunk_cim pipeline)',
  };
  override precedence: ReadonlyArray<CondNode['kind']> = ['not', 'or', 'and'];
  override groupExpression = '({expr})';
  override orToken = 'OR';
  override andToken = ' ';
  override notToken = 'NOT';
  override eqToken = '=';
  override fieldQuote = '"';
  override fieldQuotePattern = /^[\w.]+$/;
  override strQuote = '"';
  override escapeChar = '\\';
  override wildcardMulti = '*';
  override wildcardSingle = '*';
  override addEscaped = '\\';
  override reExpression = '{regex}';
  override reEscape = ['"'];
  override cidrExpression = '{value}';
  override compareOpExpression = '{field}{operator}{value}';
  override compareOperators = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
  override fieldNullExpression = '{field}!=*';
  override convertOrAsIn = true;
  override inExpressionsAllowWildcards = true;
  override fieldInListExpression = '{field} {op} ({list})';
  override orInOperator = 'IN';
  override listSeparator = ', ';
  override unboundValueStrExpression = '"{value}"';
  override unboundValueNumExpression = '{value}';
  override unboundValueReExpression = '{value}';
  override deferredStart = '\n| ';
  override deferredSeparator = '\n| ';
  override deferredOnlyQuery = '*';

  private rex = new WeakMap<ConversionState, RexMatch[]>();

  private rexMatches(state: ConversionState): RexMatch[] {
    const list = this.rex.get(state) ?? [];
    this.rex.set(state, list);
    return list;
  }

  override convertFieldEqValRe(node: FieldNode, state: ConversionState): Converted {
    const regex = this.convertValueRe(node.value as SigmaRegex, state);
    if (!underOr(node)) {
      const field = node.field;
      return this.addDeferred(state, (negated) => `regex ${field}${negated ? '!=' : '='}"${regex}"`);
    }
    const matches = this.rexMatches(state);
    const short = node.field.split('.').pop() ?? node.field;
    const seen = matches.filter((match) => match.short === short).length;
    const suffix = seen === 0 ? '' : String(seen + 1);
    matches.push({ field: node.field, regex, short, suffix });
    return `${short}Condition${suffix}="true"`;
  }

  override convertFieldEqValCidr(node: FieldNode, state: ConversionState): Converted {
    if (underOr(node)) throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'ORing CIDR matching is not yet supported by Splunk backend');
    const cidr = (node.value as SigmaCidr).cidr;
    const field = node.field;
    return this.addDeferred(state, (negated) => `where ${negated ? 'NOT ' : ''}cidrmatch("${cidr}", ${field})`);
  }

  override convertFieldEqField(node: FieldNode, state: ConversionState): Converted {
    if (underOr(node)) throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'ORing field reference matching is not yet supported by Splunk backend');
    const ref = node.value as SigmaFieldRef;
    if (ref.startsWith || ref.endsWith) {
      throw sigmaError('SigmaFeatureNotSupportedByBackendError', 'Field reference with startswith, endswith or contains is not supported by Splunk backend');
    }
    const field = node.field;
    return this.addDeferred(state, (negated) => `where '${field}'${negated ? '!=' : '='}'${ref.field}'`);
  }

  private addDeferred(state: ConversionState, render: (negated: boolean) => string): DeferredExpression {
    const expression = deferred(render);
    state.addDeferred(expression);
    return expression;
  }

  /** The search with any `| rex` flags: terms without them first, then the rex lines and `| search` for the rest. */
  private searchText(query: Converted, state: ConversionState, rule: ProcessedRule, separator: string): string {
    const matches = this.rex.get(state) ?? [];
    if (matches.length === 0) return this.finalizeQueryText(query, state, rule);
    const rexLines = matches.flatMap(({ field, regex, short, suffix }) => [
      `rex field=${field} "(?<${short}Match${suffix}>${regex})"`,
      `eval ${short}Condition${suffix}=if(isnotnull(${short}Match${suffix}), "true", "false")`,
    ]);
    const split = this.split.get(state);
    const head = split?.head ?? '';
    const tail = split?.tail ?? (isDeferred(query) || query === null ? '' : query);
    return `${head}${separator}${rexLines.join(separator)}${separator}search ${tail}`;
  }

  private split = new WeakMap<ConversionState, { head: string; tail: string }>();

  /**
   * At the root, terms of a top-level AND that need no rex flag stay in the base search and the
   * others follow `| search`, so Splunk filters by the cheap terms before extracting.
   */
  override convertCondition(node: CondNode | null, state: ConversionState): Converted {
    if (node === null || node.parent !== null || node.kind !== 'and' || this.decideIn(node)) return super.convertCondition(node, state);
    const head: string[] = [];
    const tail: string[] = [];
    for (const arg of node.args) {
      const before = this.rexMatches(state).length;
      const converted = this.comparePrecedence(node, arg) ? super.convertCondition(arg, state) : this.convertGroup(arg, state);
      if (typeof converted !== 'string') continue;
      (this.rexMatches(state).length > before ? tail : head).push(converted);
    }
    if (tail.length > 0) this.split.set(state, { head: head.join(' '), tail: tail.join(' ') });
    const all = [...head, ...tail];
    return all.length === 0 ? this.emptyAndExpression : all.join(' ');
  }

  private tableSuffix(rule: ProcessedRule, separator: string): string {
    return rule.fields.length > 0 ? `${separator}table ${rule.fields.join(',')}` : '';
  }

  protected override queryFinalizers(): Record<string, QueryFinalizer> {
    return {
      default: (rule, query, _index, state) => this.searchText(query, state, rule, '\n| ') + this.tableSuffix(rule, ' | '),
      savedsearches: (rule, query, _index, state) => {
        const search = this.searchText(query, state, rule, '\n| ') + this.tableSuffix(rule, '\n| ');
        const title = rule.meta.title.replace(/[[\]]/g, '');
        const description = (rule.meta.description ?? '').trimEnd().split('\n').join(' \\\n');
        return `\n[${title}]\ndescription = ${description}\nsearch = ${search.split('\n').join(' \\\n')}`;
      },
    };
  }

  protected override outputFinalizers(): Record<string, (queries: unknown[]) => unknown> {
    const earliest = String(this.options.min_time ?? '-30d');
    const latest = String(this.options.max_time ?? 'now');
    return {
      savedsearches: (queries) => `\n[default]\ndispatch.earliest_time = ${earliest}\ndispatch.latest_time = ${latest}\n${queries.map(String).join('\n')}`,
    };
  }
}
