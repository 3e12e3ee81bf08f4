import { validateSigmaFile } from '@huntforge/sigma';
import { defineTool, READ_ANNOTATIONS } from '../tool-definition';
import { validateSigmaRuleToolInputSchema, validateSigmaRuleToolOutputSchema } from '@huntforge/contracts/mcp';

export const validateSigmaRuleTool = defineTool({
  name: 'validate_sigma_rule',
  title: 'Validate a Sigma rule',
  description:
    'Check a Sigma rule (YAML, one or more documents) with the same validator the review queue uses: syntax, ' +
    'required fields, modifiers, condition, tags. Returns each finding with its severity and dotted path; valid is ' +
    'false when any finding is an error. Nothing is stored.',
  input: validateSigmaRuleToolInputSchema,
  output: validateSigmaRuleToolOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  run(args) {
    const { valid, findings } = validateSigmaFile(args.yaml);
    return Promise.resolve({ valid, findings });
  },
});
