/** Rounded to four decimals, as the model views show metrics and probabilities. */
export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
