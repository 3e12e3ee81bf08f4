-- The review queue keeps each rule as it was generated or imported, so reviewers can diff their edits against it
-- and a re-delivered enqueue request recognises an edited rule. Older rows stay null: their original is unknown.
-- AlterTable
ALTER TABLE "sigma_queue_items" ADD COLUMN     "original_rule_yaml" TEXT;
