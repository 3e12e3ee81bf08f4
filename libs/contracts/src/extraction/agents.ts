import { z } from 'zod';
import { confidenceSchema, evidenceSchema, networkObservableTypeSchema } from './observable';

// Each extraction agent's output: `{ items, count }` with an agent-specific item. The builtin
// extractors and every LLM provider are held to these same schemas.

const itemBase = {
  value: z.string().min(1),
  evidence: evidenceSchema,
  confidence: confidenceSchema,
};

function agentOutput<T extends z.ZodType>(item: T) {
  return z
    .object({ items: z.array(item), count: z.number().int().min(0) })
    .refine((output) => output.count === output.items.length, { message: 'count must equal items.length', path: ['count'] });
}

export const cmdlineItemSchema = z.object({
  ...itemBase,
  executable: z.string().min(1).meta({ description: 'Program the command line starts with, as written' }),
});
export const cmdlineExtractOutputSchema = agentOutput(cmdlineItemSchema);

export const processPairItemSchema = z.object({
  ...itemBase,
  parent: z.string().min(1).meta({ description: 'Parent image file name (no path)' }),
  child: z.string().min(1).meta({ description: 'Child image file name (no path)' }),
});
export const procTreeExtractOutputSchema = agentOutput(processPairItemSchema);

export const HUNT_QUERY_LANGUAGES = [
  'kql',
  'spl',
  'eql',
  'sigma',
  'osquery',
  'xql',
  'powershell',
  'esql',
  'lucene',
  'falco',
  'auditd',
  'sysmon',
] as const;
export const huntQueryLanguageSchema = z.enum(HUNT_QUERY_LANGUAGES);
export type HuntQueryLanguage = z.infer<typeof huntQueryLanguageSchema>;
export const huntQueryItemSchema = z.object({ ...itemBase, language: huntQueryLanguageSchema });
export const huntQueriesExtractOutputSchema = agentOutput(huntQueryItemSchema);

export const REGISTRY_HIVES = ['HKLM', 'HKCU', 'HKCR', 'HKU', 'HKCC'] as const;
export const registryHiveSchema = z.enum(REGISTRY_HIVES);
export type RegistryHive = z.infer<typeof registryHiveSchema>;
export const registryKeyItemSchema = z.object({
  ...itemBase,
  hive: registryHiveSchema.nullable().meta({ description: 'Normalised hive; null when the article gives a path without one' }),
  path: z.string().min(1).meta({ description: 'Key path below the hive' }),
  value_name: z.string().optional().meta({ description: 'Registry value name when the article names one (reg add /v, -Name)' }),
  value_data: z.string().optional().meta({
    description: "Data the article says the value was set to, as written (4, 0x4, a string); absent unless stated for this key's value",
  }),
  value_type: z
    .string()
    .optional()
    .meta({ description: 'Type of the value when the article states it: REG_DWORD, REG_SZ, REG_EXPAND_SZ, REG_QWORD, REG_BINARY, …' }),
});
export const registryExtractOutputSchema = agentOutput(registryKeyItemSchema);

export const serviceItemSchema = z.object({
  ...itemBase,
  binary_path: z.string().optional(),
  display_name: z.string().optional(),
});
export const servicesExtractOutputSchema = agentOutput(serviceItemSchema);

export const scheduledTaskItemSchema = z.object({
  ...itemBase,
  command: z.string().optional().meta({ description: 'The action the task runs, when stated' }),
});
export const scheduledTasksExtractOutputSchema = agentOutput(scheduledTaskItemSchema);

export const networkIndicatorItemSchema = z.object({ ...itemBase, kind: networkObservableTypeSchema });
export const networkIndicatorExtractOutputSchema = agentOutput(networkIndicatorItemSchema);

export type CmdlineItem = z.infer<typeof cmdlineItemSchema>;
export type ProcessPairItem = z.infer<typeof processPairItemSchema>;
export type HuntQueryItem = z.infer<typeof huntQueryItemSchema>;
export type RegistryKeyItem = z.infer<typeof registryKeyItemSchema>;
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export type ScheduledTaskItem = z.infer<typeof scheduledTaskItemSchema>;
export type NetworkIndicatorItem = z.infer<typeof networkIndicatorItemSchema>;

export type CmdlineExtractOutput = z.infer<typeof cmdlineExtractOutputSchema>;
export type ProcTreeExtractOutput = z.infer<typeof procTreeExtractOutputSchema>;
export type HuntQueriesExtractOutput = z.infer<typeof huntQueriesExtractOutputSchema>;
export type RegistryExtractOutput = z.infer<typeof registryExtractOutputSchema>;
export type ServicesExtractOutput = z.infer<typeof servicesExtractOutputSchema>;
export type ScheduledTasksExtractOutput = z.infer<typeof scheduledTasksExtractOutputSchema>;
export type NetworkIndicatorExtractOutput = z.infer<typeof networkIndicatorExtractOutputSchema>;

/** Output schema of each agent by name, for providers that validate whatever agent they ran. */
export const AGENT_OUTPUT_SCHEMAS = {
  CmdlineExtract: cmdlineExtractOutputSchema,
  ProcTreeExtract: procTreeExtractOutputSchema,
  HuntQueriesExtract: huntQueriesExtractOutputSchema,
  RegistryExtract: registryExtractOutputSchema,
  ServicesExtract: servicesExtractOutputSchema,
  ScheduledTasksExtract: scheduledTasksExtractOutputSchema,
  NetworkIndicatorExtract: networkIndicatorExtractOutputSchema,
} as const;

export interface AgentOutputs {
  CmdlineExtract: CmdlineExtractOutput;
  ProcTreeExtract: ProcTreeExtractOutput;
  HuntQueriesExtract: HuntQueriesExtractOutput;
  RegistryExtract: RegistryExtractOutput;
  ServicesExtract: ServicesExtractOutput;
  ScheduledTasksExtract: ScheduledTasksExtractOutput;
  NetworkIndicatorExtract: NetworkIndicatorExtractOutput;
}
