// Public contracts of the settings area (HTTP bodies, bus payloads). Curated named exports only.
export {};
