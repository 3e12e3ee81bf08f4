// The baseline for gateway-health.ts: a bare express handler answering like /health, nothing else.
import express from 'express';

const app = express();
app.get('/health', (_req, res) => {
  res.json({ status: 'up' });
});
const server = app.listen(Number(process.env['PORT']), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
