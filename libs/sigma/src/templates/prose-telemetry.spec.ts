import { proseTelemetry } from './prose-telemetry';

describe('proseTelemetry', () => {
  it('reads the event logs cleared: the one named, else the Security log', () => {
    expect(proseTelemetry('The System event log was cleared on the domain controller.').clearedLogs).toEqual(['system']);
    expect(proseTelemetry('The ransomware clears the Windows event logs.').clearedLogs).toEqual(['security']);
    expect(proseTelemetry('Event ID 1102 showed the log being cleared by the attacker.').clearedLogs).toEqual(['security']);
    expect(proseTelemetry('Defenders should alert when the Security log is cleared.').clearedLogs).toEqual([]);
    // The clearing command quoted: the process rules on it are the article's.
    expect(proseTelemetry('The event logs were cleared via the following commands: wevtutil cl Security').clearedLogs).toEqual([]);
  });

  it('reads the host a BITS job downloaded from, only with its address', () => {
    expect(proseTelemetry('The actor used a BITS job to download the next stage from hxxps://cdn.evil[.]example/a.bin.').bitsHosts).toEqual(
      ['cdn.evil.example'],
    );
    expect(proseTelemetry('The actor used a BITS job to download the next stage.').bitsHosts).toEqual([]);
  });

  it('reads offensive PowerShell functions, not PowerShell’s own cmdlets nor code the article quotes', () => {
    expect(proseTelemetry('The PowerShell script block contained Invoke-Mimikatz and Invoke-WebRequest.').scriptFunctions).toEqual([
      'Invoke-Mimikatz',
    ]);
    expect(proseTelemetry('The script called `Invoke-ShareFinder -CheckShareAccess` to list shares.').scriptFunctions).toEqual([]);
  });

  it('reads LSASS read by a named tool, and a launch agent written with no path', () => {
    expect(proseTelemetry('Mimikatz was used to dump credentials from LSASS memory.').lsassAccess).toEqual([
      { tool: 'Mimikatz', images: ['mimikatz.exe'] },
    ]);
    expect(proseTelemetry('The script writes a LaunchAgent plist for persistence.').launchFolders).toEqual(['LaunchAgents']);
    expect(proseTelemetry('It writes ~/Library/LaunchAgents/com.x.agent.plist for persistence.').launchFolders).toEqual([]);
  });
});
