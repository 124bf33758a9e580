import { useEffect, useState } from 'react';
import {
  ACTIVE_CRITERIA_MAX,
  CRITERION_LABEL_MAX,
  nextScorecardCriteria,
  scorecardCriteriaSchema,
  scorecardCriteriaUpdateSchema,
  type ScorecardCriterion,
} from '@shared/schemas/scorecard.schema';
import { describeIssues } from '@shared/mutations';
import { apiCall } from '@/api/client';
import { rememberScorecardCriteria, useScorecardCriteria } from '@/features/interviews/hooks/useScorecardCriteria';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { Input } from '@/ui/Input';
import { toast } from '@/ui/toast/toast-queue';

interface Row {
  key: number;
  id?: string;
  label: string;
}

let nextKey = 0;
const rowsOf = (criteria: readonly ScorecardCriterion[]): Row[] => criteria.filter((c) => !c.retired).map((c) => ({ key: nextKey++, id: c.id, label: c.label }));

/**
 * The team's scorecard (admins): the criteria every interviewer rates 1–4, in order. Renaming keeps a
 * criterion's past ratings; removing one keeps them under its name in past scorecards (the server keeps
 * it retired). Saved to the server, then kept on this device for interview mode offline.
 */
export function ScorecardCriteriaSetting({ online }: { online: boolean }) {
  const criteria = useScorecardCriteria();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (criteria && rows === null) setRows(rowsOf(criteria));
  }, [criteria, rows]);
  if (!criteria || !rows) return null;

  const change = (key: number, label: string) => setRows(rows.map((row) => (row.key === key ? { ...row, label } : row)));

  async function save() {
    const update = scorecardCriteriaUpdateSchema.safeParse({ criteria: rows!.map(({ id, label }) => (id ? { id, label } : { label })) });
    const next = update.success ? scorecardCriteriaSchema.safeParse(nextScorecardCriteria(criteria!, update.data)) : null;
    if (!update.success || !next?.success) {
      setError(describeIssues((update.success ? next!.error! : update.error).issues).replace(/^[\w.]+: /, ''));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await apiCall('updateScorecardCriteria', { body: update.data });
      await rememberScorecardCriteria(saved);
      setRows(rowsOf(saved));
      toast({ title: 'Scorecard saved', description: `Interviewers now rate ${saved.filter((c) => !c.retired).length} criteria.` });
    } catch (failure) {
      toast({ title: 'Failed to save the scorecard', description: onlineFailureMessage(failure), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h3 className="font-medium">Interview scorecard</h3>
        <p className="text-sm text-muted-foreground">
          Interviewers rate each criterion from 1 to 4 and give an overall recommendation. Renaming a criterion keeps its past ratings.
        </p>
      </div>
      <ol className="grid gap-2" aria-label="Scorecard criteria">
        {rows.map((row, index) => (
          <li key={row.key} className="flex items-center gap-2">
            <span className="w-5 text-right text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
            <Input
              value={row.label}
              onChange={(event) => change(row.key, event.target.value)}
              maxLength={CRITERION_LABEL_MAX}
              aria-label={`Criterion ${index + 1}`}
              disabled={!online || saving}
              className="max-w-sm"
            />
            <Button variant="ghost" size="sm" onClick={() => setRows(rows.filter((other) => other.key !== row.key))} disabled={!online || saving || rows.length === 1} aria-label={`Remove ${row.label || `criterion ${index + 1}`}`}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setRows([...rows, { key: nextKey++, label: '' }])} disabled={!online || saving || rows.length >= ACTIVE_CRITERIA_MAX}>
          Add criterion
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={!online || saving}>
          {saving ? 'Saving…' : 'Save scorecard'}
        </Button>
      </div>
    </div>
  );
}
