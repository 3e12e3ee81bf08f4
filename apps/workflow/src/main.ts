import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { WORKFLOW_ENV, createWorkflowModule } from '@huntforge/service-workflow';

void runServiceAlone({
  service: 'workflow',
  defaultPort: SERVICES['workflow'].defaultPort,
  createModule: createWorkflowModule,
  env: WORKFLOW_ENV,
});
