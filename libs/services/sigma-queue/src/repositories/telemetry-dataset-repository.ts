import type { PrismaClient } from '@huntforge/data';
import type { TelemetryDatasetSummary } from '../records';

/** A dataset as listed: everything but its bytes. */
export type DatasetSummaryRow = TelemetryDatasetSummary;

export interface NewDataset {
  name: string;
  container: string;
  events: number;
  sha256: string;
  bytes: Uint8Array;
  problems: string[];
  uploadedBy: string | null;
  expiresAt: Date;
}

const SUMMARY = {
  id: true,
  name: true,
  container: true,
  events: true,
  size: true,
  sha256: true,
  problems: true,
  uploadedBy: true,
  createdAt: true,
  expiresAt: true,
} as const;

/** telemetry_datasets: uploaded telemetry for backtests. An expired row reads as absent until it is purged. */
export class TelemetryDatasetRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(input: NewDataset): Promise<DatasetSummaryRow> {
    return this.prisma.telemetryDataset.create({
      data: { ...input, size: input.bytes.byteLength, bytes: new Uint8Array(input.bytes) },
      select: SUMMARY,
    });
  }

  async list(now: Date): Promise<DatasetSummaryRow[]> {
    return this.prisma.telemetryDataset.findMany({
      where: { expiresAt: { gt: now } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: SUMMARY,
    });
  }

  async find(id: number, now: Date): Promise<DatasetSummaryRow | null> {
    return this.prisma.telemetryDataset.findFirst({ where: { id, expiresAt: { gt: now } }, select: SUMMARY });
  }

  async bytesOf(id: number, now: Date): Promise<Buffer | null> {
    const row = await this.prisma.telemetryDataset.findFirst({ where: { id, expiresAt: { gt: now } }, select: { bytes: true } });
    return row ? Buffer.from(row.bytes) : null;
  }

  /** Whether a row was deleted. */
  async delete(id: number): Promise<boolean> {
    const { count } = await this.prisma.telemetryDataset.deleteMany({ where: { id } });
    return count > 0;
  }

  /** Deletes expired rows; answers how many went. */
  async purgeExpired(now: Date): Promise<number> {
    const { count } = await this.prisma.telemetryDataset.deleteMany({ where: { expiresAt: { lte: now } } });
    return count;
  }
}
