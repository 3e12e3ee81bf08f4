// Public contracts of the sigma area (HTTP bodies, bus payloads). Curated named exports only.
export {};
