// Public contracts of the ingestion area (HTTP bodies, bus payloads). Curated named exports only.
export {};
