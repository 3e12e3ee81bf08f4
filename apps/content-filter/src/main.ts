import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { CONTENT_FILTER_ENV, createContentFilterModule } from '@huntforge/service-content-filter';

void runServiceAlone({
  service: 'content-filter',
  defaultPort: SERVICES['content-filter'].defaultPort,
  createModule: createContentFilterModule,
  env: CONTENT_FILTER_ENV,
});
