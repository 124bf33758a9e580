/** The app's device database (one per browser profile and origin). Tests make their own RepHireDb. */
import { RepHireDb } from './database';

export const appDb = new RepHireDb();
