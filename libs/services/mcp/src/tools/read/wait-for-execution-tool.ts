import { setTimeout as sleep } from 'node:timers/promises';
import { MCP_ERROR_CODES, waitForExecutionInputSchema, waitForExecutionOutputSchema } from '@huntforge/contracts/mcp';
import { ToolError } from '../../errors/tool-error';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';
import { summaryItem, type GetWorkflowExecutionDeps } from './operations-tools';

/** The run, read again until it finishes. */
export type WaitForExecutionDeps = GetWorkflowExecutionDeps;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const STAGE_DONE = new Set(['completed', 'failed', 'skipped', 'cancelled']);
/** How often the execution row is read again; the workflow service writes it as stages finish. */
export const POLL_INTERVAL_MS = 1_000;

export const waitForExecutionTool = defineTool({
  name: 'wait_for_execution',
  title: 'Wait for a workflow execution',
  description:
    'Wait until a workflow run finishes (completed, failed or cancelled) or timeout_seconds pass, then answer its ' +
    'summary. While it runs, a client that sends a progressToken receives notifications/progress with the stages done ' +
    'so far. Cancelling the call stops the wait (not the run).',
  input: waitForExecutionInputSchema,
  output: waitForExecutionOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps, signal, progress }: ToolEnv<WaitForExecutionDeps>) {
    const deadline = Date.now() + args.timeout_seconds * 1_000;
    let reported = -1;
    for (;;) {
      const row = await deps.executions.find(args.execution_id);
      if (!row) throw new ToolError(MCP_ERROR_CODES.notFound, `No workflow execution ${args.execution_id}`);
      const done = row.stages.filter((stage) => STAGE_DONE.has(stage.status)).length;
      const finished = TERMINAL.has(row.status);
      if (done !== reported || finished) {
        reported = done;
        await progress(
          done,
          undefined,
          `${row.status}: ${done} stage${done === 1 ? '' : 's'} done${row.stages.at(-1) ? `, last ${row.stages.at(-1)?.stage}` : ''}`,
        );
      }
      if (finished || Date.now() >= deadline) return { finished, execution: summaryItem(row), stages_done: done };
      try {
        await sleep(Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now())), undefined, { signal });
      } catch {
        throw new ToolError(MCP_ERROR_CODES.cancelled, 'The wait was cancelled by the caller');
      }
    }
  },
});
