/** Error codes the ingestion service answers with (beside the platform's validation_error / not_found). */
export const INGESTION_ERROR_CODES = {
  invalidUrl: 'invalid_url',
  urlNotAllowed: 'url_not_allowed',
  fetchFailed: 'fetch_failed',
  unsupportedContent: 'unsupported_content',
  noContent: 'no_content',
  annotationLength: 'annotation_length',
  annotationMismatch: 'annotation_mismatch',
  protectedSource: 'protected_source',
  sourceNotCollectable: 'source_not_collectable',
  collectionInProgress: 'collection_in_progress',
  sourceExists: 'source_exists',
  sourceUnreachable: 'source_unreachable',
  sourceHasArticles: 'source_has_articles',
  embeddingUnavailable: 'embedding_unavailable',
  invalidCursor: 'invalid_cursor',
} as const;

export type IngestionErrorCode = (typeof INGESTION_ERROR_CODES)[keyof typeof INGESTION_ERROR_CODES];
