import { rm } from 'node:fs/promises';
import Router from '@koa/router';
import { defineRoute } from '../../http/route';
import type { AppContext } from '../../db/context';
import { badRequest } from '../../lib/errors';
import { inChosenOrder } from '../../middleware/body-parser';
import { resolveTimeZone } from '../../interview-notes/interview-notes.service';
import { importFiles, type UploadedFile } from './import.service';

interface FormidableFile {
  filepath: string;
  newFilename: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
}

function uploadedFiles(ctx: AppContext): UploadedFile[] {
  const parts = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files?.file;
  const list = parts === undefined ? [] : Array.isArray(parts) ? parts : [parts];
  return inChosenOrder(list).map((file) => ({ path: file.filepath, name: file.originalFilename ?? 'file', mimetype: file.mimetype, size: file.size }));
}

export function importRouter(): Router {
  const router = new Router();

  /**
   * Multipart, one or more `file` parts; `?tz=` is the zone for dates written without one (default
   * UTC). Answers the import summary, whatever mix of files succeeded; the uploads are deleted after.
   */
  defineRoute(router, 'importCandidates', { access: 'user' }, async (ctx, { query }) => {
    const files = uploadedFiles(ctx);
    try {
      if (files.length === 0) {
        throw badRequest('No files uploaded: send one or more parts named "file"', { file: 'At least one file is required' });
      }
      const timeZone = resolveTimeZone(query.tz);
      return await importFiles(ctx.state.deps.knex, ctx.state.user!.id, files, timeZone);
    } finally {
      await Promise.all(files.map((file) => rm(file.path, { force: true })));
    }
  });

  return router;
}
