import { z } from 'zod';

export interface PageLimits {
  defaultLimit: number;
  maxLimit: number;
}

/** `?page=&limit=` with the spec's defaults and caps; query strings are coerced to integers. */
export function pageQuerySchema({ defaultLimit, maxLimit }: PageLimits) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** `?limit=&offset=` (the Sigma queue list style). */
export function offsetQuerySchema({ defaultLimit, maxLimit }: PageLimits) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}

/** `{<itemsKey>: items[], total, page, total_pages, limit}` as the spec's paged lists return it. */
export function pagedResponseSchema<K extends string, T extends z.ZodType>(itemsKey: K, item: T) {
  return z.object({
    [itemsKey]: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    total_pages: z.number().int().nonnegative(),
    limit: z.number().int().min(1),
  } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    total_pages: z.ZodNumber;
    limit: z.ZodNumber;
  });
}

export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}
