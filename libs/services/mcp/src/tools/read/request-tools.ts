import { myRequestsInputSchema, myRequestsOutputSchema } from '@huntforge/contracts/mcp';
import { listConfirmations, type ListConfirmationsDeps } from '../../confirmations/list-confirmations';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';

export const myRequestsTool = defineTool({
  name: 'my_requests',
  title: 'My high-risk requests',
  description:
    'The high-risk requests (confirmation requests) this token filed, newest first: whether a person has confirmed, ' +
    'rejected or not yet decided each one, who decided it, and the result or error of a confirmed action.',
  input: myRequestsInputSchema,
  output: myRequestsOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps, caller }: ToolEnv<ListConfirmationsDeps>) {
    const page = await listConfirmations(deps, {
      query: { status: args.status, limit: args.limit, cursor: args.cursor },
      requestedBy: caller.actor,
    });
    return { items: page.confirmations, next_cursor: page.next_cursor, truncated: page.next_cursor !== null };
  },
});
