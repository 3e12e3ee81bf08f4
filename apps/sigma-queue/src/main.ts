import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { SIGMA_QUEUE_ENV, createSigmaQueueModule } from '@huntforge/service-sigma-queue';

void runServiceAlone({
  service: 'sigma-queue',
  defaultPort: SERVICES['sigma-queue'].defaultPort,
  createModule: createSigmaQueueModule,
  env: SIGMA_QUEUE_ENV,
});
