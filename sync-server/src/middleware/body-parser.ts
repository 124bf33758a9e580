/**
 * Request bodies: JSON (and form-encoded, for web-form integrations) up to 1 MB. Two routes take more,
 * and only from a signed-in user, checked before a byte is read: a sync push (JSON up to
 * PUSH_BODY_LIMIT_BYTES, for import batches) and the candidate import (multipart files, written to a
 * temporary folder by formidable within IMPORT_LIMITS; larger uploads answer 413 with a clear message).
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { api } from '@shared/api/contract';
import { PUSH_BODY_LIMIT_BYTES } from '@shared/api/sync.contract';
import { IMPORT_LIMITS } from '@shared/api/candidates.contract';
import { ERROR_CODES } from '@shared/api/error.schema';
import { AppError, badRequest, unauthenticated } from '../lib/errors';
import { loadSessionUser } from '../auth/access';
import type { AppContext } from '../db/context';

export const JSON_BODY_LIMIT = '1mb';
const MB = 1024 * 1024;

// formidable's error codes (formidable/src/FormidableError.js).
const FILE_TOO_BIG = 1016;
const FILES_TOO_BIG = 1009;
const TOO_MANY_FILES = 1015;

/**
 * formidable hands the uploaded files over as each finishes writing to disk, not in the order they were
 * chosen; its part parser meets them in that order, though. Each upload's temporary name starts with its
 * place in the form, so the import can put them back in order (a later file's row wins over an earlier
 * one's, and the errors are listed file by file as chosen).
 */
const nextPlace = new WeakMap<object, number>();
const PLACE_DIGITS = 4;

export function placedUploadName(this: unknown, _name: string, _ext: string, _part: unknown, form: object): string {
  const place = nextPlace.get(form) ?? 0;
  nextPlace.set(form, place + 1);
  return `rephire-upload-${String(place).padStart(PLACE_DIGITS, '0')}-${randomUUID()}`;
}

/** Orders uploaded files as they were chosen (by the names `placedUploadName` gave them). */
export function inChosenOrder<T extends { newFilename: string }>(files: T[]): T[] {
  return [...files].sort((a, b) => (a.newFilename < b.newFilename ? -1 : a.newFilename > b.newFilename ? 1 : 0));
}

function uploadError(error: Error & { code?: unknown; httpCode?: number }): never {
  if (error instanceof AppError) throw error;
  const tooLarge = (message: string) => new AppError(413, ERROR_CODES.tooLarge, message);
  if (error.code === FILE_TOO_BIG) throw tooLarge(`Each file must be at most ${IMPORT_LIMITS.maxFileBytes / MB} MB`);
  if (error.code === FILES_TOO_BIG) throw tooLarge(`The files together must be at most ${IMPORT_LIMITS.maxTotalBytes / MB} MB`);
  if (error.code === TOO_MANY_FILES) throw tooLarge(`At most ${IMPORT_LIMITS.maxFiles} files can be imported at once`);
  if (error.httpCode === 413 || (error as { status?: number }).status === 413) throw tooLarge('The upload is too large');
  if ((error as { status?: number }).status === 400 && /JSON/i.test(error.message)) throw error;
  throw badRequest('Malformed upload: send the files as multipart/form-data parts named "file"');
}

export function bodyParser() {
  const common = { text: false, jsonStrict: true } as const;
  const standard = koaBody({ ...common, multipart: false, jsonLimit: JSON_BODY_LIMIT, formLimit: JSON_BODY_LIMIT });
  const push = koaBody({ ...common, multipart: false, jsonLimit: PUSH_BODY_LIMIT_BYTES, formLimit: JSON_BODY_LIMIT });
  const upload = koaBody({
    ...common,
    multipart: true,
    jsonLimit: JSON_BODY_LIMIT,
    formLimit: JSON_BODY_LIMIT,
    formidable: {
      uploadDir: tmpdir(),
      filename: placedUploadName,
      maxFileSize: IMPORT_LIMITS.maxFileBytes,
      maxTotalFileSize: IMPORT_LIMITS.maxTotalBytes,
      maxFiles: IMPORT_LIMITS.maxFiles,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: true,
      minFileSize: 0,
      // Only `file` parts are kept; anything else in the form is not written anywhere.
      filter: (part) => part.name === 'file' && Boolean(part.originalFilename),
    },
    onError: uploadError,
  });
  return async (ctx: Context, next: Next) => {
    if (ctx.path === api.syncPush.path || ctx.path === api.importCandidates.path) {
      if (!(await loadSessionUser(ctx as unknown as AppContext))) throw unauthenticated();
      return (ctx.path === api.syncPush.path ? push : upload)(ctx, next);
    }
    return standard(ctx, next);
  };
}
