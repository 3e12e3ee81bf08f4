import { clientEnv, clientMajorVersion, splitPostgresUrl } from './postgres-connection';

describe('PostgreSQL connection for pg_dump/pg_restore', () => {
  it('takes the password out of the URL for PGPASSWORD, keeping everything else', () => {
    const split = splitPostgresUrl('postgresql://huntforge:s3cr%40t@db.internal:5433/huntforge?sslmode=require');
    expect(split.password).toBe('s3cr@t');
    expect(split.urlWithoutPassword).toBe('postgresql://huntforge@db.internal:5433/huntforge?sslmode=require');
    expect(split.urlWithoutPassword).not.toContain('s3cr');
    expect(split.display).toBe('db.internal:5433/huntforge');
  });

  it('also takes a password given as a query parameter', () => {
    const split = splitPostgresUrl('postgresql://u@h/db?password=pw&application_name=x');
    expect(split.password).toBe('pw');
    expect(split.urlWithoutPassword).toBe('postgresql://u@h/db?application_name=x');
  });

  it('has no password when the URL has none, and sets PGPASSWORD only when there is one', () => {
    expect(splitPostgresUrl('postgresql://postgres@127.0.0.1:5432/test').password).toBeNull();
    expect(clientEnv(null, { PATH: '/bin' })).toEqual({ PATH: '/bin' });
    expect(clientEnv('pw', { PATH: '/bin' })).toEqual({ PATH: '/bin', PGPASSWORD: 'pw' });
  });

  it('reads the major version of the client programs', () => {
    expect(clientMajorVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toBe(15);
    expect(clientMajorVersion('pg_restore (PostgreSQL) 16.4\n')).toBe(16);
    expect(clientMajorVersion('nonsense')).toBeNull();
  });
});
