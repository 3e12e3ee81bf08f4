/** Error codes the sigma-queue service answers with (besides the platform's). */
export const SIGMA_ERROR_CODES = {
  invalidTransition: 'invalid_transition',
  invalidSigma: 'invalid_sigma',
  outOfScope: 'out_of_scope',
  githubNotConfigured: 'github_not_configured',
  githubError: 'github_error',
  deliveryNotPermitted: 'delivery_not_permitted',
  providerUnavailable: 'provider_unavailable',
  unknownTarget: 'unknown_target',
  unknownPipeline: 'unknown_pipeline',
  unknownOutputFormat: 'unknown_output_format',
} as const;

export type SigmaErrorCode = (typeof SIGMA_ERROR_CODES)[keyof typeof SIGMA_ERROR_CODES];
