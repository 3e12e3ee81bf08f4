/**
 * The error kinds of pySigma's conversion, by the exception class name its callers catch: a rule a
 * pipeline refuses is a SigmaTransformationError, a construct a target cannot express is a
 * SigmaFeatureNotSupportedByBackendError, and so on. Keeping the names lets a detection engineer
 * search the upstream documentation for the same message class.
 */
export type SigmaErrorKind =
  | 'SigmaError'
  | 'SigmaTransformationError'
  | 'SigmaValueError'
  | 'SigmaTypeError'
  | 'SigmaConditionError'
  | 'SigmaDetectionError'
  | 'SigmaModifierError'
  | 'SigmaRegularExpressionError'
  | 'SigmaPlaceholderError'
  | 'SigmaConfigurationError'
  | 'SigmaPipelineNotFoundError'
  | 'SigmaFeatureNotSupportedByBackendError'
  | 'SigmaConversionError'
  | 'SigmaBackendError'
  | 'SigmaCorrelationRuleError'
  | 'SigmaLogsourceError'
  | 'InvalidHashAlgorithmError'
  | 'NotImplementedError';

export class SigmaError extends Error {
  constructor(
    readonly kind: SigmaErrorKind,
    message: string,
  ) {
    super(message);
    this.name = kind;
  }
}

export const sigmaError = (kind: SigmaErrorKind, message: string): SigmaError => new SigmaError(kind, message);

/** Kinds that mean "this target cannot express the rule" rather than "the input is wrong". */
export const UNSUPPORTED_KINDS: ReadonlySet<SigmaErrorKind> = new Set([
  'SigmaFeatureNotSupportedByBackendError',
  'NotImplementedError',
  'SigmaTransformationError',
  'InvalidHashAlgorithmError',
]);
