DROP INDEX "diversity_responses_event_idx";--> statement-breakpoint
ALTER TABLE "diversity_responses" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "diversity_responses_event_idx" ON "diversity_responses" USING btree ("event_id","published");--> statement-breakpoint
-- Existing responses: whole batches of 5 per event are published, the rest wait for their batch
-- (decision 0032). Every row is written anew, in the order of its answers, so neither the row's
-- place on disk nor the transaction that wrote it follows the order in which people answered.
WITH "old" AS (
	DELETE FROM "diversity_responses" RETURNING "event_id", "answers"
), "ranked" AS (
	SELECT "event_id", "answers",
		row_number() OVER (PARTITION BY "event_id" ORDER BY "answers"::text) AS "rn",
		count(*) OVER (PARTITION BY "event_id") AS "n"
	FROM "old"
)
INSERT INTO "diversity_responses" ("event_id", "answers", "published")
SELECT "event_id", "answers", "rn" <= ("n" / 5) * 5 FROM "ranked" ORDER BY "event_id", "answers"::text;
