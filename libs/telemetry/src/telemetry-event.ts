import type { EventSource, SigmaEvent } from '@huntforge/sigma';

/** The formats the readers recognise, per record. */
export type EventFormat = 'windows' | 'winlogbeat' | 'ecs' | 'cloudtrail' | 'entra' | 'okta' | 'json';

/**
 * One event as the matching engine reads it: the fields rules name (Windows EventData at the top
 * level beside EventID, Channel, Provider_Name and Computer; the record as written for cloud logs),
 * where it comes from, and what a hunt lists beside a detection.
 */
export interface TelemetryEvent {
  fields: SigmaEvent;
  /** null: the reader could not tell (plain JSON), and every rule runs on it. */
  source: EventSource | null;
  format: EventFormat;
  /** ISO-8601, when the record carries a time. */
  time: string | null;
  /** The machine, account or tenant it was logged on. */
  computer: string | null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A time value as ISO-8601 (ISO text as written, epoch seconds or milliseconds converted). */
export function isoTime(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(value > 1e11 ? value : value * 1000);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value;
}
