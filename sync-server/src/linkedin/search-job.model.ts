import type { LeadSearchJob, LeadSearchStatus } from '@shared/schemas/lead.schema';
import type { LeadLocation } from '@shared/leads/location';
import { BaseModel } from '../db/base.model';

/** One lead search, run in the background by search-job.runner.ts (see the migration for its columns). */
export class LeadSearchJobModel extends BaseModel {
  static override tableName = 'lead_search_jobs';
  static override jsonAttributes = ['query'];

  id!: string;
  userId!: number;
  status!: LeadSearchStatus;
  jobTitle!: string;
  locationInput!: string;
  query!: LeadLocation;
  requestedCount!: number;
  processedCount!: number;
  newCount!: number;
  updatedCount!: number;
  pagesFetched!: number;
  emptyPages!: number;
  totalAvailable!: number | null;
  nextPage!: string | null;
  cancelRequested!: boolean;
  errorCode!: string | null;
  errorMessage!: string | null;
  errorDetail!: string | null;
  errorAction!: string | null;
  lockedBy!: string | null;
  leaseUntil!: Date | null;
  attempts!: number;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  updatedAt!: Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toJobDto(job: LeadSearchJobModel): LeadSearchJob {
  return {
    id: job.id,
    status: job.status,
    job_title: job.jobTitle,
    location: job.locationInput,
    requested_count: job.requestedCount,
    processed_count: job.processedCount,
    new_count: job.newCount,
    updated_count: job.updatedCount,
    total_available: job.totalAvailable,
    cancel_requested: job.cancelRequested,
    error: job.errorMessage
      ? { code: job.errorCode ?? 'error', message: job.errorMessage, detail: job.errorDetail, action: job.errorAction }
      : null,
    created_at: iso(job.createdAt)!,
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    updated_at: iso(job.updatedAt)!,
  };
}
