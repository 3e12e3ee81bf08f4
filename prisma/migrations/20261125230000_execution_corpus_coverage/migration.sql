-- Which reference rules already fire on each observable of an execution, and which observables none covers.
-- AlterTable
ALTER TABLE "workflow_executions" ADD COLUMN     "corpus_coverage" JSONB;
