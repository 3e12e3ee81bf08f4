import { ProcessingItem, ProcessingPipeline } from '../../../pipeline/pipeline';
import type { Transformation } from '../../../pipeline/transformation-base';
import {
  GenericFieldMapping,
  InvalidField,
  SetQueryTable,
  TableFieldMapping,
  type FieldTargets,
  type KustoFieldMappings,
} from './transformations';

/** What sets one Kusto pipeline apart: its tables, mappings and the value rewrites between them. */
export interface KustoPipelineDefinition {
  prefix: string;
  name: string;
  /** Sigma log source category -> table. */
  byCategory: Record<string, string>;
  /** Kind of Windows event (see EVENT_ID_KINDS) -> table, for rules without a category. */
  byEventKind: Record<string, string>;
  mappings: KustoFieldMappings;
  /** The columns of each table the pipeline validates fields against. */
  tableFields: Record<string, readonly string[]>;
  /** Items applied right after the field mappings. */
  afterMapping: ProcessingItem[];
  /** Whether EventID/EventCode/ObjectType items are dropped before mapping (the tables have no such column). */
  dropEventIds: boolean;
}

export const item = (id: string, transformation: Transformation, conditions: Record<string, unknown> = {}): ProcessingItem =>
  ProcessingItem.withTransformation(transformation, { id, ...conditions });

/** An item of a registered (YAML) transformation type. */
export const yamlItem = (definition: Record<string, unknown>): ProcessingItem => ProcessingItem.fromDict(definition);

export const onFields = (...fields: string[]) => ({ field_name_conditions: [{ type: 'include_fields', fields }] });
export const onTable = (table: string) => ({ rule_conditions: [{ type: 'processing_state', key: 'query_table', val: table }] });

/** Sysmon's abbreviated registry hives written out as the tables hold them (CurrentControlSet first). */
export function registryHiveItems(prefix: string, fields: string[]): ProcessingItem[] {
  const hives: Array<[string, string, string]> = [
    ['currentcontrolset', '(?i)(^HKLM\\\\SYSTEM\\\\CurrentControlSet)', 'HKEY_LOCAL_MACHINE\\\\SYSTEM\\\\CurrentControlSet001'],
    ['hklm', '(?i)(^HKLM)', 'HKEY_LOCAL_MACHINE'],
    ['hku', '(?i)(^HKU)', 'HKEY_USERS'],
    ['hkcr', '(?i)(^HKCR)', 'HKEY_LOCAL_MACHINE\\\\CLASSES'],
  ];
  return hives.map(([name, regex, replacement]) =>
    yamlItem({ id: `${prefix}_registry_key_replace_${name}`, type: 'replace_string', regex, replacement, ...onFields(...fields) }),
  );
}

const targetsOf = (mapping: Record<string, FieldTargets>): string[] =>
  Object.values(mapping).flatMap((target) => (typeof target === 'string' ? [target] : target));

/**
 * The fields a rule may use on a table: its columns, the names the pipeline maps for it and for every
 * table, and `Hashes`. The mapped-to names count too, so a mapping never trips the check.
 */
export function validFields(definition: KustoPipelineDefinition, table: string): string[] {
  const tableMapping = definition.mappings.tables[table] ?? {};
  return [
    ...new Set([
      ...(definition.tableFields[table] ?? []),
      ...Object.keys(tableMapping),
      ...targetsOf(tableMapping),
      ...Object.keys(definition.mappings.generic),
      ...targetsOf(definition.mappings.generic),
      'Hashes',
    ]),
  ];
}

/**
 * A Kusto pipeline as pySigma-backend-kusto builds them: query table, dropped event ids, table then
 * generic field mappings, value rewrites, then a check of every field against the table's columns.
 * The Kusto target puts the table in front of the query (`Table | where ...`).
 */
export function kustoPipeline(definition: KustoPipelineDefinition, queryTable: string | null): ProcessingPipeline {
  const { prefix } = definition;
  const tableMappingId = `${prefix}_table_fieldmappings`;
  const transformations = [item(`${prefix}_set_query_table`, new SetQueryTable(queryTable, definition.byCategory, definition.byEventKind))];
  if (definition.dropEventIds) {
    transformations.push(
      yamlItem({ id: `${prefix}_drop_eventid`, type: 'drop_detection_item', ...onFields('EventID', 'EventCode', 'ObjectType') }),
    );
  }
  transformations.push(item(tableMappingId, new TableFieldMapping(definition.mappings)));
  if (Object.keys(definition.mappings.generic).length > 0) {
    transformations.push(
      item(`${prefix}_generic_fieldmappings`, new GenericFieldMapping(definition.mappings.generic), {
        detection_item_conditions: [{ type: 'processing_item_applied', processing_item_id: tableMappingId }],
        detection_item_cond_not: true,
      }),
    );
  }
  transformations.push(...definition.afterMapping);
  for (const table of Object.keys(definition.tableFields)) {
    transformations.push(
      item(`${prefix}_unsupported_fields_${table}`, new InvalidField(table), {
        ...onTable(table),
        field_name_conditions: [{ type: 'exclude_fields', fields: validFields(definition, table) }],
      }),
    );
  }
  return new ProcessingPipeline({ name: definition.name, priority: 10, items: transformations, allowedBackends: ['kusto'] });
}

/** The `query_table` pipeline argument (sigma-cli's `--pipeline-arg query_table=...`). */
export const queryTableArg = (args: Record<string, unknown>): string | null =>
  typeof args.query_table === 'string' && args.query_table !== '' ? args.query_table : null;
