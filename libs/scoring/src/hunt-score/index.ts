// Hunt score: keyword registry and one-pass scorer.
export {};
