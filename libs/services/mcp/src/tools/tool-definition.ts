import type { z } from 'zod';
import type { Role } from '@huntforge/contracts';
import type { McpToolName } from '@huntforge/contracts/mcp';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';

export type ToolKind = 'read' | 'low_risk_write' | 'high_risk_write';

/**
 * What one tool call receives. `deps` names only the ports the tool uses (a Pick of McpPorts narrowed to the
 * methods it calls); the server hands every tool the module's ports, which provide them all.
 */
export interface ToolEnv<D> {
  deps: D;
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

export interface ToolDefinition<I extends z.ZodObject, O extends z.ZodObject, D> {
  name: McpToolName;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  kind: ToolKind;
  /** The weakest token role that sees and may call the tool. */
  minRole: Role;
  /** The use case: the parsed arguments (the contract's input) and the ports it uses in, the contract's output out. */
  run(args: z.output<I>, env: ToolEnv<D>): Promise<z.input<O>>;
}

/** A tool with its types erased, so tools of different shapes share one catalogue (and the module's ports). */
export type AnyTool = ToolDefinition<z.ZodObject, z.ZodObject, McpPorts>;

/** Compiles only when the module's ports provide every port (and method) the tool names. */
type ServedByModule<D> = McpPorts extends D ? [] : [refused: 'McpPorts does not provide a port this tool names'];

export function defineTool<I extends z.ZodObject, O extends z.ZodObject, D = unknown>(
  tool: ToolDefinition<I, O, D>,
  ..._served: ServedByModule<D>
): AnyTool {
  return tool as unknown as AnyTool;
}

/** Reads: no side effects, same answer for the same data. */
export const READ_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
