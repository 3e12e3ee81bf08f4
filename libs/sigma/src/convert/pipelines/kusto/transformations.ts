import { sigmaError } from '../../../pipeline/errors';
import type { ProcessedRule } from '../../../pipeline/pipeline-state';
import { Detection, DetectionItem, SigmaRuleModel } from '../../../pipeline/rule-model';
import {
  DetectionItemTransformation,
  FieldMappingTransformation,
  ValueTransformation,
  type ItemContext,
  type Transformation,
} from '../../../pipeline/transformation-base';
import { SigmaNumber, SigmaString, type SigmaValue } from '../../../pipeline/values';

/**
 * The transformations the Kusto pipelines (Defender XDR, Sentinel ASIM, Azure Monitor) share, as
 * pySigma-backend-kusto defines them: the query table chosen per rule, field mappings per table,
 * Sysmon values rewritten to what the tables hold, and a clear error for a field a table lacks.
 */

export type FieldTargets = string | string[];
export interface KustoFieldMappings {
  tables: Record<string, Record<string, FieldTargets>>;
  generic: Record<string, FieldTargets>;
}

/** Windows event ids by the kind of event they record; a rule without a category is placed by them. */
const EVENT_ID_KINDS: Array<[string, number[]]> = [
  ['process', [1, 5, 10, 25, 4688, 4689, 4696]],
  ['logon', [4624, 4625, 4634, 4647, 4648, 4778, 4779, 4800, 4801, 4802, 4803]],
  ['registry', [4656, 4657, 4658, 4659, 4660, 4661, 4662, 4663, 12, 13, 14]],
  ['file', [2, 11, 15, 23, 26, 27, 28, 29, 4656, 4658, 4660, 4663]],
  ['network', [3, 22, 5140, 5145, 5156, 5157, 5158, 5159]],
  ['image_load', [7]],
  ['pipe', [17, 18]],
  ['wmi', [19, 20, 21]],
  ['service', [4697, 4698, 4699, 4700, 4701, 4702]],
  ['account', [4720, 4722, 4723, 4724, 4725, 4726, 4738, 4740, 4767]],
];

function tableOfEventId(value: SigmaValue, byKind: Record<string, string>): string | null {
  const id = value instanceof SigmaNumber ? value.value : value instanceof SigmaString ? Number(value.toPlain()) : NaN;
  if (!Number.isInteger(id)) return null;
  const kind = EVENT_ID_KINDS.find(([, ids]) => ids.includes(id))?.[0];
  return kind !== undefined ? (byKind[kind] ?? null) : null;
}

/**
 * Chooses the table a rule's query reads (`query_table` in the pipeline state), in this order: the
 * pipeline's `query_table` argument, a table an earlier pipeline set, the rule's category, and for a
 * rule without category the first known EventID/EventCode of its `sel*` detections.
 */
export class SetQueryTable implements Transformation {
  constructor(
    readonly table: string | null,
    readonly byCategory: Record<string, string>,
    readonly byEventKind: Record<string, string>,
  ) {}

  apply(rule: ProcessedRule, context: ItemContext): void {
    rule.markApplied(context.id);
    const preset = context.state.values.query_table;
    let table: string | null = null;
    if (this.table) table = this.table;
    else if (typeof preset === 'string' && preset !== '') table = preset;
    else if (rule instanceof SigmaRuleModel && rule.logsource.category) table = this.byCategory[rule.logsource.category] ?? null;
    else if (rule instanceof SigmaRuleModel) table = this.fromEventIds(rule);
    if (!table) {
      throw sigmaError(
        'SigmaTransformationError',
        'Unable to determine the query table of the rule: give the pipeline a query_table, use a supported log source category, or select an EventID the pipeline knows.',
      );
    }
    context.state.values.query_table = table;
  }

  private fromEventIds(rule: SigmaRuleModel): string | null {
    for (const [name, detection] of rule.detections) {
      if (!/^sel/i.test(name)) continue;
      for (const item of detection.items) {
        if (!(item instanceof DetectionItem) || (item.field !== 'EventID' && item.field !== 'EventCode')) continue;
        for (const value of item.values) {
          const table = tableOfEventId(value, this.byEventKind);
          if (table) return table;
        }
      }
    }
    return null;
  }
}

/** Field names mapped by the mapping of the rule's query table (none for a table the pipeline does not know). */
export class TableFieldMapping extends FieldMappingTransformation {
  private mapping: Record<string, FieldTargets> = {};
  constructor(readonly mappings: KustoFieldMappings) {
    super();
  }
  override apply(rule: ProcessedRule, context: ItemContext): void {
    const table = context.state.values.query_table;
    this.mapping = typeof table === 'string' ? (this.mappings.tables[table] ?? {}) : this.mappings.generic;
    super.apply(rule, context);
  }
  mapField(field: string | null): FieldTargets | null {
    return field !== null && Object.hasOwn(this.mapping, field) ? (this.mapping[field] as FieldTargets) : null;
  }
}

