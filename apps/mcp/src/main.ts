import { SERVICES } from '@huntforge/contracts';
import { runServiceAlone } from '@huntforge/platform';
import { MCP_ENV, createMcpModule } from '@huntforge/service-mcp';

void runServiceAlone({ service: 'mcp', defaultPort: SERVICES['mcp'].defaultPort, createModule: createMcpModule, env: MCP_ENV });
