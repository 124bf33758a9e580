/** The import bench's files (import.bench.ts): generated rows of people, as CSV and as xlsx. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import type { ImportRow } from '@shared/sync/protocol.schema';
import { uidFor } from '../../sync-server/bench/data';
import { writeBigCsv } from '../tests/support/import-kit';

const HEADER = ['Name', 'Email', 'Phone', 'Location', 'Status', 'Applied Date', 'Source', 'Experience', 'Skills'];
const STATUSES = ['new', 'screening', 'interview', 'offer', 'hired', 'rejected'];
/** The CSV's people's email domain. */
const CSV_DOMAIN = 'csv.bench.example';
/** Person i of a file, at `domain`. */
export function row(i: number, domain: string): string[] {
  return [
    `Person ${i}`,
    `person${i}@${domain}`,
    `949555${String(i % 10_000).padStart(4, '0')}`,
    i % 3 ? 'Irvine, CA' : 'Manila',
    STATUSES[i % STATUSES.length]!,
    `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    i % 2 ? 'Referral' : 'Craigslist',
    `${i % 15} years in sales`,
    'CRM, Closing',
  ];
}

/** The files in `dir`: a CSV and an xlsx of `rows` people, and the CSV again for other people (`onlineDomain`). */
export function makeFiles(dir: string, rows: number, onlineDomain: string) {
  const csv = path.join(dir, 'bench-100k.csv');
  const quoted = (cells: string[]) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
  writeBigCsv(csv, rows, (i) => quoted(row(i, CSV_DOMAIN)), HEADER.join(','));
  // The same rows for other people: the online run imports new candidates too.
  const onlineCsv = path.join(dir, 'bench-online.csv');
  writeBigCsv(onlineCsv, rows, (i) => quoted(row(i, onlineDomain)), HEADER.join(','));
  const xlsx = path.join(dir, 'bench-100k.xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...Array.from({ length: rows }, (_, i) => row(i, 'xlsx.bench.example'))]), 'Candidates');
  writeFileSync(xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return { csv, xlsx, onlineCsv };
}

/**
 * The CSV's first `count` people as an import sends them (the fields the dialog maps its columns to),
 * for a server given them by pushes instead of through the dialog (import.bench.ts, BENCH_KINDS=new-device).
 */
export function csvImportRows(count: number): ImportRow[] {
  return Array.from({ length: count }, (_, i) => {
    const [name, email, phone, location, status, appliedDate, source, experience, skills] = row(i, CSV_DOMAIN);
    return { uid: uidFor(14, i), name: name!, email: email!, phone, location, status: status as ImportRow['status'], appliedDate, source, experience, skills };
  });
}
