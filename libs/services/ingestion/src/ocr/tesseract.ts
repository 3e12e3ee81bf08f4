import { execFile, spawn } from 'node:child_process';

export interface OcrEngine {
  /** null when OCR works, else why it does not (e.g. "tesseract not installed"). */
  unavailableReason(): Promise<string | null>;
  /** Text in the image, trimmed; throws when tesseract fails. */
  recognize(image: Buffer, signal?: AbortSignal): Promise<string>;
}

/** Debian's tesseract-ocr, driven over stdin/stdout (no temp files). */
export function createTesseract(options: { binary: string; timeoutMs: number }): OcrEngine {
  let availability: Promise<string | null> | undefined;
  return {
    unavailableReason() {
      availability ??= new Promise((resolve) => {
        execFile(options.binary, ['--version'], { timeout: 5_000 }, (error, stdout, stderr) => {
          if (!error) return resolve(null);
          const code = (error as NodeJS.ErrnoException).code;
          resolve(
            code === 'ENOENT'
              ? 'tesseract not installed'
              : `tesseract does not run: ${(stderr || stdout || error.message).trim().split('\n')[0]}`,
          );
        });
      });
      return availability;
    },
    recognize(image, signal) {
      return new Promise((resolve, reject) => {
        const child = spawn(options.binary, ['stdin', 'stdout', '--psm', '3'], {
          timeout: options.timeoutMs,
          signal,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        child.on('error', reject);
        child.on('close', (code) => {
          if (code === 0) resolve(Buffer.concat(out).toString('utf8').replace(/\f/g, '').trim());
          else reject(new Error(`tesseract exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().split('\n').slice(-1)[0]}`));
        });
        child.stdin.on('error', () => undefined);
        child.stdin.end(image);
      });
    },
  };
}

/** How OCR text is appended to an article: a marked block per image, so readers can tell it apart. */
export function ocrBlock(index: number, imageUrl: string, text: string): string {
  return `[image ${index} text (OCR) from ${imageUrl}]\n${text}\n[end of image ${index} text]`;
}
