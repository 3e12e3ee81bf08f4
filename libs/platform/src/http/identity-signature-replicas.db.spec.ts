import { randomBytes } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import type { Db } from '@huntforge/data';
import { createTestDb } from '@huntforge/testing';
import { createLogger } from '../logging/logger';
import { createHttpApp } from './create-http-app';
import { finalizeHttpApp } from './finalize-http-app';
import { identitySignatureHeaders, requireSignedIdentity } from './identity-signature';
import { createMemoryNonceLedger, createSharedNonceLedger, type NonceLedger } from './nonce-ledger';

const KEY = randomBytes(32);
const identity = { 'x-huntforge-actor': 'token:alice', 'x-huntforge-role': 'analyst' };

/** One replica of a service behind the gateway, remembering nonces in `nonces`. */
function replica(nonces: NonceLedger) {
  const app = createHttpApp({ logger: createLogger({ level: 'silent', service: 'test' }), serviceName: 'workflow' });
  app.use(requireSignedIdentity({ key: KEY, exemptPaths: [], nonces }));
  const router = express.Router();
  router.post('/api/executions', (_req, res) => res.status(201).json({ started: true }));
  app.use(router);
  finalizeHttpApp(app);
  return app;
}

const signedRequest = () =>
  identitySignatureHeaders(KEY, { method: 'POST', url: '/api/executions', actor: 'token:alice', role: 'analyst', body: '{"a":1}' });

describe('identity-signature replays across replicas', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb('pglite');
    // A fresh embedded database and its migrations: seconds alone, much longer on a loaded CI machine.
  }, 120_000);
  afterAll(() => db.close());

  it('refuses on replica B a request replica A accepted when they share the database ledger (distributed default)', async () => {
    const a = replica(createSharedNonceLedger(db.repos.signatureNonces));
    const b = replica(createSharedNonceLedger(db.repos.signatureNonces));
    const headers = signedRequest();
    await request(a).post('/api/executions').set(identity).set(headers).send({ a: 1 }).expect(201);
    const replay = await request(b).post('/api/executions').set(identity).set(headers).send({ a: 1 }).expect(401);
    expect(replay.body.error.code).toBe('replayed_signature');
    // A fresh signature still goes through either replica.
    await request(b).post('/api/executions').set(identity).set(signedRequest()).send({ a: 1 }).expect(201);
  });

  it('shows why: with a ledger per process, the other replica accepts the replay', async () => {
    const a = replica(createMemoryNonceLedger());
    const b = replica(createMemoryNonceLedger());
    const headers = signedRequest();
    await request(a).post('/api/executions').set(identity).set(headers).send({ a: 1 }).expect(201);
    await request(b).post('/api/executions').set(identity).set(headers).send({ a: 1 }).expect(201);
    await request(a).post('/api/executions').set(identity).set(headers).send({ a: 1 }).expect(401);
  });

  it('refuses (503) rather than lets through when the ledger cannot be read', async () => {
    const broken: NonceLedger = { use: () => Promise.reject(new Error('database unreachable')) };
    const res = await request(replica(broken)).post('/api/executions').set(identity).set(signedRequest()).send({ a: 1 }).expect(503);
    expect(res.body.error.code).toBe('nonce_store_unavailable');
  });
});
