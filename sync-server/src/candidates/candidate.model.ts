import { BaseModel } from '../db/base.model';

export class CandidateModel extends BaseModel {
  static override tableName = 'candidates';
  static override jsonAttributes = ['fieldClocks'];

  id!: number;
  uid!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  location!: string | null;
  status!: string;
  appliedDate!: Date;
  statusChangedAt!: Date | null;
  source!: string | null;
  experience!: string | null;
  skills!: string;
  notes!: string;
  userId!: number | null;
  fieldClocks!: Record<string, string>;
  createdAt!: Date;
  updatedAt!: Date;
  deletedAt!: Date | null;
  xid!: string;
}

export class ExperienceModel extends BaseModel {
  static override tableName = 'experiences';
  static override jsonAttributes = ['fieldClocks'];

  id!: number;
  uid!: string;
  candidateId!: number;
  title!: string;
  company!: string;
  startDate!: string;
  endDate!: string | null;
  description!: string | null;
  current!: boolean;
  fieldClocks!: Record<string, string>;
  createdAt!: Date;
  updatedAt!: Date;
  deletedAt!: Date | null;
  xid!: string;
}
