import { buildOpenApiDocument } from '../openapi';

describe('ingestion routes in the OpenAPI document', () => {
  const paths = buildOpenApiDocument().paths ?? {};

  it('documents the issue error codes', () => {
    const scrape = JSON.stringify(paths['/api/scrape-url']?.post?.responses);
    for (const code of ['invalid_url', 'url_not_allowed', 'fetch_failed', 'unsupported_content', 'no_content'])
      expect(scrape).toContain(code);
    const annotations = JSON.stringify(paths['/api/articles/{article_id}/annotations']?.post?.responses);
    expect(annotations).toContain('annotation_length');
    expect(annotations).toContain('annotation_mismatch');
    expect(JSON.stringify(paths['/api/sources/{source_id}/image_ocr']?.put?.responses)).toContain('protected_source');
    expect(paths['/api/sources/{source_id}/image_ocr']?.put?.['x-required-role']).toBe('analyst');
  });
});
