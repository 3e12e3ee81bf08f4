// Filled by its own issue; the project exists now so the layer rules and path alias are in place.
export {};
