import { Link } from 'react-router-dom';
import { CheckIcon } from '@/ui/icons';
import { Logo } from '@/ui/Logo';

const POINTS = [
  'Import candidates from CSV and Excel in seconds',
  'Move people through your hiring pipeline, online or off',
  'Keep interview notes with every candidate',
];

/** The product side of the sign-in page, on large screens only. */
export function AuthBrandPanel({ appName }: { appName: string }) {
  return (
    <aside className="relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-indigo-900 p-10 text-white lg:flex">
      <Link to="/" data-plain-link className="flex items-center gap-2 text-xl font-bold">
        <Logo className="size-9 rounded-lg ring-1 ring-white/30" /> {appName}
      </Link>
      <div className="max-w-md">
        <p className="text-3xl leading-tight font-bold">Hire great sales people, wherever the interview happens.</p>
        <ul className="mt-8 grid gap-3 text-indigo-100">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-3">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-cyan-300" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-indigo-200">Works offline. Syncs when you are back online.</p>
      <div aria-hidden="true" className="absolute -right-24 -bottom-24 size-96 rounded-full bg-white/5" />
    </aside>
  );
}
