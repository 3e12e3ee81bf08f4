import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalArtifactFiles } from './local-artifact-files';

describe('local artifact files', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'huntforge-artifacts-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lets writes of the live model race: every write lands whole, none fails, no temporary file is left', async () => {
    const files = new LocalArtifactFiles(root);
    const models = Array.from({ length: 20 }, (_, index) => Buffer.alloc(64 * 1024, index));
    await Promise.all(models.map((bytes) => files.writeLive(bytes)));
    const live = readFileSync(files.livePath);
    expect(models.some((bytes) => bytes.equals(live))).toBe(true);
    expect(readdirSync(join(root, 'live'))).toEqual(['model.onnx']);
  });
});
