import { readFileSync } from 'node:fs';
import { checkRuleSet, hasErrors, validateSigmaFile, type Finding } from '@huntforge/sigma';
import { collectRuleFiles } from './rule-paths';

export interface CommandResult {
  output: string;
  exitCode: number;
}

interface FileReport {
  file: string;
  valid: boolean;
  findings: Finding[];
}

/**
 * `huntforge sigma validate PATH...`: each file (detection rules, correlations, filters, several
 * documents) and the set as a whole (unique ids, references between rules); one line per finding,
 * a summary line, exit 1 when any rule is invalid.
 */
export function runValidate(paths: readonly string[], options: { format: 'text' | 'json' }): CommandResult {
  const files = collectRuleFiles(paths).map((file) => ({ file, result: validateSigmaFile(readFileSync(file, 'utf8')) }));
  const acrossSet = checkRuleSet(files.map(({ file, result }) => ({ file, documents: result.documents })));
  const reports: FileReport[] = files.map(({ file, result }) => {
    const findings = [...result.findings, ...(acrossSet.get(file) ?? [])];
    return { file, valid: !hasErrors(findings), findings };
  });
  const invalid = reports.filter((report) => !report.valid).length;
  const summary = {
    rules: reports.length,
    valid: reports.length - invalid,
    invalid,
    warnings: reports.reduce((sum, report) => sum + report.findings.filter((f) => f.severity === 'warning').length, 0),
  };
  const exitCode = invalid > 0 ? 1 : 0;
  if (options.format === 'json') return { output: `${JSON.stringify({ summary, files: reports }, null, 2)}\n`, exitCode };
  const lines = reports.flatMap((report) =>
    report.findings.map((f) => `${report.file}: ${f.severity} ${f.id}${f.path ? ` at ${f.path}` : ''}: ${f.message}`),
  );
  lines.push(`${summary.rules} rules, ${summary.valid} valid, ${summary.invalid} invalid, ${summary.warnings} warnings`);
  return { output: `${lines.join('\n')}\n`, exitCode };
}
