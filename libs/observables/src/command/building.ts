/**
 * A result while the function that makes it still fills it in. The command-line model's results are read-only
 * (parseCommandLine and commandFacts hand the same frozen object to every caller of the same line); only
 * their builders write to them, before handing them out.
 */
export type Building<T> = { -readonly [K in keyof T]: T[K] };
