export { createContentFilterModule } from './module';
