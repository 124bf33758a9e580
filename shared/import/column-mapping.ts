/**
 * Forgiving spreadsheet header matching. A header is compared after normalising it (accents removed,
 * lower-cased, everything but letters and digits dropped), so 'E-mail', 'Email Address', 'EMAIL_ADDRESS'
 * and ' email ' are the same. Each known header names one import field with a rank; when several
 * columns name the same field the best-ranked wins, then the leftmost.
 *
 * Only headers in the table are ever used, looked up in a Map, so a header like '__proto__' or
 * 'constructor' matches nothing and can never reach an object key.
 */

/** What a column can feed. City, region and country are joined into the location when there is no Location column. */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'location',
  'city',
  'region',
  'country',
  'address',
  'status',
  'appliedDate',
  'source',
  'experience',
  'yearsOfExperience',
  'skills',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const SYNONYMS: Record<ImportField, readonly (readonly string[])[]> = {
  name: [['name', 'fullname', 'candidatename', 'applicantname', 'contactname', 'yourname'], ['candidate', 'applicant']],
  firstName: [['firstname', 'first', 'givenname', 'fname', 'forename']],
  lastName: [['lastname', 'last', 'surname', 'familyname', 'lname']],
  email: [
    ['email', 'emailaddress', 'emailid', 'candidateemail', 'applicantemail', 'youremail', 'mail'],
    ['personalemail', 'workemail', 'primaryemail'],
  ],
  phone: [
    [
      'phone', 'phonenumber', 'phoneno', 'telephone', 'telephonenumber', 'tel', 'mobile', 'mobilenumber', 'mobilephone',
      'mobileno', 'cell', 'cellphone', 'cellnumber', 'contactnumber', 'contactphone', 'primaryphone',
    ],
    ['whatsapp', 'homephone', 'workphone'],
  ],
  location: [['location', 'currentlocation', 'candidatelocation', 'citystate', 'cityandstate']],
  city: [['city', 'town']],
  region: [['state', 'province', 'region', 'stateprovince']],
  country: [['country']],
  address: [['address', 'homeaddress', 'streetaddress', 'mailingaddress']],
  status: [['status', 'stage', 'candidatestatus', 'pipelinestage', 'applicationstatus']],
  appliedDate: [
    ['applieddate', 'dateapplied', 'applicationdate', 'appliedon', 'applied', 'dateofapplication', 'submissiondate', 'submittedat', 'submitted'],
    ['date', 'createdat', 'created', 'datecreated', 'dateadded', 'timestamp'],
  ],
  source: [['source', 'candidatesource', 'leadsource', 'applicationsource', 'referralsource', 'channel']],
  experience: [['experience', 'workexperience', 'professionalexperience', 'salesexperience', 'experiencesummary', 'background']],
  yearsOfExperience: [['yearsofexperience', 'yearsexperience', 'experienceyears', 'yoe', 'years']],
  skills: [['skills', 'skill', 'skillset', 'keyskills', 'competencies', 'expertise']],
  notes: [['notes', 'note', 'comments', 'comment', 'remarks', 'additionalnotes', 'additionalinformation']],
};

const HEADER_TABLE = new Map<string, { field: ImportField; rank: number }>();
for (const field of IMPORT_FIELDS) {
  SYNONYMS[field].forEach((names, rank) => {
    for (const name of names) HEADER_TABLE.set(name, { field, rank });
  });
}

/** 'E-mail Address ' → 'emailaddress'. Anything not a string or number normalises to ''. */
export function normalizeHeader(header: unknown): string {
  if (typeof header !== 'string' && typeof header !== 'number') return '';
  return String(header)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The field a header names, or null. */
export function fieldForHeader(header: unknown): ImportField | null {
  return HEADER_TABLE.get(normalizeHeader(header))?.field ?? null;
}

/** Column index per field: only fields some column feeds are present. */
export type ColumnMapping = Readonly<Partial<Record<ImportField, number>>>;

export interface ResolvedColumns {
  columns: ColumnMapping;
  /** Header texts of columns no field uses (shown to the user so nothing is silently ignored). */
  ignoredHeaders: string[];
}

export function resolveColumns(headers: readonly unknown[]): ResolvedColumns {
  const best = new Map<ImportField, { index: number; rank: number }>();
  const ignoredHeaders: string[] = [];
  headers.forEach((header, index) => {
    const match = HEADER_TABLE.get(normalizeHeader(header));
    const current = match ? best.get(match.field) : undefined;
    if (!match) {
      const text = typeof header === 'string' || typeof header === 'number' ? String(header).trim() : '';
      if (text) ignoredHeaders.push(text);
      return;
    }
    if (current && current.rank <= match.rank) {
      ignoredHeaders.push(String(header).trim());
      return;
    }
    if (current) ignoredHeaders.push(String(headers[current.index]).trim());
    best.set(match.field, { index, rank: match.rank });
  });
  const columns: Partial<Record<ImportField, number>> = {};
  for (const [field, { index }] of best) columns[field] = index;
  return { columns, ignoredHeaders };
}

/** Whether a mapping can produce candidates at all: it needs an email column and some name column. */
export function missingRequiredColumns(columns: ColumnMapping): Array<'email' | 'name'> {
  const missing: Array<'email' | 'name'> = [];
  if (columns.email === undefined) missing.push('email');
  if (columns.name === undefined && columns.firstName === undefined && columns.lastName === undefined) missing.push('name');
  return missing;
}
