import { BaseModel } from '../db/base.model';

export class AppSettingModel extends BaseModel {
  static override tableName = 'app_settings';
  static override idColumn = 'key';
  static override jsonAttributes = ['value'];

  key!: string;
  value!: unknown;
  updatedAt!: Date;
}
