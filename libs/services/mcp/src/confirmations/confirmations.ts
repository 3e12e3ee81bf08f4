import {
  AUDIT_EVENT_TYPES,
  LOCAL_ACTOR,
  MCP_ERROR_CODES,
  type ListConfirmationsQuery,
  type McpConfirmation,
  type McpHighRiskTool,
} from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { routeCallFor } from '../actions/action-table';
import type { ServiceClient } from '../actions/service-client';
import { redactArguments } from '../audit/redact';
import type { Caller } from '../caller/caller';
import { decodeCursor, encodeCursor } from '../pagination/cursor';
import type { ConfirmationRecord, ConfirmationRepository } from '../repositories/confirmation-repository';
import type { AuditRepository } from '@huntforge/data';
import { ToolError } from '../errors/tool-error';
import { toConfirmationView } from './confirmation-view';
import { checkFiling, type FilingCheckDeps } from './filing-checks';

export interface ConfirmationDeps {
  repo: ConfirmationRepository;
  audit: Pick<AuditRepository, 'record'>;
  services: ServiceClient;
  logger: Logger;
  ttlMs: number;
  /** MCP_ALLOW_SELF_CONFIRMATION: whether a token may confirm what it filed itself. */
  allowSelfConfirmation: () => Promise<boolean>;
  /** What a request's arguments name, checked when it is filed. */
  filing: FilingCheckDeps;
  now?: () => Date;
}

/**
 * High-risk tool calls: a tool only files a request; a person decides it through the HTTP API, and only a
 * confirmation runs the stored action (as the confirming person) and records what it did. Nothing an MCP
 * client sends can confirm: no tool decides, and the decision routes are outside the MCP protocol.
 */
export class Confirmations {
  private readonly now: () => Date;

