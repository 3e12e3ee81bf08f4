import { commandFields } from './event-fields';

const commandsOf = (text: string) => commandFields(text)?.commands.map((value) => text.slice(value.start, value.end)) ?? null;

describe('commandFields', () => {
  it('reads the command-line field of fields a page ran together, up to the next label', () => {
    const text = 'Image: D:\\Apps\\helper.exe CommandLine: helper.exe --sync D:\\data User: CORP\\svc_app';
    expect(commandsOf(text)).toEqual(['helper.exe --sync D:\\data']);
    expect(commandFields(text)?.fields).toBe(3);
  });

  it('reads parent and process command lines and the spaced labels of event 4688', () => {
    expect(commandsOf('ParentCommandLine: agent.exe -k one CommandLine: agent.exe -k two')).toEqual([
      'agent.exe -k one',
      'agent.exe -k two',
    ]);
    expect(commandsOf('- New Process Name: C:\\x\\tool.exe Process Command Line: tool.exe /scan')).toEqual(['tool.exe /scan']);
  });

  it('is not a field line when the line does not start with a field label', () => {
    expect(commandsOf('The process CommandLine: was empty')).toBeNull();
    expect(commandsOf('Note: CommandLine: x.exe')).toBeNull();
  });

  it('gives no command for a field line without a command-line field', () => {
    expect(commandsOf('ParentImage: C:\\Windows\\explorer.exe Image: C:\\Temp\\a.exe')).toEqual([]);
  });
});
