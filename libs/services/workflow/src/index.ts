export { createWorkflowModule } from './module';
