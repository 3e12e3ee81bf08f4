import type { PresetFile } from '@huntforge/contracts';
import type { Prisma, PrismaClient, WorkflowPreset } from '@huntforge/data';

export class PresetRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(): Promise<WorkflowPreset[]> {
    return this.prisma.workflowPreset.findMany({ orderBy: [{ isQuickstart: 'desc' }, { name: 'asc' }] });
  }

  find(name: string): Promise<WorkflowPreset | null> {
    return this.prisma.workflowPreset.findUnique({ where: { name } });
  }

  save(name: string, description: string | null, file: PresetFile, isQuickstart = false): Promise<WorkflowPreset> {
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
