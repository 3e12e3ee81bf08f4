import { buildOpenApiDocument } from '../openapi';

describe('ingestion routes in the OpenAPI document', () => {
  const paths = buildOpenApiDocument().paths ?? {};

  it('lists every route the ingestion service serves', () => {
    const served: Array<[string, 'get' | 'post' | 'put' | 'delete']> = [
      ['/api/sources', 'get'],
      ['/api/sources/{source_id}', 'get'],
      ['/api/sources/{source_id}/runs/{run_id}', 'get'],
      ['/api/sources/{source_id}/collect', 'post'],
      ['/api/sources/{source_id}/image_ocr', 'put'],
      ['/api/scrape-url', 'post'],
      ['/api/articles', 'get'],
      ['/api/articles/{article_id}', 'get'],
      ['/api/articles/{article_id}', 'delete'],
      ['/api/articles/{article_id}/similar', 'get'],
      ['/api/articles/{article_id}/annotations', 'get'],
      ['/api/articles/{article_id}/annotations', 'post'],
      ['/api/search/semantic', 'post'],
      ['/api/search/help', 'get'],
      ['/api/embeddings/stats', 'get'],
    ];
    for (const [path, method] of served) expect({ path, method, registered: Boolean(paths[path]?.[method]) }).toEqual({ path, method, registered: true });
  });

  it('documents the issue error codes', () => {
    const scrape = JSON.stringify(paths['/api/scrape-url']?.post?.responses);
    for (const code of ['invalid_url', 'url_not_allowed', 'fetch_failed', 'unsupported_content', 'no_content']) expect(scrape).toContain(code);
    const annotations = JSON.stringify(paths['/api/articles/{article_id}/annotations']?.post?.responses);
    expect(annotations).toContain('annotation_length');
    expect(annotations).toContain('annotation_mismatch');
    expect(JSON.stringify(paths['/api/sources/{source_id}/image_ocr']?.put?.responses)).toContain('protected_source');
    expect(paths['/api/sources/{source_id}/image_ocr']?.put?.['x-required-role']).toBe('analyst');
  });
});
