import { WORKFLOW_ERROR_CODES } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';

/** 400 unknown_agent, naming the agents the request may use. */
export function unknownAgentError(agents: string[], allowed: readonly string[]): HttpError {
  return new HttpError(400, WORKFLOW_ERROR_CODES.unknownAgent, `Unknown agent name: ${agents.join(', ')}`, { agents, allowed });
}
