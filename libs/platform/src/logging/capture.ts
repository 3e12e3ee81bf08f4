import { Writable } from 'node:stream';

/** An in-memory log destination: every JSON line written, parsed. For tests and diagnostics. */
export interface LogCapture {
  stream: Writable;
  lines(): Array<Record<string, unknown>>;
  text(): string;
}

export function captureLogs(): LogCapture {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
