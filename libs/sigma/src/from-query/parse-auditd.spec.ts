import { sigmaDetection } from './sigma-detection';
import { translateQuery } from './translate-query';

// Rules written for these specs from the auditctl manual, not from any article.
function rules(text: string) {
  const translation = translateQuery(text, 'auditd', null);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  return translation.rules.map((rule) => ({ logsource: rule.logsource, detection: sigmaDetection(rule.condition) }));
}

describe('auditd syscall rules without a path', () => {
  it('reads a syscall rule as the SYSCALL records it writes: the syscalls, the key, arch left to the log', () => {
    const [rule, ...rest] = rules('-a always,exit -F arch=b64 -S init_module -S finit_module -k kernel_modules');
    expect(rest).toHaveLength(0);
    expect(rule?.logsource).toEqual({ product: 'linux', service: 'auditd' });
    expect(rule?.detection['selection']).toEqual({ type: 'SYSCALL', syscall: ['init_module', 'finit_module'], key: 'kernel_modules' });
  });

  it('writes the filters as the record shows them: arguments in hex (0x10 and 16 alike), success as yes, an unset ID unsigned, bounds', () => {
    const [injection] = rules('-a always,exit -F arch=b64 -S ptrace -F a0=0x10 -F a2=16 -F success=1 -F key=attach');
    expect(injection?.detection['selection']).toEqual({
      type: 'SYSCALL',
      syscall: 'ptrace',
      a0: 10,
      a2: 10,
      success: 'yes',
      key: 'attach',
    });
    const [owned] = rules('-a always,exit -F arch=b64 -S fchownat -F auid>=1000 -F auid!=-1 -k ownership');
    expect(owned?.detection['selection']).toEqual({ type: 'SYSCALL', syscall: 'fchownat', 'auid|gte': 1000, key: 'ownership' });
    expect(owned?.detection['filter_1']).toEqual({ auid: 4294967295 });
    expect(owned?.detection['condition']).toBe('selection and not filter_1');
  });

  it('groups a rule set’s syscall rules into one rule of the log, beside its watches', () => {
    const translated = rules(
      [
        '-w /etc/ld.so.preload -p wa -k preload',
        '-a always,exit -F arch=b64 -S memfd_create -k anon',
        '-a always,exit -F arch=b32 -S kexec_load -k kexec',
      ].join('\n'),
    );
    const auditd = translated.filter((rule) => rule.logsource.service === 'auditd');
    // The watch's PATH record and both syscall rules, one log: one rule.
    expect(auditd).toHaveLength(1);
    expect(JSON.stringify(auditd[0]?.detection)).toContain('memfd_create');
    expect(JSON.stringify(auditd[0]?.detection)).toContain('kexec_load');
  });

  it('gives nothing for a filter the record does not carry as written (a user name, a folder)', () => {
    expect(translateQuery('-a always,exit -F arch=b64 -F uid!=ntp -S settimeofday -k time', 'auditd', null).ok).toBe(false);
    expect(translateQuery('-a always,exit -F arch=b64 -S openat -F dir=/etc -F success=0 -k denied', 'auditd', null).ok).toBe(false);
  });
});
