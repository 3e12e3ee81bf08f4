-- A year of data (100,000 articles, 10,000 runs). Prisma's schema language cannot express the search indexes, so they live
-- here only; the drift check knows migration-only GIN/HNSW indexes and the generated column.

-- Full-text search (MCP search_articles): the document is stored once, so matching uses the GIN index and
-- ranking reads a prepared vector instead of parsing every matching article again.
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title" || ' ' || "content")) STORED;
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("search_vector");

-- Case-insensitive substring search (the article list's `q`, ILIKE) through trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);
CREATE INDEX "articles_content_trgm_idx" ON "articles" USING gin ("content" gin_trgm_ops);

-- Foreign keys whose deletes (an article's cascade) would otherwise scan the referencing table once per row.
CREATE INDEX "evaluation_records_article_id_idx" ON "evaluation_records"("article_id");
CREATE INDEX "workflow_executions_retry_of_id_idx" ON "workflow_executions"("retry_of_id");

-- Sorts of the lists, so a page reads its rows in order instead of sorting every row. The article list
-- puts undated articles last in both directions (Prisma cannot write NULLS LAST in an index).
CREATE INDEX "articles_title_id_idx" ON "articles"("title", "id");
CREATE INDEX "articles_published_at_desc_idx" ON "articles"("published_at" DESC NULLS LAST, "id" DESC);
CREATE INDEX "sigma_queue_items_created_at_id_idx" ON "sigma_queue_items"("created_at", "id");

-- The sorts' ties are broken by id: with it in the index a page is read in order, without sorting the tied rows.
DROP INDEX "articles_collected_at_idx";
DROP INDEX "articles_hunt_score_idx";
DROP INDEX "articles_published_at_idx";
CREATE INDEX "articles_hunt_score_id_idx" ON "articles"("hunt_score", "id");
CREATE INDEX "articles_published_at_id_idx" ON "articles"("published_at", "id");
CREATE INDEX "articles_collected_at_id_idx" ON "articles"("collected_at", "id");
