-- AlterTable
ALTER TABLE "site_index_jobs" ADD COLUMN     "changesSince" TIMESTAMP(3),
ADD COLUMN     "fullReadAsked" BOOLEAN NOT NULL DEFAULT true;
