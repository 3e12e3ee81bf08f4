import { BACKUP_SCHEDULE_ERROR_CODES } from '@huntforge/contracts/http';
import { HttpError } from '@huntforge/platform';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const RETENTION_RANGE = { min: 1, max: 365 } as const;

/** Parses HH:MM (24-hour, UTC); a 400 `invalid_time` names the field otherwise. */
export function parseTimeOfDay(value: string, field: string): { hour: number; minute: number } {
  const match = TIME.exec(value.trim());
  if (!match) {
    throw new HttpError(400, BACKUP_SCHEDULE_ERROR_CODES.invalidTime, `${field} must be HH:MM in 24-hour UTC (00:00 … 23:59)`, {
      field,
      value,
    });
  }
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

export function checkDayOfWeek(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 6) {
    throw new HttpError(400, BACKUP_SCHEDULE_ERROR_CODES.invalidDay, `${field} must be a whole number from 0 (Sunday) to 6 (Saturday)`, {
      field,
      value,
    });
  }
  return value;
}

export function checkRetention(value: number, field: string): number {
  if (!Number.isInteger(value) || value < RETENTION_RANGE.min || value > RETENTION_RANGE.max) {
    throw new HttpError(
      400,
      BACKUP_SCHEDULE_ERROR_CODES.invalidRetention,
      `${field} must be a whole number from ${RETENTION_RANGE.min} to ${RETENTION_RANGE.max}`,
      {
        field,
        value,
      },
    );
  }
  return value;
}

/** `02:00` → `0 2 * * *`; with a day of the week, weekly on that day. */
export function timeToCron(time: string, field: string, dayOfWeek?: number): string {
  const { hour, minute } = parseTimeOfDay(time, field);
  return `${minute} ${hour} * * ${dayOfWeek === undefined ? '*' : dayOfWeek}`;
}
