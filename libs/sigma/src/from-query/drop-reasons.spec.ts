import { translateQuery } from './translate-query';

// Queries written for these specs: each is left out whole, and says why.
const why = (text: string, language: string) => {
  const translation = translateQuery(text, language, null);
  if (translation.ok) throw new Error(`translated: ${text}`);
  return { code: translation.code, reason: translation.reason };
};

describe('why a query is left out', () => {
  it('names the field Sigma has no name for', () => {
    expect(why('process where process.name == "curl" and process.env_vars : "HTTP_PROXY=*"', 'eql')).toEqual({
      code: 'unmapped-field',
      reason: 'unmapped field process.env_vars',
    });
    expect(why('DeviceProcessEvents | where ProcessIntegrityLevel == "High"', 'kql')).toEqual({
      code: 'unmapped-field',
      reason: 'column ProcessIntegrityLevel',
    });
    expect(why('SELECT pid FROM processes WHERE parent = 1', 'osquery')).toEqual({ code: 'unmapped-field', reason: 'column parent' });
  });

  it('names the operator, function or command it cannot carry', () => {
    expect(why('process where process.name == "sh" and indexOf(process.command_line, "x") == 0', 'eql')).toEqual({
      code: 'unsupported-construct',
      reason: 'function indexOf',
    });
    expect(why('index=main Image="*\\\\certutil.exe" | join host [search index=proxy]', 'spl')).toEqual({
      code: 'unsupported-construct',
      reason: 'SPL join',
    });
    expect(why('SELECT name FROM processes p JOIN users u USING (uid) WHERE p.name = "sh"', 'osquery')).toEqual({
      code: 'unsupported-construct',
      reason: 'an osquery join',
    });
  });

  it('names the log or table no Sigma logsource reads', () => {
    expect(why('EmailEvents | where Subject has "invoice"', 'kql')).toEqual({
      code: 'unsupported-source',
      reason: 'Kusto table EmailEvents',
    });
    expect(why('SELECT * FROM crontab_entries WHERE command LIKE "%curl%"', 'osquery')).toEqual({
      code: 'unsupported-source',
      reason: 'osquery table crontab_entries',
    });
    expect(why('Get-Process', 'powershell').code).toBe('unsupported-source');
  });

  it('says when a query tests only which log to read', () => {
    expect(why('FROM logs-endpoint.events.process-* | WHERE @timestamp > NOW() - 1 day AND event.type == "start"', 'esql')).toEqual({
      code: 'no-selection',
      reason: 'nothing tested beyond the log',
    });
    // A filter on a user's name (the record holds the ID) leaves the syscall rule nothing it can say.
    expect(why('-a always,exit -F arch=b64 -F uid!=ntp -S adjtimex -k time', 'auditd').code).toBe('no-selection');
  });

  it('says when the text cannot be read', () => {
    expect(why('process where process.name == "unterminated', 'eql')).toEqual({ code: 'syntax', reason: 'unterminated string' });
  });
});
