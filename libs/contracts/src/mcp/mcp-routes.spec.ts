import { buildOpenApiDocument } from '../openapi';
import { resolveOwner } from '../routes';
import { accessRequirement } from '../access';

describe('MCP routes in the contracts', () => {
  const paths = buildOpenApiDocument().paths ?? {};

  it('routes /mcp and /api/mcp to the mcp service and /api/audit to the gateway', () => {
    expect(resolveOwner('/mcp')).toBe('mcp');
    expect(resolveOwner('/api/mcp/confirmations/abc/confirm')).toBe('mcp');
    expect(resolveOwner('/api/audit')).toBe('gateway');
  });

  it('lets viewers list confirmations, analysts decide them and only admins read the audit', () => {
    expect(accessRequirement('GET', '/api/mcp/confirmations')).toEqual({ public: false, role: 'viewer' });
    expect(accessRequirement('POST', '/api/mcp/confirmations/abc/confirm')).toEqual({ public: false, role: 'analyst' });
    expect(accessRequirement('POST', '/api/mcp/confirmations/abc/reject')).toEqual({ public: false, role: 'analyst' });
    expect(accessRequirement('GET', '/api/audit')).toEqual({ public: false, role: 'admin' });
  });

  it('documents the transport, the confirmation routes and the audit route with their error codes', () => {
    expect(paths['/mcp']?.post).toBeDefined();
    expect(paths['/api/mcp/confirmations']?.get?.['x-required-role']).toBe('viewer');
    expect(paths['/api/mcp/confirmations/{id}/confirm']?.post?.['x-required-role']).toBe('analyst');
    expect(JSON.stringify(paths['/api/mcp/confirmations/{id}/confirm']?.post?.responses?.['410'])).toContain('confirmation_expired');
    expect(JSON.stringify(paths['/api/mcp/confirmations/{id}/reject']?.post?.responses?.['409'])).toContain('confirmation_not_pending');
    expect(paths['/api/audit']?.get?.['x-required-role']).toBe('admin');
    expect((paths['/api/audit']?.get?.parameters ?? []).map((p) => ('name' in p ? p.name : ''))).toEqual(
      expect.arrayContaining(['tool', 'caller', 'outcome', 'since', 'until', 'cursor']),
    );
  });
});