/** The pipeline's table-independent names, for detection items the table mapping left alone. */
export class GenericFieldMapping extends DetectionItemTransformation {
  constructor(readonly mapping: Record<string, FieldTargets>) {
    super();
  }
  applyItem(item: DetectionItem): DetectionItem | Detection | null {
    if (item.field === null || !Object.hasOwn(this.mapping, item.field)) return null;
    const target = this.mapping[item.field] as FieldTargets;
    if (typeof target === 'string') {
      item.field = target;
      return item;
    }
    return new Detection(
      target.map((field) => item.withField(field)),
      'or',
    );
  }
}

/** Sysmon's registry EventType values as the tables' action types (one value may stand for two). */
const REGISTRY_ACTIONS: Record<string, string | string[]> = {
  CreateKey: 'RegistryKeyCreated',
  DeleteKey: ['RegistryKeyDeleted', 'RegistryValueDeleted'],
  SetValue: 'RegistryValueSet',
  RenameKey: ['RegistryValueSet', 'RegistryKeyCreated'],
};

export class RegistryActionTypeValues extends ValueTransformation {
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | SigmaValue[] | null {
    if (!(value instanceof SigmaString)) return null;
    const mapped = REGISTRY_ACTIONS[value.toPlain()];
    if (mapped === undefined) return null;
    return typeof mapped === 'string' ? SigmaString.parse(mapped) : mapped.map((text) => SigmaString.parse(text));
  }
}

/** Only the file name of a parent image: the tables have the parent's file name, not its folder. */
export class ParentImageFileName extends ValueTransformation {
  applyValue(_field: string | null, value: SigmaValue): SigmaValue | null {
    if (!(value instanceof SigmaString)) return null;
    const name = value.toPlain().split('\\').at(-1)?.split('/').at(-1) ?? '';
    return SigmaString.parse(name);
  }
}

const DOMAIN_FIELDS: Record<string, string> = {
  AccountName: 'AccountDomain',
  RequestAccountName: 'RequestAccountDomain',
  InitiatingProcessAccountName: 'InitiatingProcessAccountDomain',
};

/** `DOMAIN\user` as the account name and its domain field (the tables keep them apart). */
export class SplitDomainUser extends DetectionItemTransformation {
  applyItem(item: DetectionItem): Detection {
    const field = item.field;
    return new Detection(
      item.values.map((value) => {
        const parts = value instanceof SigmaString ? value.toPlain().split('\\') : [];
        if (parts.length === 2) {
          return new Detection(
            [
              new DetectionItem(field, [], [SigmaString.parse(parts[1] as string)]),
              new DetectionItem(
                DOMAIN_FIELDS[field ?? ''] ?? 'InitiatingProcessAccountDomain',
                [],
                [SigmaString.parse(parts[0] as string)],
              ),
            ],
            'and',
          );
        }
        return new Detection([new DetectionItem(field, [...item.modifiers], [value])], 'and');
      }),
      'or',
    );
  }
}

const HASH_BY_LENGTH: Record<number, string> = { 32: 'MD5', 40: 'SHA1', 64: 'SHA256', 128: 'SHA512' };

/**
 * `Hashes` values (`ALGO=VALUE`, `ALGO|VALUE` or a bare hash known by its length) as one field per
 * algorithm (`<prefix><ALGO>`, or just the prefix), OR-linked. No known algorithm at all is an error.
 */
export class HashFields extends DetectionItemTransformation {
  constructor(
    readonly algorithms: string[],
    readonly prefix = '',
    readonly dropAlgorithm = false,
  ) {
    super();
  }
  applyItem(item: DetectionItem): Detection {
    const byField = new Map<string, string[]>();
    let known = false;
    for (const value of item.values) {
      const text = value instanceof SigmaString ? value.toPlain() : String((value as { value?: unknown }).value ?? '');
      let parts = text.split('|');
      if (parts.length === 1) parts = text.split('=');
      let algorithm: string;
      let hash: string;
      if (parts.length === 2) {
        const named = (parts[0] as string).replace(/^\*+/, '').toUpperCase();
        algorithm = this.algorithms.includes(named) ? named : '';
        hash = parts[1] as string;
      } else {
        hash = parts[0] as string;
        algorithm = HASH_BY_LENGTH[hash.length] ?? '';
      }
      if (algorithm) known = true;
      const field = this.prefix + (this.dropAlgorithm ? '' : algorithm);
      byField.set(field, [...(byField.get(field) ?? []), hash]);
    }
    if (!known) {
      throw sigmaError(
        'InvalidHashAlgorithmError',
        `No valid hash algorithm found in the Hashes field; use one of ${this.algorithms.join(', ')}`,
      );
    }
    return new Detection(
      [...byField]
        .filter(([field]) => field !== '')
        .map(
          ([field, hashes]) =>
            new DetectionItem(
              field,
              [],
              hashes.map((hash) => SigmaString.parse(hash)),
            ),
        ),
      'or',
    );
  }
}

/** A field the query table does not have: an error that names it (keywords pass). */
export class InvalidField extends DetectionItemTransformation {
  constructor(readonly table: string) {
    super();
  }
  applyItem(item: DetectionItem): null {
    if (item.field !== null) {
      throw sigmaError(
        'SigmaTransformationError',
        `Invalid field name '${item.field}' for the ${this.table} table; use a field of that table or one this pipeline maps.`,
      );
    }
    return null;
  }
}
