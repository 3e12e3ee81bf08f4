import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { createSigmaQueueModule } from '@huntforge/service-sigma-queue';

void runServiceAlone({ service: 'sigma-queue', defaultPort: SERVICES['sigma-queue'].defaultPort, createModule: createSigmaQueueModule });
