import { BaseModel } from '../db/base.model';

/** An integration key: only its SHA-256 and a short display prefix are stored. */
export class ApiKeyModel extends BaseModel {
  static override tableName = 'api_keys';

  id!: number;
  name!: string;
  keyHash!: string;
  keyPrefix!: string;
  userId!: number;
  createdAt!: Date;
  lastUsed!: Date | null;
}
