import { z } from 'zod';
import { offsetQuerySchema, pageOffset, pageQuerySchema, pagedResponseSchema, totalPages } from './pagination';

describe('pagination helpers', () => {
  const executions = pageQuerySchema({ defaultLimit: 50, maxLimit: 200 });

  it('applies defaults and coerces query strings', () => {
    expect(executions.parse({})).toEqual({ page: 1, limit: 50 });
    expect(executions.parse({ page: '3', limit: '20' })).toEqual({ page: 3, limit: 20 });
  });

  it('rejects limits above the cap and pages below 1', () => {
    expect(executions.safeParse({ limit: '201' }).success).toBe(false);
    expect(executions.safeParse({ page: '0' }).success).toBe(false);
  });

  it('supports limit/offset lists', () => {
    expect(offsetQuerySchema({ defaultLimit: 50, maxLimit: 500 }).parse({ offset: '10' })).toEqual({ limit: 50, offset: 10 });
  });

  it('describes paged responses under the caller’s item key', () => {
    const schema = pagedResponseSchema('versions', z.object({ version: z.number() }));
    const body = { versions: [{ version: 2 }], total: 21, page: 2, total_pages: 2, limit: 20 };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.safeParse({ ...body, versions: undefined }).success).toBe(false);
  });

  it('computes pages and offsets', () => {
    expect(totalPages(0, 20)).toBe(0);
    expect(totalPages(41, 20)).toBe(3);
    expect(pageOffset(3, 20)).toBe(40);
  });
});
