import { ChartIcon, CandidatesIcon, FileSpreadsheetIcon } from '@/ui/icons';

const FEATURES = [
  {
    icon: FileSpreadsheetIcon,
    title: 'CSV import',
    text: 'Drop in CSV or Excel files from job boards and forms. Duplicates are matched by email and updated, not added twice.',
  },
  {
    icon: CandidatesIcon,
    title: 'Candidate tracking',
    text: 'Filter, sort and search every candidate, move them from new to hired, and keep interview notes beside each one.',
  },
  {
    icon: ChartIcon,
    title: 'Analytics dashboard',
    text: 'See totals, hires and your whole pipeline at a glance, with duplicates counted once.',
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className="border-y bg-muted/40 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          Everything you need to hire sales people
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          One place for the whole team, on the laptop at your desk and the tablet in the interview room.
        </p>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
