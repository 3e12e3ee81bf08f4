import { z } from 'zod';
import { updateSettingRequestSchema } from '@huntforge/contracts/settings';
import { approveRequestSchema } from '@huntforge/contracts/sigma';
import { jsonSchemaOf, replaceAt, sampleOf, stringPositions } from './sample-from-schema';

describe('sampleOf', () => {
  it('builds a body the route schema accepts, with optional fields present', () => {
    const schema = z.object({
      name: z.string().min(5).max(10),
      tags: z.array(z.enum(['a', 'b'])).min(2),
      when: z.iso.datetime(),
      nested: z.object({ count: z.number().int().positive(), note: z.string().optional() }).optional(),
      choice: z.union([z.null(), z.boolean()]),
    });
    const sample = sampleOf(jsonSchemaOf(schema));
    expect(schema.parse(sample)).toMatchObject({ name: 'xxxxx', tags: ['a', 'a'], nested: { count: 1, note: 'xxx' }, choice: false });
    expect(approveRequestSchema.safeParse(sampleOf(jsonSchemaOf(approveRequestSchema))).success).toBe(true);
    expect(updateSettingRequestSchema.safeParse(sampleOf(jsonSchemaOf(updateSettingRequestSchema))).success).toBe(true);
  });

  it('finds every string position and poisons one at a time without touching the original', () => {
    const body = { a: 'x', list: [{ b: 'y' }, 2], c: true };
    const positions = stringPositions(body);
    expect(positions).toEqual([['a'], ['list', 0, 'b']]);
    const poisoned = replaceAt(body, ['list', 0, 'b'], (value) => `${String(value)}\u0000`);
    expect(poisoned).toEqual({ a: 'x', list: [{ b: 'y\u0000' }, 2], c: true });
    expect(body.list[0]).toEqual({ b: 'y' });
  });
});
