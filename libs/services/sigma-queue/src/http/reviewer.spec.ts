import type { Request } from 'express';
import { ACTOR_HEADER } from '@huntforge/contracts/http';
import { reviewerOf } from './reviewer';

const requestFrom = (actor?: string) => ({ headers: actor === undefined ? {} : { [ACTOR_HEADER]: actor } }) as unknown as Request;

describe('reviewerOf', () => {
  it('records the signed-in caller, whatever name the body gives', () => {
    expect(reviewerOf(requestFrom('token:ana'), 'ben')).toBe('token:ana');
    expect(reviewerOf(requestFrom('stdio:ana'), undefined)).toBe('stdio:ana');
  });

  it('takes the named reviewer only when nobody signed in (AUTH_MODE=off forwards "local")', () => {
    expect(reviewerOf(requestFrom('local'), 'ben')).toBe('ben');
    expect(reviewerOf(requestFrom('local'), undefined)).toBe('local');
    expect(reviewerOf(requestFrom(), 'ben')).toBe('ben');
    expect(reviewerOf(requestFrom(), undefined)).toBeUndefined();
  });
});
