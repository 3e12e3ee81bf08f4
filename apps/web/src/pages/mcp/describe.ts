import type { McpConfirmation } from '@huntforge/contracts/mcp';

/** What a confirmed request will do, in words, and the page where its target lives (if it has one). */
export interface ActionSummary {
  text: string;
  link?: { to: string; label: string };
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const queueLink = (id: number) => ({ to: `/workflow?item=${id}#queue`, label: `queue rule #${id}` });

/** The tools' own titles (the MCP server's tool list), for headings. */
const TOOL_TITLES: Record<string, string> = {
  approve_queue_rule: 'Approve a queue rule',
  reject_queue_rule: 'Reject a queue rule',
  submit_queue_rule: 'Submit a queue rule',
  update_workflow_config: 'Change the workflow configuration',
  update_auto_trigger_threshold: 'Change the auto-trigger threshold',
  delete_article: 'Delete an article',
  retrain_model: 'Retrain the content filter',
  rollback_model: 'Roll back the content filter',
};

export const toolTitle = (tool: string): string => TOOL_TITLES[tool] ?? tool;

/** One sentence per high-risk tool; an unknown tool (a newer server) falls back to its name. */
export function describeAction(tool: string, args: Record<string, unknown>): ActionSummary {
  const queueId = num(args['queue_id']);
  switch (tool) {
    case 'approve_queue_rule':
      return {
        text: `Approve Sigma queue rule #${queueId ?? '?'}${str(args['comment']) ? ' with a review note' : ''}`,
        link: queueId === null ? undefined : queueLink(queueId),
      };
    case 'reject_queue_rule':
      return {
        text: `Reject Sigma queue rule #${queueId ?? '?'}, giving the stated reason`,
        link: queueId === null ? undefined : queueLink(queueId),
      };
    case 'submit_queue_rule':
      return {
        text: `Deliver approved Sigma queue rule #${queueId ?? '?'} to the rules repository (opens a pull request)`,
        link: queueId === null ? undefined : queueLink(queueId),
      };
    case 'update_workflow_config':
      return {
        text: 'Save the given workflow configuration as a new config version (replaces the active thresholds and agent settings)',
        link: { to: '/workflow#config', label: 'current configuration' },
      };
    case 'update_auto_trigger_threshold': {
      const threshold = num(args['auto_trigger_hunt_score_threshold']);
      return {
        text: `Set the auto-trigger hunt score threshold to ${threshold ?? '?'}`,
        link: { to: '/workflow#config', label: 'current configuration' },
      };
    }
    case 'delete_article': {
      const id = num(args['article_id']);
      return {
        text: `Delete article #${id ?? '?'} with its feedback, annotations and chunk results`,
        link: id === null ? undefined : { to: `/articles/${id}`, label: `article #${id}` },
      };
    }
    case 'retrain_model':
      return {
        text: 'Retrain the content filter from feedback and annotations (the quality gate decides whether the new version goes live)',
        link: { to: '/mlops', label: 'content filter' },
      };
    case 'rollback_model': {
      const id = num(args['version_id']);
      return { text: `Make content-filter model version #${id ?? '?'} live again`, link: { to: '/mlops', label: 'content filter' } };
    }
    default:
      return { text: `Run the tool ${tool}` };
  }
}

/** `token:alice` → alice (an API token); `local` and `stdio:<user>` stay as they are. */
export function callerLabel(actor: string | null | undefined): string {
  if (!actor) return '—';
  return actor.startsWith('token:') ? actor.slice('token:'.length) : actor;
}

export function callerKind(actor: string | null | undefined): string {
  if (!actor) return '';
  if (actor.startsWith('token:')) return 'API token';
  if (actor.startsWith('stdio:')) return 'local MCP client (stdio)';
  if (actor === 'local') return 'local mode, no authentication';
  return '';
}

/** A time ahead, relative: "in 23 h", or "overdue" once past. */
export function formatIn(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (seconds <= 0) return 'now overdue';
  if (seconds < 60) return `in ${seconds} s`;
  if (seconds < 3600) return `in ${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `in ${Math.round(seconds / 3600)} h`;
  return `in ${Math.round(seconds / 86_400)} d`;
}

/** An argument value as text: strings as they are, anything else as JSON (objects indented). */
export function showValue(value: unknown): { text: string; block: boolean } {
  if (typeof value === 'string') return { text: value, block: value.length > 120 || value.includes('\n') };
  if (value === null || typeof value !== 'object') return { text: String(value), block: false };
  const text = JSON.stringify(value, null, 2);
  return { text, block: true };
}

/** The owning service's answer kept on a decided request: `{http_status, body}`. */
export function resultOf(confirmation: Pick<McpConfirmation, 'result'>): { status: number | null; body: unknown } | null {
  const result = confirmation.result as { http_status?: unknown; body?: unknown } | null;
  if (!result || typeof result !== 'object') return null;
  return { status: typeof result.http_status === 'number' ? result.http_status : null, body: result.body };
}

/** Short text of a service answer's body for a table cell. */
export function briefBody(body: unknown, max = 140): string {
  if (body === null || body === undefined) return '';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
