import { BaseModel } from '../db/base.model';

export class LinkedinSalesRepModel extends BaseModel {
  static override tableName = 'linkedin_sales_reps';

  id!: string;
  fullName!: string | null;
  jobTitle!: string | null;
  company!: string | null;
  location!: string | null;
  linkedinUrl!: string;
  email!: string | null;
  phoneNumber!: string | null;
  jobTitleInput!: string;
  locationInput!: string;
  scrapedAt!: Date;
  lastScrapedAt!: Date;
  userId!: number;
  profilePicUrl!: string | null;
  headline!: string | null;
  summary!: string | null;
  experience!: unknown[];
  education!: unknown[];
  followerCount!: number | null;

  static override jsonAttributes = ['experience', 'education'];
}

/** The user's key for the people-search provider, encrypted at rest. */
export class ProxycurlApiKeyModel extends BaseModel {
  static override tableName = 'proxycurl_api_keys';

  id!: number;
  apiKeyEncrypted!: string;
  userId!: number;
  createdAt!: Date;
  lastUsed!: Date | null;
}
