// Public contracts of the workflow area (HTTP bodies, bus payloads). Curated named exports only.
export {};
