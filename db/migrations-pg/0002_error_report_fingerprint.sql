-- Two servers could each record the first report of one error: merge such rows into the oldest id's, counts summed.
UPDATE "error_reports" AS "kept" SET "count" = "merged"."total", "last_seen_at" = "merged"."last"
FROM (
  SELECT min("id") AS "keep", sum("count") AS "total", max("last_seen_at") AS "last"
  FROM "error_reports" GROUP BY "fingerprint" HAVING count(*) > 1
) AS "merged"
WHERE "kept"."id" = "merged"."keep";--> statement-breakpoint
DELETE FROM "error_reports" WHERE "id" NOT IN (SELECT min("id") FROM "error_reports" GROUP BY "fingerprint");--> statement-breakpoint
DROP INDEX "error_reports_fingerprint_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "error_reports_fingerprint_idx" ON "error_reports" USING btree ("fingerprint");
