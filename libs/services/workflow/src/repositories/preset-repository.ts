import type { PresetFile } from '@huntforge/contracts/workflow';
import type { Prisma, PrismaClient } from '@huntforge/data';
import type { PresetRecord } from '../records';

export class PresetRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(): Promise<PresetRecord[]> {
    return this.prisma.workflowPreset.findMany({ orderBy: [{ isQuickstart: 'desc' }, { name: 'asc' }] });
  }

  find(name: string): Promise<PresetRecord | null> {
    return this.prisma.workflowPreset.findUnique({ where: { name } });
  }

  save(name: string, description: string | null, file: PresetFile, isQuickstart = false): Promise<PresetRecord> {
    const config = file as unknown as Prisma.InputJsonValue;
    return this.prisma.workflowPreset.upsert({
      where: { name },
      create: { name, description, config, isQuickstart },
      update: { description, config, isQuickstart },
    });
  }

  async remove(name: string): Promise<boolean> {
    return (await this.prisma.workflowPreset.deleteMany({ where: { name } })).count > 0;
  }
}
