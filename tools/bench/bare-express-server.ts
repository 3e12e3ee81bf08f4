// The baseline for gateway-health.ts: a bare express handler answering like /health, nothing else.
import express from 'express';

const app = express();
app.get('/health', (_req, res) => {
  res.json({ status: 'up' });
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`ready at http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
