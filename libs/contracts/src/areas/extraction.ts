// Public contracts of the extraction area (agent output schemas, observables). Curated named exports only.
export {};
