import { fuseRankings, RRF_K } from './unified-search-tool';

describe('fuseRankings (reciprocal rank fusion)', () => {
  it('interleaves lists by rank, scores 1/(k+rank) and keeps the first list first on ties', () => {
    const fused = fuseRankings([['a1', 'a2', 'a3'], ['r1']], 3);
    expect(fused.map((hit) => hit.item)).toEqual(['a1', 'r1', 'a2']);
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused[2]?.score).toBeCloseTo(1 / (RRF_K + 2));
  });

  it('copes with an empty list', () => {
    expect(fuseRankings([[], ['r1', 'r2']], 5).map((hit) => hit.item)).toEqual(['r1', 'r2']);
  });
});
