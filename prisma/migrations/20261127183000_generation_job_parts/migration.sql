-- AlterTable
ALTER TABLE "generation_jobs" ADD COLUMN     "parts" JSONB NOT NULL DEFAULT '[]';
