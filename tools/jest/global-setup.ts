// Runs once before every `npm test`: when no TEST_* URL is given, use the developer's local PostgreSQL
// and RabbitMQ if they answer on their default ports; otherwise say once which suites will skip.
// Jest loads this file outside the projects' moduleNameMapper, so the path alias does not resolve here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { adoptLocalInfra } from '../../libs/test-kit/src/local-infra';

export default async function globalSetup(): Promise<void> {
  const notes = await adoptLocalInfra(process.env);
  for (const note of notes) console.log(`\n${note}`);
}
