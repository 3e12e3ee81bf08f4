import { duration, formatProgressLine, startProgress, type ProgressStream } from './progress';

function terminal(columns = 100): ProgressStream & { output: string } {
  const stream = {
    output: '',
    isTTY: true,
    columns,
    write(chunk: string) {
      stream.output += chunk;
      return true;
    },
  };
  return stream;
}

/** What the terminal shows last: the text after the final carriage return, without the erase-line code. */
const lastLine = (output: string) => output.slice(output.lastIndexOf('\r') + 1).replace('\x1b[K', '');

describe('formatProgressLine', () => {
  it('shows the bar, the counts, the percentage, the rate and the ETA', () => {
    const line = formatProgressLine({ label: 'indexing', noun: 'rules', done: 1000, total: 4000, unit: 'items', elapsedMs: 10_000 }, 100);
    expect(line).toBe('indexing  [########----------------------]  1,000/4,000 rules  25%  100/s  ETA 0:30');
    expect(line.length).toBeLessThan(100);
  });

  it('shows bytes in binary units, as the backup list does', () => {
    const line = formatProgressLine(
      { label: 'restoring', done: 2.5 * 1024 ** 2, total: 10 * 1024 ** 2, unit: 'bytes', elapsedMs: 1000 },
      120,
    );
    expect(line).toContain('2.5 MiB/10.0 MiB  25%  2.5 MiB/s  ETA 0:03');
  });

  it('without a total shows the count and rate only', () => {
    const line = formatProgressLine({ label: 'reading', noun: 'events', done: 1500, unit: 'items', elapsedMs: 3000 }, 80);
    expect(line).toBe('reading  1,500 events  500/s');
  });

  it('says how long it took once complete', () => {
    const line = formatProgressLine({ label: 'indexing', noun: 'rules', done: 40, total: 40, unit: 'items', elapsedMs: 65_000 }, 100);
    expect(line).toMatch(/\[#+\] {2}40\/40 rules {2}100% {2}0.6\/s {2}in 1:05$/);
  });

  it('drops the bar, then cuts the label, on a narrow terminal', () => {
    const state = { label: 'indexing', noun: 'rules', done: 10, total: 40, unit: 'items' as const, elapsedMs: 1000 };
    expect(formatProgressLine(state, 50)).not.toContain('[');
    expect(formatProgressLine(state, 50).length).toBeLessThan(50);
    expect(formatProgressLine(state, 20)).toHaveLength(19);
  });
});

describe('duration', () => {
  it('formats minutes and hours', () => {
    expect([duration(7_000), duration(754_000), duration(3_723_000)]).toEqual(['0:07', '12:34', '1:02:03']);
  });
});

describe('startProgress', () => {
  it('redraws one line of a terminal at most every 100 ms and erases it when finished', () => {
    let clock = 0;
    const stream = terminal();
    const progress = startProgress({ label: 'indexing', noun: 'rules', total: 3, stream, now: () => clock });
    progress.advance();
    clock = 50;
    progress.advance();
    expect(stream.output.split('\r').filter(Boolean)).toHaveLength(1);
    clock = 150;
    progress.update(2);
    expect(lastLine(stream.output)).toContain('2/3 rules');
    progress.advance();
    expect(lastLine(stream.output)).toContain('3/3 rules  100%');
    progress.finish();
    expect(stream.output.endsWith('\r\x1b[K')).toBe(true);
    progress.advance();
    expect(stream.output.endsWith('\r\x1b[K')).toBe(true);
  });

  it('writes nothing when the stream is not a terminal', () => {
    const stream = { ...terminal(), isTTY: false };
    const progress = startProgress({ label: 'indexing', total: 2, stream });
    progress.advance(2);
    progress.finish();
    expect(stream.output).toBe('');
  });

  it('writes nothing on a terminal when HUNTFORGE_PROGRESS=0', () => {
    const previous = process.env.HUNTFORGE_PROGRESS;
    process.env.HUNTFORGE_PROGRESS = '0';
    try {
      const stream = terminal();
      startProgress({ label: 'indexing', total: 2, stream }).advance(2);
      expect(stream.output).toBe('');
    } finally {
      if (previous === undefined) delete process.env.HUNTFORGE_PROGRESS;
      else process.env.HUNTFORGE_PROGRESS = previous;
    }
  });

  it('takes a total learned later', () => {
    const stream = terminal();
    const progress = startProgress({ label: 'reading', noun: 'files', stream, now: () => 1000 });
    progress.setTotal(8);
    expect(lastLine(stream.output)).toContain('0/8 files  0%');
  });
});
