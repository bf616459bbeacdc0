DROP TABLE "queue_jobs" CASCADE;--> statement-breakpoint
DROP TYPE "public"."job_queue_status";