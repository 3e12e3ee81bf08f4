import { ContentFilterConfigError, loadContentFilterConfig } from './config';

describe('loadContentFilterConfig', () => {
  it('applies defaults', () => {
    expect(loadContentFilterConfig({})).toEqual({
      chunkDebugMaxChunks: 200,
      trainSeed: 42,
      artifactsDir: undefined,
      fixturesDir: undefined,
      dataDir: undefined,
    });
  });

  it('reads the variables', () => {
    const config = loadContentFilterConfig({ CHUNK_DEBUG_MAX_CHUNKS: '50', DATA_DIR: '/var/lib/hf', CONTENT_FILTER_TRAIN_SEED: '7' });
    expect(config).toMatchObject({ chunkDebugMaxChunks: 50, dataDir: '/var/lib/hf', trainSeed: 7 });
  });

  it('reports every bad variable at once', () => {
    expect(() => loadContentFilterConfig({ CHUNK_DEBUG_MAX_CHUNKS: '0', CONTENT_FILTER_TRAIN_SEED: 'x' })).toThrow(
      ContentFilterConfigError,
    );
    expect(() => loadContentFilterConfig({ CHUNK_DEBUG_MAX_CHUNKS: 'many' })).toThrow(/CHUNK_DEBUG_MAX_CHUNKS/);
  });
});
