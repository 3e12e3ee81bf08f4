import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { createIngestionModule } from '@huntforge/service-ingestion';

void runServiceAlone({ service: 'ingestion', defaultPort: SERVICES['ingestion'].defaultPort, createModule: createIngestionModule });
