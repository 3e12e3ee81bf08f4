import type { SourceRecord } from '../../records';
import { decodeBody } from '../../fetching/charset';
import { FetchError } from '../../fetching/fetch-errors';
import { extractArticle, type ExtractedPage } from '../../extraction/html-extract';
import { ocrBlock } from '../../ocr/tesseract';
import type { IngestionPorts } from '../../ports';

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

export class UnsupportedContentError extends Error {
  constructor(readonly contentType: string) {
    super(`expected an HTML page, got ${contentType || 'no content type'}`);
    this.name = 'UnsupportedContentError';
  }
}

export interface FetchedPage extends ExtractedPage {
  finalUrl: string;
}

/** Outbound fetches: the SSRF-guarded fetcher behind the per-host politeness gate. */
export type FetchDeps = Pick<IngestionPorts, 'fetch' | 'gate'>;

/** Fetches a web page through the guard (politely) and extracts its main content. */
export async function fetchPage(deps: FetchDeps, url: string, signal?: AbortSignal): Promise<FetchedPage> {
  const response = await deps.gate.run(url, () => deps.fetch({ url, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', signal }));
  const contentType = (response.contentType ?? '').trim();
  const looksLikeHtml = contentType === '' && /^\s*</.test(response.body.subarray(0, 512).toString('latin1'));
  if (!HTML_TYPES.test(contentType) && !looksLikeHtml) throw new UnsupportedContentError(contentType);
  const html = decodeBody(response.body, contentType);
  return { ...extractArticle(html, response.url), finalUrl: response.url };
}

export type OcrSettingDeps = Pick<IngestionPorts, 'settings'>;

/** Per-source flag first; null inherits the runtime setting OCR_INGEST_ENABLED. */
export async function ocrEnabledFor(deps: OcrSettingDeps, source: Pick<SourceRecord, 'imageOcrEnabled'>): Promise<boolean> {
  if (source.imageOcrEnabled !== null) return source.imageOcrEnabled;
  return (await deps.settings.get('OCR_INGEST_ENABLED'))?.trim().toLowerCase() === 'true';
}

/** Whether a source that does not choose gets image OCR (the runtime setting). */
export const ocrDefault = (deps: OcrSettingDeps): Promise<boolean> => ocrEnabledFor(deps, { imageOcrEnabled: null });

export interface OcrReport {
  enabled: boolean;
  unavailable?: string;
  images_seen: number;
  images_read: number;
}

export interface ImageTextDeps extends FetchDeps, Pick<IngestionPorts, 'ocr' | 'logger'> {
  config: Pick<IngestionPorts['config'], 'OCR_MAX_IMAGES_PER_ARTICLE'>;
}

/**
 * Appends the text tesseract reads in the article's images, each in a marked block. Images go through
 * the same SSRF guard and politeness as pages; a failing image is skipped, never fatal.
 */
export async function appendImageText(
  deps: ImageTextDeps,
  text: string,
  imageUrls: string[],
  enabled: boolean,
  signal?: AbortSignal,
): Promise<{ text: string; report: OcrReport }> {
  const report: OcrReport = { enabled, images_seen: imageUrls.length, images_read: 0 };
  if (!enabled || imageUrls.length === 0) return { text, report };
  const unavailable = await deps.ocr.unavailableReason();
  if (unavailable) return { text, report: { ...report, unavailable } };
  const blocks: string[] = [];
  for (const imageUrl of imageUrls.slice(0, deps.config.OCR_MAX_IMAGES_PER_ARTICLE)) {
    try {
      const image = await deps.gate.run(imageUrl, () => deps.fetch({ url: imageUrl, accept: 'image/*', signal }));
      if (!/^image\//i.test(image.contentType ?? '')) continue;
      const recognized = (await deps.ocr.recognize(image.body, signal)).trim();
      if (recognized.replace(/\W/g, '').length < 3) continue;
      blocks.push(ocrBlock(blocks.length + 1, imageUrl, recognized));
      report.images_read++;
    } catch (error) {
      deps.logger.debug({ err: error instanceof FetchError ? error.message : error, imageUrl }, 'image skipped for OCR');
    }
  }
  return { text: blocks.length > 0 ? `${text}\n\n${blocks.join('\n\n')}` : text, report };
}
