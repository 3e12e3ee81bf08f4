// Public contracts of the content-filter area (HTTP bodies, bus payloads). Curated named exports only.
export {};
