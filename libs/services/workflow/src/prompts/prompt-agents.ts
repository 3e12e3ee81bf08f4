import {
  ANY_PROMPT_AGENT_NAMES,
  PROMPT_AGENT_NAMES,
  REMOVED_AGENT_NAMES,
  WORKFLOW_ERROR_CODES,
  type AnyPromptAgentName,
} from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import { unknownAgentError } from '../config/unknown-agent';

/**
 * The agent a prompt request names, or 400 unknown_agent. The v2 routes (versions, by-config-version, rollback,
 * bootstrap, reset) take the nine agents; the legacy routes (`legacy`) also the auxiliary keys. A removed QA
 * agent is named as removed.
 */
export function promptAgent(name: string, legacy: boolean): AnyPromptAgentName {
  const allowed: readonly string[] = legacy ? ANY_PROMPT_AGENT_NAMES : PROMPT_AGENT_NAMES;
  if (allowed.includes(name)) return name as AnyPromptAgentName;
  const removed = (REMOVED_AGENT_NAMES as readonly string[]).includes(name);
  if (removed)
    throw new HttpError(
      400,
      WORKFLOW_ERROR_CODES.unknownAgent,
      `${name} was removed with the QA agents and is no longer a valid agent name`,
      { agents: [name], allowed },
    );
  throw unknownAgentError([name], allowed);
}
