import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from each language's documentation of Sysmon's event 10 (one process opening
// another: SourceImage, TargetImage, GrantedAccess), not from any article.
function only(text: string, language: string) {
  const translation = translateQuery(text, language, null);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition) };
}
const ACCESS = { category: 'process_access', product: 'windows' };

describe('process access (Sysmon 10) in every dialect', () => {
  it('reads a Splunk search of Sysmon 10 as a process_access rule of its own fields', () => {
    const { logsource, detection } = only(
      '`sysmon` EventCode=10 TargetImage="*\\\\lsass.exe" GrantedAccess IN ("0x1010", "0x1410") NOT SourceImage="*\\\\MsMpEng.exe"',
      'spl',
    );
    expect(logsource).toEqual(ACCESS);
    expect(detection).toEqual({
      selection: { 'TargetImage|endswith': '\\lsass.exe', GrantedAccess: ['0x1010', '0x1410'] },
      filter_1: { 'SourceImage|endswith': '\\MsMpEng.exe' },
      condition: 'selection and not filter_1',
    });
  });

  it('reads EQL over Winlogbeat’s Sysmon 10 (filed under process) and Elastic Defend’s target process', () => {
    const winlogbeat = only(
      'process where event.code == "10" and winlog.event_data.TargetImage : "*\\\\lsass.exe" and process.name : "rundll32.exe"',
      'eql',
    );
    expect(winlogbeat.logsource).toEqual(ACCESS);
    expect(winlogbeat.detection['selection']).toEqual({ 'TargetImage|endswith': '\\lsass.exe', 'SourceImage|endswith': '\\rundll32.exe' });
    const defend = only('api where Target.process.name == "lsass.exe" and process.executable : "C:\\\\Users\\\\*"', 'eql');
    expect(defend.logsource).toEqual(ACCESS);
    expect(defend.detection['selection']).toEqual({ 'TargetImage|endswith': '\\lsass.exe', 'SourceImage|startswith': 'C:\\Users\\' });
  });

  it('reads ES|QL over the Sysmon data stream', () => {
    const { logsource, detection } = only(
      'FROM logs-windows.sysmon_operational-* | WHERE event.code == "10" AND winlog.event_data.GrantedAccess == "0x1fffff" AND winlog.event_data.TargetImage LIKE "*lsass.exe"',
      'esql',
    );
    expect(logsource).toEqual(ACCESS);
    expect(detection['selection']).toEqual({ GrantedAccess: '0x1fffff', 'TargetImage|endswith': 'lsass.exe' });
  });

  it('reads Kusto’s Sysmon parser, the Event table’s parsed EventData, and Defender’s OpenProcessApiCall', () => {
    const parser = only('Sysmon\n| where EventID == 10 and TargetImage endswith "\\\\lsass.exe" and GrantedAccess == "0x1010"', 'kql');
    expect(parser.logsource).toEqual(ACCESS);
    expect(parser.detection['selection']).toEqual({ 'TargetImage|endswith': '\\lsass.exe', GrantedAccess: '0x1010' });
    const parsed = only(
      [
        'Event',
        '| where Source == "Microsoft-Windows-Sysmon" and EventID == 10',
        `| parse EventData with * 'Name="SourceImage">' Source_Image '<' * 'Name="TargetImage">' Target_Image '<' *`,
        '| where Target_Image endswith "lsass.exe" and Source_Image has "\\\\Temp\\\\"',
      ].join('\n'),
      'kql',
    );
    expect(parsed.logsource).toEqual(ACCESS);
    expect(parsed.detection['selection']).toEqual({ 'TargetImage|endswith': 'lsass.exe', 'SourceImage|contains': '\\Temp\\' });
    const defender = only('DeviceEvents\n| where ActionType == "OpenProcessApiCall" and FileName =~ "lsass.exe"', 'kql');
    expect(defender.logsource).toEqual(ACCESS);
    expect(defender.detection['selection']).toEqual({ 'TargetImage|endswith': '\\lsass.exe' });
  });

  it('reads a Sysmon configuration’s ProcessAccess filter', () => {
    const { logsource, detection } = only(
      '<Sysmon><EventFiltering><ProcessAccess onmatch="include"><TargetImage condition="end with">lsass.exe</TargetImage></ProcessAccess></EventFiltering></Sysmon>',
      'sysmon',
    );
    expect(logsource).toEqual(ACCESS);
    expect(detection['selection']).toEqual({ 'TargetImage|endswith': 'lsass.exe' });
  });
});
