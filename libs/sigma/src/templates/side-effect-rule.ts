import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import type { RuleBody, TemplateClass } from './rule-draft';

/** A command line of the article, on the product whose telemetry records it. */
export interface ProductLine {
  product: 'windows' | 'linux' | 'macos';
  /** The line as a shell runs it (prompts, markup and defanging gone). */
  commandLine: string;
}

/**
 * A rule on what the article's commands leave besides their own process (a file written, a driver or DLL loaded, a
 * connection made): its body, and every literal value its detection holds. The builtin agent gives it its id.
 */
export interface SideEffectRule {
  telemetryClass: TemplateClass;
  body: RuleBody;
  values: string[];
}

/** The values of a detection's selections, for the fidelity check. */
export function selectionValues(selections: readonly SigmaFieldMap[]): string[] {
  return selections.flatMap((selection) =>
    Object.values(selection).flatMap((value) =>
      (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string'),
    ),
  );
}

/** `selection` for one, `1 of selection_*` for several. */
export function anyOf(selections: readonly SigmaFieldMap[]): SigmaDetection {
  const detection: SigmaDetection = { condition: selections.length === 1 ? 'selection' : '1 of selection_*' };
  selections.forEach((selection, index) => {
    detection[selections.length === 1 ? 'selection' : `selection_${index + 1}`] = selection;
  });
  return detection;
}
