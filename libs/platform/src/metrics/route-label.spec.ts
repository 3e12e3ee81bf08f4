import { routeLabelOf, UNMATCHED_ROUTE } from './route-label';

describe('routeLabelOf', () => {
  it.each([
    ['/api/sources/42', '/api/sources/:source_id'],
    ['/api/sources/42?page=2', '/api/sources/:source_id'],
    ['/API/Sources/7/', '/api/sources/:source_id'],
    ['/api/sources/42/runs/9', '/api/sources/:source_id/runs/:run_id'],
    ['/health/live', '/health/live'],
    ['/metrics', '/metrics'],
    ['/', '/'],
    ['/articles', '/articles'],
    ['/articles/123/anything', '/articles/*'],
  ])('labels %s as %s', (path, label) => {
    expect(routeLabelOf(path)).toBe(label);
  });

  it.each(['/api/sources/42/nope', '/wp-admin/login.php', '/api', '/metrics/extra'])('labels unknown %s as one value', (path) => {
    expect(routeLabelOf(path)).toBe(UNMATCHED_ROUTE);
  });
});
