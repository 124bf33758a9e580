import { BaseModel } from '../db/base.model';

export class InterviewNoteModel extends BaseModel {
  static override tableName = 'interview_notes';
  static override jsonAttributes = ['fieldClocks'];

  id!: number;
  uid!: string;
  candidateId!: number;
  userId!: number | null;
  note!: string;
  fieldClocks!: Record<string, string>;
  createdAt!: Date;
  updatedAt!: Date;
  deletedAt!: Date | null;
  xid!: string;
}
