import { builtinRank } from './builtin-rank';

describe('builtinRank', () => {
  it('keeps keyword-rich prose without observables below the default RankingThreshold of 6', () => {
    const result = builtinRank({ huntScore: 99.9, observablesByType: {} });
    expect(result.score).toBe(4);
    expect(result.score).toBeLessThan(6);
  });

  it('lets a mid-scoring article with six observables of three types clear 6', () => {
    const result = builtinRank({ huntScore: 60, observablesByType: { cmdline: 3, registry: 2, network: 1 } });
    expect(result.components).toEqual({ keywords: 2.4, volume: 2.5, breadth: 1.5 });
    expect(result.score).toBe(6.4);
  });

  it('lets a low-keyword Linux write-up full of indicators clear 6 (the keyword registry leans Windows)', () => {
    const result = builtinRank({ huntScore: 13.4, observablesByType: { cmdline: 9, hunt_query: 1, service: 1, url: 4, domain: 3, ipv4: 3 } });
    expect(result.score).toBe(6.4);
  });

  it('scores a junk article near zero and never exceeds 10', () => {
    expect(builtinRank({ huntScore: 3, observablesByType: {} }).score).toBe(0.1);
    expect(builtinRank({ huntScore: 99.9, observablesByType: { a: 50, b: 50, c: 50, d: 50, e: 50 } }).score).toBe(10);
  });

  it('ignores zero counts and explains every component', () => {
    const result = builtinRank({ huntScore: 40, observablesByType: { cmdline: 2, registry: 0 } });
    expect(result.reasoning).toContain('2 distinct observables');
    expect(result.reasoning).toContain('1 types: cmdline 2');
    expect(result.components.breadth).toBe(0.5);
  });
});
