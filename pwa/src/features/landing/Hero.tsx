import { Link } from 'react-router-dom';
import { buttonClasses } from '@/ui/Button';
import { SamplePipeline } from './SamplePipeline';

export function Hero() {
  return (
    <section className="relative overflow-hidden px-4 pt-16 pb-20 sm:px-6 lg:pt-24">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-indigo-50 to-transparent dark:from-indigo-950/40" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full border bg-background px-3 py-1 text-xs font-medium text-primary">
            Built for recruiters hiring sales people
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Find, track and hire your next <span className="text-primary">top sales reps</span>.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            Import candidates from spreadsheets, move them through your pipeline and keep interview notes, even
            without a connection. Everything syncs with your team when you are back online.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/auth" data-plain-link className={buttonClasses({ size: 'lg' })}>
              Get Started
            </Link>
            <Link to="/auth" data-plain-link className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              View Demo
            </Link>
          </div>
        </div>
        <SamplePipeline />
      </div>
    </section>
  );
}
