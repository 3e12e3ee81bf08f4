import { registryAreaTitle } from './registry-areas';

describe('registryAreaTitle', () => {
  it.each([
    [
      ['HKLM\\Software\\Policies\\Microsoft\\Windows Defender\\SpyNet'],
      'SpyNet',
      'Microsoft Defender SpyNet Policy Changed Through The Registry',
    ],
    [
      ['HKLM\\Software\\Policies\\Microsoft\\Windows Defender'],
      'Windows Defender',
      'Microsoft Defender Policy Changed Through The Registry',
    ],
    [
      ['HKLM\\Software\\Microsoft\\Windows Defender\\Exclusions\\Paths'],
      'Paths',
      'Microsoft Defender Exclusion Changed Through The Registry',
    ],
    [
      ['HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server'],
      'Terminal Server',
      'Remote Desktop Setting Changed Through The Registry',
    ],
    [['HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillSvc'], 'QuillSvc', 'Service QuillSvc Configuration Changed Through The Registry'],
  ])('names the behaviour of writes under %j', (paths, key, title) => {
    expect(registryAreaTitle(paths, key)).toBe(title);
  });

  it('knows no area for a key of its own or for keys of different areas', () => {
    expect(registryAreaTitle(['HKCU\\Software\\Quill'], 'Quill')).toBeNull();
    expect(registryAreaTitle(['HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server', 'HKCU\\Software\\Quill'], 'x')).toBeNull();
  });
});
