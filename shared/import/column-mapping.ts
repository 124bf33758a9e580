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

/**
 * The columns each field reads: `chosen` when given (a mapping picked by hand, see `sanitizeColumns`),
 * else the best-ranked header match per field.
 */
export function resolveColumns(headers: readonly unknown[], chosen?: ColumnMapping | null): ResolvedColumns {
  if (chosen) {
    const columns = sanitizeColumns(chosen, headers.length);
    const used = new Set(Object.values(columns));
    const ignoredHeaders = headers.flatMap((header, index) => {
      const text = headerText(header);
      return text && !used.has(index) ? [text] : [];
    });
    return { columns, ignoredHeaders };
  }
  const best = new Map<ImportField, { index: number; rank: number }>();
  const ignoredHeaders: string[] = [];
  headers.forEach((header, index) => {
    const match = HEADER_TABLE.get(normalizeHeader(header));
    const current = match ? best.get(match.field) : undefined;
    if (!match) {
      const text = headerText(header);
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

/** A header cell as the text shown for it ('' when it is not text or a number). */
export function headerText(header: unknown): string {
  return typeof header === 'string' || typeof header === 'number' ? String(header).trim() : '';
}

/**
 * A mapping from outside (a worker message, the device's remembered choices) made safe for `columns`
 * columns: only known fields, each on a whole column index that exists, no column read by two fields
 * (the first field in IMPORT_FIELDS order keeps it).
 */
export function sanitizeColumns(mapping: unknown, columnCount: number): ColumnMapping {
  const columns: Partial<Record<ImportField, number>> = {};
  if (typeof mapping !== 'object' || mapping === null) return columns;
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(mapping, field)) continue;
    const index = (mapping as Record<string, unknown>)[field];
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= columnCount || used.has(index)) continue;
    used.add(index);
    columns[field] = index;
  }
  return columns;
}

/** The field column `index` feeds, or null ("Don't import"). */
export function fieldOfColumn(columns: ColumnMapping, index: number): ImportField | null {
  for (const field of IMPORT_FIELDS) if (columns[field] === index) return field;
  return null;
}

/**
 * The mapping with column `index` feeding `field` (null: not imported). A field feeds one column, so a
 * column that fed `field` before stops being imported.
 */
export function withColumnField(columns: ColumnMapping, index: number, field: ImportField | null): ColumnMapping {
  const next: Partial<Record<ImportField, number>> = {};
  for (const key of IMPORT_FIELDS) {
    const at = columns[key];
    if (at !== undefined && at !== index && key !== field) next[key] = at;
  }
  if (field) next[field] = index;
  return next;
}

/** Whether two mappings read the same columns into the same fields. */
export function sameColumns(a: ColumnMapping, b: ColumnMapping): boolean {
  return IMPORT_FIELDS.every((field) => a[field] === b[field]);
}

/**
 * What identifies "a file with the same headers", for remembering a mapping chosen by hand: the headers
 * normalised as matching reads them (so 'E-mail ' and 'email' are the same), empty trailing ones dropped.
 */
export function headerSignature(headers: readonly unknown[]): string {
  const names = headers.map(normalizeHeader);
  while (names.length && names[names.length - 1] === '') names.pop();
  return names.join('|');
}

/** Whether a mapping can produce candidates at all: it needs an email column and some name column. */
export function missingRequiredColumns(columns: ColumnMapping): Array<'email' | 'name'> {
  const missing: Array<'email' | 'name'> = [];
  if (columns.email === undefined) missing.push('email');
  if (columns.name === undefined && columns.firstName === undefined && columns.lastName === undefined) missing.push('name');
  return missing;
}
