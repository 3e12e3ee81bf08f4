// Public contracts of the MCP area (tool inputs/outputs, confirmations, audit queries). Curated named exports only.
export {};
