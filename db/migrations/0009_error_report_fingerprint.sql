-- One report row per fingerprint (as the PostgreSQL migration makes it); merge any duplicates first.
UPDATE `error_reports` SET
  `count` = (SELECT sum(`count`) FROM `error_reports` AS `same` WHERE `same`.`fingerprint` = `error_reports`.`fingerprint`),
  `last_seen_at` = (SELECT max(`last_seen_at`) FROM `error_reports` AS `same` WHERE `same`.`fingerprint` = `error_reports`.`fingerprint`)
WHERE `id` IN (SELECT min(`id`) FROM `error_reports` GROUP BY `fingerprint` HAVING count(*) > 1);--> statement-breakpoint
DELETE FROM `error_reports` WHERE `id` NOT IN (SELECT min(`id`) FROM `error_reports` GROUP BY `fingerprint`);--> statement-breakpoint
DROP INDEX `error_reports_fingerprint_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `error_reports_fingerprint_idx` ON `error_reports` (`fingerprint`);
