import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { INGESTION_ENV, createIngestionModule } from '@huntforge/service-ingestion';

void runServiceAlone({
  service: 'ingestion',
  defaultPort: SERVICES['ingestion'].defaultPort,
  createModule: createIngestionModule,
  env: INGESTION_ENV,
});
