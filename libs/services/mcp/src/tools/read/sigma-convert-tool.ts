import { convertSigmaRuleToolInputSchema, convertSigmaRuleToolOutputSchema, MCP_ERROR_CODES } from '@huntforge/contracts/mcp';
import {
  checkTargets,
  convertForTargets,
  DEFAULT_CONVERT_TARGETS,
  parseTargetList,
  ruleLoadError,
  type TargetSpec,
} from '@huntforge/sigma';
import { ToolError } from '../../errors/tool-error';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';

/** The team's SIEM targets (SIGMA_CONVERT_TARGETS), used when the call names none. */
export interface ConvertSigmaRuleDeps {
  settings?: Pick<NonNullable<McpPorts['settings']>, 'get'>;
}

const PROBLEM_CODES = {
  unknown_target: MCP_ERROR_CODES.unknownTarget,
  unknown_pipeline: MCP_ERROR_CODES.unknownPipeline,
  unknown_output_format: MCP_ERROR_CODES.unknownOutputFormat,
} as const;

export const convertSigmaRuleTool = defineTool({
  name: 'convert_sigma_rule',
  title: 'Convert a Sigma rule to SIEM queries',
  description:
    'Convert a Sigma rule (YAML) to the queries of SIEM targets as pySigma backends write them: splunk (SPL), splunk_spl2, ' +
    'lucene (Elasticsearch/Kibana), eql, esql, elastalert, kusto (Sentinel / Defender XDR KQL). Each target may name pipelines ' +
    '(e.g. kusto with microsoft_xdr, sentinel_asim or azure_monitor; lucene with ecs_windows; splunk with splunk_windows) and an ' +
    "output format. Without targets, the team's configured targets are used. A target that cannot express the rule gets an " +
    'error beside the others. Nothing is stored.',
  input: convertSigmaRuleToolInputSchema,
  output: convertSigmaRuleToolOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<ConvertSigmaRuleDeps>) {
    const configured = (await deps.settings?.get('SIGMA_CONVERT_TARGETS'))?.trim();
    const specs: TargetSpec[] = args.targets
      ? args.targets.map((target) => ({ target: target.target, pipelines: target.pipelines, outputFormat: target.output_format }))
      : parseTargetList(configured || DEFAULT_CONVERT_TARGETS);
    const problem = checkTargets(specs);
    if (problem) throw new ToolError(PROBLEM_CODES[problem.code], problem.message);
    const loadError = ruleLoadError(args.yaml);
    if (loadError !== null) throw new ToolError(MCP_ERROR_CODES.invalidSigma, `Not a Sigma rule: ${loadError}`);
    return {
      results: convertForTargets(args.yaml, specs).map((result) => ({
        target: result.target,
        pipelines: result.pipelines,
        output_format: result.outputFormat,
        queries: result.queries as Array<string | Record<string, unknown>>,
        error: result.error,
      })),
    };
  },
});
