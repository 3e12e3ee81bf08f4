/**
 * The OpenAPI operationId of a route, derived from its method and path so that every route (new ones included) gets
 * a stable camelCase name without anyone choosing one: the method, then the path's words, a parameter as `By<Name>`.
 *
 *   GET    /api/articles                                  getArticles
 *   DELETE /api/articles/{article_id}                     deleteArticlesById        (the id of the segment before)
 *   GET    /api/workflow/config/prompts/{agent_name}      getWorkflowConfigPromptsByAgentName
 *   GET    /api/.../{agent_name}/by-config-version/{config_version}   ...ByAgentNameByConfigVersion
 *
 * The name changes only when the method or path does. A route whose derived name reads poorly, or collides with
 * another's, sets `operationId` in its definition.
 */
export function deriveOperationId(method: string, path: string): string {
  const parts: string[] = [method.toLowerCase()];
  let previous: string[] = [];
  for (const [index, segment] of path.split('/').filter(Boolean).entries()) {
    if (index === 0 && segment === 'api') continue;
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    if (param === undefined) {
      previous = wordsOf(segment);
      parts.push(...previous);
      continue;
    }
    let own = wordsOf(param);
    if (own.length > 0 && previous.slice(-own.length).join(' ') === own.join(' ')) {
      // `by-config-version/{config_version}`: the literal already names it.
      previous = [];
      continue;
    }
    // `articles/{article_id}` → ById: the segment before already says what the id is of.
    const last = previous.at(-1);
    if (last !== undefined && singular(last) === own[0] && own.length > 1) own = own.slice(1);
    parts.push('by', ...own);
    previous = [];
  }
  return parts.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

function wordsOf(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
