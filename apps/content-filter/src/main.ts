import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { createContentFilterModule } from '@huntforge/service-content-filter';

void runServiceAlone({ service: 'content-filter', defaultPort: SERVICES['content-filter'].defaultPort, createModule: createContentFilterModule });
