import { builtinRank } from './builtin-rank';

describe('builtinRank', () => {
  it('keeps keyword-rich prose without observables below the default RankingThreshold of 6', () => {
    const result = builtinRank({ huntScore: 99.9, observablesByType: {} });
    expect(result.score).toBe(3);
    expect(result.score).toBeLessThan(6);
  });

  it('lets a mid-scoring article with a few commands and keys clear 6', () => {
    const result = builtinRank({ huntScore: 60, observablesByType: { cmdline: 3, registry_key: 2, ipv4: 1 } });
    expect(result.components).toEqual({ keywords: 1.8, material: 6.1 }); // material 5.2 → 7 × (1 − e^−2.08)
    expect(result.score).toBe(7.9);
  });

  it('lets a low-keyword Linux write-up with commands, or an IOC report of indicators only, clear 6', () => {
    expect(
      builtinRank({ huntScore: 13.4, observablesByType: { cmdline: 9, hunt_query: 1, service: 1, url: 4, domain: 3, ipv4: 3 } }).score,
    ).toBe(7.4);
    expect(builtinRank({ huntScore: 11.9, observablesByType: { domain: 8, url: 143 } }).score).toBe(7.4);
    expect(builtinRank({ huntScore: 13.6, observablesByType: { cmdline: 4, domain: 19 } }).score).toBeGreaterThanOrEqual(6);
  });

  it('keeps a news piece that links a few sites well below 6', () => {
    expect(builtinRank({ huntScore: 30, observablesByType: { url: 2, domain: 1 } }).score).toBe(2.4);
    expect(builtinRank({ huntScore: 20, observablesByType: { url: 6, domain: 6 } }).score).toBeLessThan(6);
  });

  it('scores a junk article near zero and never exceeds 10', () => {
    expect(builtinRank({ huntScore: 3, observablesByType: {} }).score).toBe(0.1);
    expect(builtinRank({ huntScore: 99.9, observablesByType: { cmdline: 50, registry_key: 50, url: 50 } }).score).toBe(10);
  });

  it('ignores zero counts and explains every component', () => {
    const result = builtinRank({ huntScore: 40, observablesByType: { cmdline: 2, registry_key: 0, hunt_query: 1, domain: 4 } });
    expect(result.reasoning).toBe(
      'builtin rank 7.2/10 = keywords 1.2 (hunt score 40) + material 6 (2 behaviours, 1 hunt queries, 4 indicators: cmdline 2, hunt_query 1, domain 4)',
    );
  });

  it('lets concrete material alone clear 6 however few keywords the text has (a cloud or identity write-up)', () => {
    expect(builtinRank({ huntScore: 5, observablesByType: { cmdline: 5 } }).score).toBeGreaterThanOrEqual(6);
    expect(
      builtinRank({
        huntScore: 5,
        observablesByType: {},
        text: 'Okta logs showed user.session.impersonation.initiate, user.session.impersonation.grant, user.mfa.factor.deactivate, user.account.reset_password and policy.lifecycle.update.',
      }).score,
    ).toBeGreaterThanOrEqual(6);
    expect(builtinRank({ huntScore: 5, observablesByType: { cmdline: 3 } }).score).toBeLessThan(6);
  });
});
