CREATE TABLE `programs` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`full_name` text NOT NULL,
	`preferred_name` text NOT NULL,
	`birth_date` text NOT NULL,
	`passing_date` text NOT NULL,
	`service_date` text NOT NULL,
	`location` text NOT NULL,
	`main_photo_url` text NOT NULL,
	`life_reflections` text NOT NULL,
	`scripture` text NOT NULL,
	`officiant` text NOT NULL,
	`pallbearers` text NOT NULL,
	`acknowledgments` text NOT NULL,
	`service_items` text NOT NULL,
	`additional_photos` text NOT NULL,
	`tributes` text NOT NULL,
	`color_theme` text NOT NULL,
	`font_style` text NOT NULL,
	`page_layout` text NOT NULL,
	`overlay_effect` text NOT NULL,
	`background_image` text NOT NULL,
	`design_tool_integration` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `programs_owner_updated_idx` ON `programs` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`subscription_tier` text DEFAULT 'free' NOT NULL,
	`trial_started_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);