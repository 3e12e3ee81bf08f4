import { articleSubject } from './article-subject';

describe('articleSubject', () => {
  it('keeps a headline that fits, without its parenthesised remark or quotes', () => {
    expect(articleSubject('KongTuke ClickFix activity (DNS TXT record variant)')).toBe('KongTuke ClickFix activity');
    expect(articleSubject('The "Greenshot" loader')).toBe('The Greenshot loader');
  });

  it('takes the first clause that fits when the headline is too long', () => {
    expect(articleSubject('Blurring the Lines: Intrusion Shows Connection With Three Major Ransomware Gangs and Their Affiliates')).toBe(
      'Blurring the Lines',
    );
    expect(articleSubject('Linux VM Cryptomining Incident - Public Threat Report Written For Defenders Everywhere Today')).toBe(
      'Linux VM Cryptomining Incident',
    );
  });

  it('otherwise keeps whole words that fit, never ending on a word that needs a continuation or on an ellipsis', () => {
    const subject = articleSubject(
      'Fake IT-support scam abuses Teams call to deliver a new remote access trojan to employees of large companies',
    );
    expect(subject).toBe('Fake IT-support scam abuses Teams call to deliver');
    expect(subject.length).toBeLessThanOrEqual(60);
    expect(articleSubject('Recent StrelaStealer infection chain involves decoy PDF files and WebDAV shares in several countries', 48)).toBe(
      'Recent StrelaStealer infection chain involves',
    );
    // Cut short, it stops before the last phrase it had opened, not halfway through it.
    expect(articleSubject('Malicious Ads Leading to SHub Stealer & Revealing Newly Registered Domains Leveraged for C2')).toBe(
      'Malicious Ads Leading to SHub Stealer',
    );
    expect(articleSubject('New ClickFix variant abuses pcalua.exe and WebDAV to deploy a stealer on the machines of its victims')).toBe(
      'New ClickFix variant abuses pcalua.exe and WebDAV',
    );
    expect(articleSubject('Fake IT-support scam abuses Teams call to deliver EtherRAT backdoor to the employees of companies')).toBe(
      'Fake IT-support scam abuses Teams call to deliver EtherRAT',
    );
    expect(articleSubject('An extremely long headline without any clause separators that goes on and on for the whole line')).not.toMatch(
      /…|\s(of|to|the|and|a)$/,
    );
  });
});
