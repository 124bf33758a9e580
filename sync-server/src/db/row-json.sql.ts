/**
 * SQL that has PostgreSQL render synced rows as JSON in the shared record shapes
 * (shared/schemas/candidate.schema.ts), for the large reads (pull pages, the REST candidate list): the
 * rows go out as the database wrote them, with no per-row JavaScript objects in between. Timestamps are
 * rendered exactly like Date#toISOString (UTC, milliseconds, 'Z'), so devices can compare them as text.
 * rowToCandidate (candidate.store.ts) is the JavaScript twin; tests hold the two to the same output.
 */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function candidatePairs(t: string): string {
  return `'id', ${t}.id, 'uid', ${t}.uid, 'name', ${t}.name, 'email', ${t}.email, 'phone', ${t}.phone,
    'location', ${t}.location, 'status', ${t}.status, 'appliedDate', ${iso(`${t}.applied_date`)},
    'statusChangedAt', ${iso(`${t}.status_changed_at`)}, 'source', ${t}.source, 'experience', ${t}.experience,
    'skills', ${t}.skills, 'notes', ${t}.notes, 'userId', ${t}.user_id,
    'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)}`;
}

/** The REST candidate (CandidateDto) of table alias `t`. */
export function candidateDtoJson(t: string): string {
  return `json_build_object(${candidatePairs(t)})`;
}

/** The synced candidate record (Candidate) of table alias `t`. */
export function candidateJson(t: string): string {
  return `json_build_object(${candidatePairs(t)}, 'fieldClocks', ${t}.field_clocks, 'deletedAt', ${iso(`${t}.deleted_at`)})`;
}

/** An experience of alias `t`, with its candidate's uid from alias `c`. */
export function experienceJson(t: string, c: string): string {
  return `json_build_object(
    'id', ${t}.id, 'uid', ${t}.uid, 'candidateUid', ${c}.uid, 'title', ${t}.title, 'company', ${t}.company,
    'startDate', ${t}.start_date, 'endDate', ${t}.end_date, 'description', ${t}.description, 'current', ${t}.current,
    'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)}, 'deletedAt', ${iso(`${t}.deleted_at`)})`;
}

/** An interview note of alias `t`, with its candidate's uid from alias `c`. */
export function interviewNoteJson(t: string, c: string): string {
  return `json_build_object(
    'id', ${t}.id, 'uid', ${t}.uid, 'candidateUid', ${c}.uid, 'day', ${t}.day, 'note', ${t}.note, 'userId', ${t}.user_id,
    'fieldClocks', ${t}.field_clocks, 'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)},
    'deletedAt', ${iso(`${t}.deleted_at`)})`;
}

/** A saved view of alias `t` (SavedView). */
export function savedViewJson(t: string): string {
  return `json_build_object(
    'id', ${t}.id, 'uid', ${t}.uid, 'userId', ${t}.user_id, 'name', ${t}.name, 'state', ${t}.state,
    'defaultHlc', ${t}.default_hlc, 'fieldClocks', ${t}.field_clocks, 'createdAt', ${iso(`${t}.created_at`)},
    'updatedAt', ${iso(`${t}.updated_at`)}, 'deletedAt', ${iso(`${t}.deleted_at`)})`;
}

/** A scheduled interview of alias `t`, with its candidate's uid from alias `c` (ScheduledInterview). */
export function scheduledInterviewJson(t: string, c: string): string {
  return `json_build_object(
    'id', ${t}.id, 'uid', ${t}.uid, 'candidateUid', ${c}.uid, 'date', ${t}.date, 'startTime', ${t}.start_time,
    'timeZone', ${t}.time_zone, 'durationMinutes', ${t}.duration_minutes, 'interviewerId', ${t}.interviewer_id,
    'place', ${t}.place, 'note', ${t}.note, 'userId', ${t}.user_id, 'scores', ${t}.scores,
    'recommendation', ${t}.recommendation, 'scorecardNotes', ${t}.scorecard_notes, 'fieldClocks', ${t}.field_clocks,
    'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)}, 'deletedAt', ${iso(`${t}.deleted_at`)})`;
}

/**
 * The confirmation of a candidate of alias `t` that the pulling device wrote itself (OwnRowConfirmation):
 * what the server gave the row (id, timestamps) and the run of the device's mutations that wrote it.
 */
export function ownRowConfirmationJson(t: string): string {
  return `json_build_object(
    'uid', ${t}.uid, 'id', ${t}.id, 'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)},
    'deletedAt', ${iso(`${t}.deleted_at`)}, 'from', ${t}.own_first, 'through', ${t}.own_last, 'count', ${t}.own_count)`;
}
