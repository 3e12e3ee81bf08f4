import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from Elastic's EQL and ECS documentation, not from any article.
function only(text: string, platform: 'windows' | 'linux' | null = 'windows') {
  const translation = translateQuery(text, 'eql', platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition) };
}
const dropped = (text: string) => translateQuery(text, 'eql', 'windows').ok === false;

describe('EQL ancestry and the tests Sigma cannot make', () => {
  it('reads descendant of and child of a process as tests of the parent', () => {
    expect(
      only(
        'process where process.name : "powershell.exe" and descendant of [process where event.type == "start" and process.name in~ ("winword.exe", "excel.exe")]',
      ).detection,
    ).toEqual({
      selection: { 'Image|endswith': '\\powershell.exe', 'ParentImage|endswith': ['\\winword.exe', '\\excel.exe'] },
      condition: 'selection',
    });
    expect(
      only(
        'process where process.args : "-enc" and child of [process where process.executable : "C:\\\\Windows\\\\System32\\\\wscript.exe"]',
      ).detection['selection'],
    ).toEqual({ 'CommandLine|contains': '-enc', ParentImage: 'C:\\Windows\\System32\\wscript.exe' });
  });

  it('drops an ancestor that is not a process or is tested on what a parent does not carry', () => {
    expect(dropped('process where process.name : "cmd.exe" and descendant of [network where destination.port == 443]')).toBe(true);
    expect(dropped('process where process.name : "cmd.exe" and descendant of [process where user.name == "SYSTEM"]')).toBe(true);
  });

  it('leaves out args_count, process.Ext and process code signatures where the rest selects something specific', () => {
    expect(
      only(
        'process where process.name : "rundll32.exe" and process.args_count == 1 and process.Ext.relative_file_creation_time < 60 and process.parent.name : "svchost.exe"',
      ).detection,
    ).toEqual({ selection: { 'Image|endswith': '\\rundll32.exe', 'ParentImage|endswith': '\\svchost.exe' }, condition: 'selection' });
    expect(
      only('process where process.name : "cmd.exe" and process.parent.name : "w3wp.exe" and process.args_count >= 3').detection[
        'selection'
      ],
    ).toEqual({ 'Image|endswith': '\\cmd.exe', 'ParentImage|endswith': '\\w3wp.exe' });
    expect(only('process where process.command_line : "*-nop*" and not process.code_signature.trusted == true').detection).toEqual({
      selection: { 'CommandLine|contains': '-nop' },
      condition: 'selection',
    });
  });

  it('drops the query when only a program name is left, or a count it cannot leave out', () => {
    expect(dropped('process where process.name : "cmd.exe" and process.args_count > 10')).toBe(true);
    expect(dropped('process where process.name : "rundll32.exe" and process.args_count == 1')).toBe(true);
    expect(dropped('process where process.name : "cmd.exe" and process.Ext.relative_file_creation_time <= 500')).toBe(true);
    expect(dropped('process where process.command_line : "*x*" and process.uptime > 4')).toBe(true);
  });

  it('reads != null as the field being there, and Elastic Defend file/library details and a SID as non-selecting', () => {
    expect(
      only('process where process.name : "rundll32.exe" and ?process.parent.name != null and process.args : "*javascript*"').detection,
    ).toEqual({ selection: { 'Image|endswith': '\\rundll32.exe', 'CommandLine|contains': 'javascript' }, condition: 'selection' });
    expect(
      only('file where file.Ext.header_bytes : "4d5a*" and file.path : "C:\\\\Users\\\\*\\\\Downloads\\\\*" and user.id : "S-1-5-18"')
        .detection['selection'],
    ).toEqual({ TargetFilename: 'C:\\Users\\\\*\\Downloads\\\\*' });
    expect(
      only('library where dll.name : "version.dll" and dll.Ext.relative_file_creation_time <= 500 and process.name : "svchost.exe"')
        .detection['selection'],
    ).toEqual({ 'ImageLoaded|endswith': '\\version.dll', 'Image|endswith': '\\svchost.exe' });
    expect(dropped('process where process.name : "cmd.exe" and process.parent.name == null')).toBe(true);
  });

  it('reads a sequence step of any event as no rule, and a host exclusion as non-selecting', () => {
    const translation = translateQuery(
      'sequence by host.id with maxspan=5m [process where process.name : "mshta.exe" and process.args : "http*" and host.name != "lab01"] by process.entity_id [network where true] by process.entity_id',
      'eql',
      'windows',
    );
    expect(translation.ok && translation.rules.map((rule) => rule.logsource.category)).toEqual(['process_creation']);
    expect(dropped('process where true')).toBe(true);
  });

  it('reads Elastic caseless copies of a field as the field', () => {
    expect(only('process where process.command_line.caseless : "*-encodedcommand*"').detection['selection']).toEqual({
      'CommandLine|contains': '-encodedcommand',
    });
  });

  it('reads a library signature as Sysmon image-load Signature and Signed', () => {
    const { logsource, detection } = only(
      'library where dll.name : "version.dll" and dll.code_signature.exists == false and not dll.code_signature.subject_name : "Microsoft*"',
    );
    expect(logsource).toEqual({ category: 'image_load', product: 'windows' });
    expect(detection).toEqual({
      selection: { 'ImageLoaded|endswith': '\\version.dll', Signed: 'false' },
      filter_1: { 'Signature|startswith': 'Microsoft' },
      condition: 'selection and not filter_1',
    });
  });
});
