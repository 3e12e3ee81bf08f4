import { SIGMA_ERROR_CODES, type ConvertRuleRequest, type ConvertRuleResponse } from '@huntforge/contracts/sigma';
import type { SettingsReader } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';
import { checkTargets, convertForTargets, ruleLoadError, type TargetSpec } from '@huntforge/sigma';
import { configuredTargets } from './configured-targets';

const PROBLEM_CODES = {
  unknown_target: SIGMA_ERROR_CODES.unknownTarget,
  unknown_pipeline: SIGMA_ERROR_CODES.unknownPipeline,
  unknown_output_format: SIGMA_ERROR_CODES.unknownOutputFormat,
} as const;

export interface ConvertRuleDeps {
  settings: SettingsReader;
}

/**
 * Converts one rule for the requested targets, or the team's. A request naming a target, pipeline
 * or format that does not exist, or a text that is no Sigma rule, is the caller's mistake (400); a
 * target that cannot express the rule is part of the answer.
 */
export async function convertRule(deps: ConvertRuleDeps, request: ConvertRuleRequest): Promise<ConvertRuleResponse> {
  const specs: TargetSpec[] = request.targets
    ? request.targets.map((target) => ({ target: target.target, pipelines: target.pipelines, outputFormat: target.output_format }))
    : await configuredTargets(deps.settings);
  const problem = checkTargets(specs);
  if (problem) {
    const fromSetting = request.targets === undefined;
    throw new HttpError(
      400,
      PROBLEM_CODES[problem.code],
      fromSetting ? `${problem.message} (from the setting SIGMA_CONVERT_TARGETS)` : problem.message,
    );
  }
  const loadError = ruleLoadError(request.rule_yaml);
  if (loadError !== null) throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, `Not a Sigma rule: ${loadError}`);
  return {
    results: convertForTargets(request.rule_yaml, specs).map((result) => ({
      target: result.target,
      pipelines: result.pipelines,
      output_format: result.outputFormat,
      queries: result.queries as ConvertRuleResponse['results'][number]['queries'],
      error: result.error,
    })),
  };
}
