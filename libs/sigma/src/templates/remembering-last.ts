const sameArguments = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * `read` remembering its last answer. Every rule of an article, and each rule's self-test, asks for the same
 * reading of the same text in a row: one remembered (arguments, answer) pair spares reading it again. `same`
 * compares two calls' arguments (each argument identical, by default).
 */
export function rememberingLast<A extends unknown[], R>(
  read: (...args: A) => R,
  same: (a: A, b: A) => boolean = sameArguments,
): (...args: A) => R {
  let last: { args: A; answer: R } | undefined;
  return (...args: A): R => {
    if (last !== undefined && same(last.args, args)) return last.answer;
    const answer = read(...args);
    last = { args, answer };
    return answer;
  };
}
