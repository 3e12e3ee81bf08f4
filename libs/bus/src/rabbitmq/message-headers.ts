import type { Message, MessagePropertyHeaders } from 'amqplib';
import type { DeadLetter } from '../dead-letter';
import { busHeaders } from './topology';

type Headers = MessagePropertyHeaders | undefined;

function headerString(headers: Headers, name: string): string | undefined {
  const value: unknown = headers?.[name];
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value: unknown = headers?.[name];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/** 1 for a first delivery; retries carry the count in a header the bus sets. */
export function attemptOf(message: Message): number {
  return Math.max(1, headerNumber(message.properties.headers, busHeaders.attempt) ?? 1);
}

/** The topic a message was first published to; a retried message comes back keyed by its queue name. */
export function originalTopicOf(message: Message): string {
  return headerString(message.properties.headers, busHeaders.topic) ?? message.fields.routingKey;
}

export function deadLetterOf(message: Message, fallbackQueue: string): DeadLetter {
  const headers = message.properties.headers;
  return {
    queue: headerString(headers, busHeaders.queue) ?? fallbackQueue,
    reason: headerString(headers, busHeaders.reason) ?? 'unknown',
    attempts: headerNumber(headers, busHeaders.attempts) ?? 0,
    deadLetteredAt: headerString(headers, busHeaders.deadLetteredAt) ?? '',
    body: message.content.toString('utf8'),
  };
}
