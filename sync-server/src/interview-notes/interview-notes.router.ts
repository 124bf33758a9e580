import Router from '@koa/router';
import { defineRoute, idParam } from '../http/route';
import { createNote, interviewDay, requireDay, resolveTimeZone, toInterviewNoteDto, updateNote } from './interview-notes.service';

export function interviewNotesRouter(): Router {
  const router = new Router();

  defineRoute(router, 'interviewDay', { access: 'user' }, async (ctx, { params, query }) =>
    interviewDay(ctx.state.deps.knex, requireDay(params.date ?? ''), resolveTimeZone(query.tz)),
  );

  // 201 for a new note; 200 when that candidate already had a note that day and it was saved into.
  defineRoute(router, 'createInterviewNote', { access: 'user', status: 201, otherStatuses: [200] }, async (ctx, { body }) => {
    const { note, created } = await ctx.state.deps.knex.transaction((trx) => createNote(trx, ctx.state.user!.id, body));
    if (!created) ctx.state.responseStatus = 200;
    return toInterviewNoteDto(note);
  });

  defineRoute(router, 'updateInterviewNote', { access: 'user' }, async (ctx, { body, params }) => {
    const id = idParam(params);
    const note = await ctx.state.deps.knex.transaction((trx) => updateNote(trx, ctx.state.user!.id, id, body.note));
    return toInterviewNoteDto(note);
  });

  return router;
}
