import { BaseModel } from '../db/base.model';
import type { Role } from '@shared/schemas/user.schema';

export class UserModel extends BaseModel {
  static override tableName = 'users';

  id!: number;
  username!: string;
  passwordHash!: string;
  role!: Role;
  email!: string | null;
  displayName!: string | null;
  theme!: 'light' | 'dark' | 'system';
  compactView!: boolean;
  highContrast!: boolean;
  emailNotifications!: boolean;
  newCandidateAlert!: boolean;
  statusChangeAlert!: boolean;
  weeklyDigest!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
