/** A static picture of the dashboard with sample figures (no real data on the public page). */
const STATS = [
  { label: 'Total Candidates', value: '1,284' },
  { label: 'Hired', value: '86' },
  { label: 'In Progress', value: '412' },
  { label: 'Rejected', value: '786' },
];

const PIPELINE = [
  { label: 'New', count: 238, percent: 18.5, color: 'bg-slate-400' },
  { label: 'Interview', count: 121, percent: 9.4, color: 'bg-sky-500' },
  { label: 'Offer', count: 53, percent: 4.1, color: 'bg-violet-500' },
  { label: 'Hired', count: 86, percent: 6.7, color: 'bg-emerald-500' },
];

const LARGEST = Math.max(...PIPELINE.map((stage) => stage.count));

export function SamplePipeline() {
  return (
    <figure className="rounded-2xl border bg-card p-5 text-card-foreground shadow-xl sm:p-6">
      <figcaption className="mb-4 flex items-center justify-between text-sm">
        <span className="font-semibold">Analytics dashboard</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">Sample data</span>
      </figcaption>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat.label} className="rounded-lg border bg-background p-3">
            <dt className="text-xs text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 grid gap-3">
        <p className="text-sm font-medium">Recruitment Pipeline</p>
        {PIPELINE.map((stage) => (
          <div key={stage.label} className="grid grid-cols-[4.5rem_1fr_6.5rem] items-center gap-3 text-sm">
            <span className="text-muted-foreground">{stage.label}</span>
            <span className="h-2 overflow-hidden rounded-full bg-muted">
              <span className={`block h-full rounded-full ${stage.color}`} style={{ width: `${(stage.count / LARGEST) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">
              {stage.count} <span className="text-muted-foreground">({stage.percent}%)</span>
            </span>
          </div>
        ))}
      </div>
    </figure>
  );
}
