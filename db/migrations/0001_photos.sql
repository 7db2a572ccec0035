CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`content_hash` text NOT NULL,
	`screen_hash` text NOT NULL,
	`source_hash` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`mime` text NOT NULL,
	`referenced_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_owner_idx` ON `photos` (`owner_id`);--> statement-breakpoint
CREATE INDEX `photos_content_hash_idx` ON `photos` (`content_hash`);--> statement-breakpoint
CREATE INDEX `photos_screen_hash_idx` ON `photos` (`screen_hash`);--> statement-breakpoint
CREATE INDEX `photos_source_hash_idx` ON `photos` (`source_hash`);