import { withProgramSelection } from './program-selection';
import { originalFileNameOf } from './program-version-info';

// A Windows process rule's program selection as SigmaHQ writes it (selection_img: Image OR OriginalFileName).
describe('program selection: Image|endswith or OriginalFileName', () => {
  it('splits one selection into the program, the parent and the command line, all required', () => {
    expect(
      withProgramSelection(
        {
          selection: { 'Image|endswith': '\\certutil.exe', 'ParentImage|endswith': '\\cmd.exe', 'CommandLine|contains': '-urlcache' },
          condition: 'selection',
        },
        'windows',
      ),
    ).toEqual({
      selection_img: [{ 'Image|endswith': '\\certutil.exe' }, { OriginalFileName: 'CertUtil.exe' }],
      selection_parent: { 'ParentImage|endswith': '\\cmd.exe' },
      selection_cli: { 'CommandLine|contains': '-urlcache' },
      condition: 'all of selection_*',
    });
  });

  it('keeps one program selection for several command lines of the program, any of them', () => {
    expect(
      withProgramSelection(
        {
          selection_1: { 'Image|endswith': '\\reg.exe', 'CommandLine|contains': 'QuillTray' },
          selection_2: { 'Image|endswith': '\\reg.exe', 'CommandLine|contains': 'QuillSync' },
          condition: '1 of selection_*',
        },
        'windows',
      ),
    ).toEqual({
      selection_img: [{ 'Image|endswith': '\\reg.exe' }, { OriginalFileName: 'reg.exe' }],
      selection_cli_1: { 'CommandLine|contains': 'QuillTray' },
      selection_cli_2: { 'CommandLine|contains': 'QuillSync' },
      condition: 'selection_img and 1 of selection_cli_*',
    });
  });

  it("keeps a technique's named and other blocks required as they were", () => {
    expect(
      withProgramSelection(
        {
          selection_verb: { 'Image|endswith': '\\sc.exe', 'CommandLine|contains': ' stop ' },
          selection_service: { 'CommandLine|contains': ['QuillGuard', 'QuillNet'] },
          condition: 'all of selection_*',
        },
        'windows',
      ),
    ).toEqual({
      selection_img: [{ 'Image|endswith': '\\sc.exe' }, { OriginalFileName: 'sc.exe' }],
      selection_verb: { 'CommandLine|contains': ' stop ' },
      selection_service: { 'CommandLine|contains': ['QuillGuard', 'QuillNet'] },
      condition: 'all of selection_*',
    });
  });

  it('leaves a rule alone when a program is not known, the selections name different programs, or the platform is not Windows', () => {
    const unknown = { selection: { 'Image|endswith': '\\quill.exe', 'CommandLine|contains': '--sync' }, condition: 'selection' };
    expect(withProgramSelection(unknown, 'windows')).toBe(unknown);
    const mixed = {
      selection_1: { 'Image|endswith': '\\reg.exe', 'CommandLine|contains': 'QuillTray' },
      selection_2: { 'Image|endswith': '\\sc.exe', 'CommandLine|contains': 'QuillSync' },
      condition: '1 of selection_*',
    };
    expect(withProgramSelection(mixed, 'windows')).toBe(mixed);
    const linux = { selection: { 'Image|endswith': '/curl', 'CommandLine|contains': '-o' }, condition: 'selection' };
    expect(withProgramSelection(linux, 'linux')).toBe(linux);
  });

  it("knows the names programs' version resources give, whatever their file is called", () => {
    expect(originalFileNameOf('NLTEST.EXE')).toBe('nltestrk.exe');
    expect(originalFileNameOf('systeminfo.exe')).toBe('sysinfo.exe');
    expect(originalFileNameOf('PsExec64.exe')).toBe('psexec.c');
    expect(originalFileNameOf('quill.exe')).toBeNull();
  });
});
