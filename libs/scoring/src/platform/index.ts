// Platform registry: weighted platform terms for OS detection.
export {};
