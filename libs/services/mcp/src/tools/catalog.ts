import { roleSatisfies, type Role } from '@huntforge/contracts';
import { getArticleTool, searchArticlesTool } from './read/article-tools';
import {
  getArticleCoverageTool,
  getExecutionStixTool,
  getStatsTool,
  getWorkflowExecutionTool,
  listSourcesTool,
  listWorkflowExecutionsTool,
} from './read/operations-tools';
import { getQueueItemTool, listSigmaQueueTool } from './read/queue-tools';
import { findSimilarSigmaRulesTool, getSigmaRuleTool, searchSigmaRulesTool } from './read/sigma-tools';
import { describeTableTool, listTablesTool, querySqlTool } from './read/sql-tools';
import { articleKeywordsTool } from './read/article-keywords-tool';
import { myRequestsTool } from './read/request-tools';
import { convertSigmaRuleTool } from './read/sigma-convert-tool';
import { validateSigmaRuleTool } from './read/sigma-validation-tool';
import { searchUnifiedTool } from './read/unified-search-tool';
import { waitForExecutionTool } from './read/wait-for-execution-tool';
import type { AnyTool } from './tool-definition';
import { WRITE_TOOLS } from './write/write-tools';

/** Every tool of the server, reads first. */
export const TOOL_CATALOG: readonly AnyTool[] = [
  searchArticlesTool,
  getArticleTool,
  searchSigmaRulesTool,
  getSigmaRuleTool,
  findSimilarSigmaRulesTool,
  listSourcesTool,
  listWorkflowExecutionsTool,
  getWorkflowExecutionTool,
  getExecutionStixTool,
  getArticleCoverageTool,
  listSigmaQueueTool,
  getQueueItemTool,
  getStatsTool,
  listTablesTool,
  describeTableTool,
  querySqlTool,
  myRequestsTool,
  validateSigmaRuleTool,
  convertSigmaRuleTool,
  articleKeywordsTool,
  searchUnifiedTool,
  waitForExecutionTool,
  ...WRITE_TOOLS,
];

/** Tool scopes by token role: viewer reads; analyst (and admin) add low-risk writes and high-risk requests. */
export function toolsFor(role: Role): AnyTool[] {
  return TOOL_CATALOG.filter((tool) => roleSatisfies(role, tool.minRole));
}

export function findTool(name: string): AnyTool | undefined {
  return TOOL_CATALOG.find((tool) => tool.name === name);
}