  constructor(private readonly deps: ConfirmationDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async request(tool: McpHighRiskTool, args: unknown, caller: Caller): Promise<McpConfirmation> {
    await checkFiling(tool, args, this.deps.filing);
    const created = this.now();
    const row = await this.deps.repo.create({
      tool,
      arguments: args,
      requestedBy: caller.actor,
      createdAt: created,
      expiresAt: new Date(created.getTime() + this.deps.ttlMs),
    });
    return toConfirmationView(row);
  }

  async list(
    query: ListConfirmationsQuery,
    requestedBy?: string,
  ): Promise<{ confirmations: McpConfirmation[]; next_cursor: string | null }> {
    await this.deps.repo.expireDue(this.now());
    const rows = await this.deps.repo.list({
      status: query.status,
      tool: query.tool,
      requestedBy,
      limit: query.limit + 1,
      after: query.cursor === undefined ? undefined : listPosition(query.cursor),
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const more = rows.length > query.limit && last !== undefined;
    return {
      confirmations: page.map(toConfirmationView),
      next_cursor: more ? encodeCursor({ c: last.createdAt.toISOString(), i: last.id }) : null,
    };
  }

  async get(id: string): Promise<McpConfirmation> {
    await this.deps.repo.expireDue(this.now());
    return toConfirmationView(await this.existing(id));
  }

  async confirm(id: string, caller: Caller, reason: string | null): Promise<McpConfirmation> {
    const started = performance.now();
    await this.refuseSelfConfirmation(await this.existing(id), caller);
    const row = await this.claim(id, 'confirmed', caller, reason);
    let outcome: { status: 'confirmed' | 'failed'; result: unknown; error: string | null };
    try {
      const answer = await this.deps.services.call(routeCallFor(row.tool as McpHighRiskTool, row.arguments), caller);
      outcome = answer.ok
        ? { status: 'confirmed', result: { http_status: answer.http_status, body: answer.body }, error: null }
        : {
            status: 'failed',
            result: { http_status: answer.http_status, body: { error: answer.error } },
            error: `HTTP ${answer.http_status}: ${answer.error.message}`,
          };
    } catch (error) {
      this.deps.logger.warn(
        { confirmationId: id, tool: row.tool, err: error instanceof Error ? error.message : String(error) },
        'confirmed action could not run',
      );
      outcome = { status: 'failed', result: null, error: error instanceof Error ? error.message : String(error) };
    }
    const finished = await this.deps.repo.finish(id, outcome);
    await this.audit(
      AUDIT_EVENT_TYPES.mcpConfirmationConfirmed,
      finished,
      caller,
      outcome.status === 'confirmed' ? 'ok' : 'error',
      started,
      {
        http_status: (outcome.result as { http_status?: number } | null)?.http_status ?? null,
        error: outcome.error,
      },
    );
    return toConfirmationView(finished);
  }

  async reject(id: string, caller: Caller, reason: string | null): Promise<McpConfirmation> {
    const started = performance.now();
    await this.claim(id, 'rejected', caller, reason);
    const row = await this.existing(id);
    await this.audit(AUDIT_EVENT_TYPES.mcpConfirmationRejected, row, caller, 'ok', started, { reason });
    return toConfirmationView(row);
  }

  /**
   * A token that filed a request cannot also confirm it, or an agent holding one token could approve its
   * own actions. The check is on the actor, not on the token id: a decision that reaches this service
   * through the gateway carries the vouched actor (`token:<name>`, also for a browser session) and no
   * token id. Only `local` (authentication off: one person, no tokens) is exempt.
   */
  private async refuseSelfConfirmation(row: ConfirmationRecord, caller: Caller): Promise<void> {
    if (caller.actor === LOCAL_ACTOR || row.requestedBy !== caller.actor) return;
    if (await this.deps.allowSelfConfirmation()) return;
    throw new HttpError(
      409,
      MCP_ERROR_CODES.selfConfirmation,
      `Confirmation request ${row.id} was filed by ${caller.actor}; another person must confirm it (or an admin sets MCP_ALLOW_SELF_CONFIRMATION)`,
    );
  }

  /** Decides a pending, unexpired request or explains (404, 409, 410) why it cannot be decided. */
  private async claim(id: string, status: 'confirmed' | 'rejected', caller: Caller, reason: string | null): Promise<ConfirmationRecord> {
    const now = this.now();
    const row = await this.existing(id);
    if (row.status === 'pending' && row.expiresAt <= now) await this.deps.repo.expireDue(now);
    if (await this.deps.repo.decide(id, status, caller.actor, reason, now)) return this.existing(id);

    const current = await this.existing(id);
    if (current.status === 'expired') {
      throw new HttpError(
        410,
        MCP_ERROR_CODES.confirmationExpired,
        `Confirmation request ${id} expired at ${current.expiresAt.toISOString()}; ask for the action again`,
      );
    }
    throw new HttpError(409, MCP_ERROR_CODES.confirmationNotPending, `Confirmation request ${id} is already ${current.status}`);
  }

  private async existing(id: string): Promise<ConfirmationRecord> {
    const row = await this.deps.repo.find(id);
    if (!row) throw new HttpError(404, MCP_ERROR_CODES.confirmationNotFound, `No confirmation request ${id}`);
    return row;
  }

  private async audit(
    type: string,
    row: ConfirmationRecord,
    caller: Caller,
    outcome: string,
    started: number,
    extra: Record<string, unknown>,
  ) {
    await this.deps.audit.record({
      type,
      actor: caller.actor,
      tool: row.tool,
      outcome,
      durationMs: Math.round(performance.now() - started),
      payload: {
        confirmation_id: row.id,
        requested_by: row.requestedBy,
        arguments: redactArguments(row.arguments),
        caller: { actor: caller.actor, role: caller.role, token_id: caller.tokenId },
        ...extra,
      },
    });
  }
}

function listPosition(cursor: string): { createdAt: Date; id: string } {
  const position = decodeCursor(cursor);
  const createdAt = typeof position['c'] === 'string' ? new Date(position['c']) : null;
  if (!createdAt || Number.isNaN(createdAt.getTime()) || typeof position['i'] !== 'string') {
    throw new ToolError(MCP_ERROR_CODES.invalidCursor, 'The cursor is not one this server issued');
  }
  return { createdAt, id: position['i'] };
}
