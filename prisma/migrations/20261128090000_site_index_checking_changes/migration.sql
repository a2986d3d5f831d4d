-- AlterTable
ALTER TABLE "site_index_jobs" ADD COLUMN     "checkingChanges" BOOLEAN NOT NULL DEFAULT false;
