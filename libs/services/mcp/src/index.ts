export { createMcpModule } from './module';
