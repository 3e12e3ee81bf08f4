-- A queue item keeps the mapping its rule_yaml loads to, so the queue reads the rule (comparison with open
-- items, the API's typed rule) without parsing the YAML again. Null on rows queued before it was kept.
ALTER TABLE "sigma_queue_items" ADD COLUMN "rule_document" JSONB;
