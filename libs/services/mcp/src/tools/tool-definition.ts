import type { z } from 'zod';
import type { Role } from '@huntforge/contracts';
import type { McpToolName } from '@huntforge/contracts/mcp';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';

export type ToolKind = 'read' | 'low_risk_write' | 'high_risk_write';

export interface ToolEnv {
  /** The module's ports, shared by every session. */
  deps: McpPorts;
  caller: Caller;
  /** Tells the audit how the call ended when that is more than ok / error (e.g. pending_confirmation). */
  setOutcome(outcome: string): void;
  /** Aborted when the client cancels the call (notifications/cancelled) or its connection closes. */
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a progressToken in the call); otherwise does nothing. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: McpToolName;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  kind: ToolKind;
  /** The weakest token role that sees and may call the tool. */
  minRole: Role;
  run(args: z.output<I>, env: ToolEnv): Promise<z.input<O>>;
}

/** A tool with its types erased, so tools of different shapes share one catalogue. */
export type AnyTool = ToolDefinition;

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>): AnyTool {
  return tool as unknown as AnyTool;
}

/** Reads: no side effects, same answer for the same data. */
export const READ_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
