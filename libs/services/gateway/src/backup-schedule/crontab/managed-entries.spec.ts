import { parseCrontab, splitCrontab, joinCrontab } from './crontab-lines';
import { removeManagedEntries, replaceManagedEntries, type ManagedEntry } from './managed-entries';

const MARKERS = ['backup', 'prune'];
const backup: ManagedEntry = { marker: 'backup', schedule: '0 2 * * *', command: "cd '/srv/hf' && huntforge backup create" };
const prune: ManagedEntry = { marker: 'prune', schedule: '0 3 * * 0', command: "cd '/srv/hf' && huntforge backup prune" };

const FOREIGN =
  [
    'MAILTO="ops@example.org"',
    'SHELL=/bin/bash',
    '# nightly report, keep',
    '',
    '*/5 * * * *   /usr/local/bin/poll   --fast  ',
    '@reboot /usr/bin/start-agent',
    '\t30 1 * * 1-5 echo "weekday" > /tmp/w # not ours',
  ].join('\n') + '\n';

describe('crontab lines', () => {
  it('splits and joins any text back to the same bytes, CRLF and a missing final newline included', () => {
    for (const text of [FOREIGN, 'a\r\nb\n', 'no newline at end', '', '\n\n', 'x\n\ny']) {
      expect(joinCrontab(splitCrontab(text))).toBe(text);
    }
  });

  it('parses job lines only: comments, blank lines and variable assignments are not entries', () => {
    const entries = parseCrontab(FOREIGN);
    expect(entries.map((entry) => [entry.schedule, entry.command, entry.managed])).toEqual([
      ['*/5 * * * *', '/usr/local/bin/poll   --fast', false],
      ['@reboot', '/usr/bin/start-agent', false],
      ['30 1 * * 1-5', 'echo "weekday" > /tmp/w # not ours', false],
    ]);
    expect(entries[0]?.raw).toBe('*/5 * * * *   /usr/local/bin/poll   --fast  ');
  });

  it('marks a line with a managed marker and keeps the marker out of its command', () => {
    const [entry] = parseCrontab('0 2 * * * run-it # huntforge-managed:backup\n');
    expect(entry).toEqual({
      schedule: '0 2 * * *',
      command: 'run-it',
      managed: true,
      marker: 'backup',
      raw: '0 2 * * * run-it # huntforge-managed:backup',
    });
  });
});

describe('replacing the managed entries', () => {
  it('appends ours to a crontab that has none, leaving every foreign byte as it was', () => {
    const result = replaceManagedEntries(FOREIGN, MARKERS, [backup, prune]);
    expect(result.startsWith(FOREIGN)).toBe(true);
    expect(result.slice(FOREIGN.length)).toBe(
      "0 2 * * * cd '/srv/hf' && huntforge backup create # huntforge-managed:backup\n" +
        "0 3 * * 0 cd '/srv/hf' && huntforge backup prune # huntforge-managed:prune\n",
    );
  });

  it('is idempotent: enabling twice gives the same crontab', () => {
    const once = replaceManagedEntries(FOREIGN, MARKERS, [backup, prune]);
    expect(replaceManagedEntries(once, MARKERS, [backup, prune])).toBe(once);
  });

  it('replaces ours where they stand, with new times, and keeps lines after them in place', () => {
    const installed = replaceManagedEntries('# top\n', MARKERS, [backup, prune]) + '15 4 * * * foreign-after\n';
    const moved = replaceManagedEntries(installed, MARKERS, [
      { ...backup, schedule: '30 5 * * *' },
      { ...prune, schedule: '0 6 * * 3' },
    ]);
    expect(moved.split('\n')).toEqual([
      '# top',
      "30 5 * * * cd '/srv/hf' && huntforge backup create # huntforge-managed:backup",
      "0 6 * * 3 cd '/srv/hf' && huntforge backup prune # huntforge-managed:prune",
      '15 4 * * * foreign-after',
      '',
    ]);
  });

  it('gives the last foreign line a newline when it had none, so it and ours stay two lines', () => {
    expect(replaceManagedEntries('MAILTO=""\n5 5 * * * x', MARKERS, [backup])).toBe(
      'MAILTO=""\n5 5 * * * x\n0 2 * * * cd \'/srv/hf\' && huntforge backup create # huntforge-managed:backup\n',
    );
  });

  it('disabling removes only our lines: foreign lines, comments, MAILTO and other markers stay byte-identical', () => {
    const other = '0 0 * * * something-else # huntforge-managed:reports\r\n';
    const installed = replaceManagedEntries(FOREIGN + other, MARKERS, [backup, prune]);
    expect(removeManagedEntries(installed, MARKERS)).toBe(FOREIGN + other);
  });

  it('treats a marker only at the end of a line as ours: a foreign line that mentions it elsewhere stays', () => {
    const lookalike = '0 1 * * * echo "# huntforge-managed:backup is ours" >> /tmp/log\n';
    expect(removeManagedEntries(lookalike, MARKERS)).toBe(lookalike);
    expect(removeManagedEntries('', MARKERS)).toBe('');
  });
});
