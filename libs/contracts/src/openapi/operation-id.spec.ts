import { ALL_ROUTES } from '../api/all-routes';
import { deriveOperationId } from './operation-id';

describe('deriveOperationId', () => {
  it.each([
    ['get', '/api/articles', 'getArticles'],
    ['delete', '/api/articles/{article_id}', 'deleteArticlesById'],
    ['post', '/api/workflow/articles/{article_id}/trigger', 'postWorkflowArticlesByIdTrigger'],
    [
      'get',
      '/api/workflow/config/prompts/{agent_name}/by-config-version/{config_version}',
      'getWorkflowConfigPromptsByAgentNameByConfigVersion',
    ],
    ['post', '/api/test-provider_a-key', 'postTestProviderAKey'],
    ['get', '/api/feedback/chunk-classification/{article_id}/{chunk_id}', 'getFeedbackChunkClassificationByArticleIdByChunkId'],
    ['delete', '/api/tokens/{id}', 'deleteTokensById'],
    ['get', '/health', 'getHealth'],
    ['post', '/mcp', 'postMcp'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(deriveOperationId(method, path)).toBe(expected);
  });

  it('names every declared route uniquely once the explicit overrides are applied', () => {
    const ids = ALL_ROUTES.map((route) => route.operationId ?? deriveOperationId(route.method, route.path));
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
  });
});
