/**
 * The route table of spec section 2. Every screen is its own lazily loaded chunk, so the first load
 * carries only the shell; the service worker precaches all chunks, so screens open offline too.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PublicOnly, RequireAdmin, RequireUser } from './guards';
import { PageSpinner } from '@/ui/Spinner';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const AppLayout = named(() => import('./layout/AppLayout'), 'AppLayout');
const LandingPage = named(() => import('@/features/landing/LandingPage'), 'LandingPage');
const AuthPage = named(() => import('@/features/auth/AuthPage'), 'AuthPage');
const DashboardPage = named(() => import('@/features/dashboard/DashboardPage'), 'DashboardPage');
const CandidatesPage = named(() => import('@/features/candidates/CandidatesPage'), 'CandidatesPage');
const SearchPage = named(() => import('@/features/search/SearchPage'), 'SearchPage');
const LinkedinSalesRepsPage = named(() => import('@/features/linkedin/LinkedinSalesRepsPage'), 'LinkedinSalesRepsPage');
const InterviewsPage = named(() => import('@/features/interviews/InterviewsPage'), 'InterviewsPage');
const InterviewModePage = named(() => import('@/features/interviews/mode/InterviewModePage'), 'InterviewModePage');
const UsersPage = named(() => import('@/features/users/UsersPage'), 'UsersPage');
const SettingsPage = named(() => import('@/features/settings/SettingsPage'), 'SettingsPage');

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/auth', element: <AuthPage /> },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // A failing screen shows its error inside the layout, so navigation still works.
                errorElement: <RouteError />,
                children: [
                  { path: '/dashboard', element: <DashboardPage /> },
                  { path: '/candidates', element: <CandidatesPage /> },
                  { path: '/search', element: <SearchPage /> },
                  { path: '/linkedin-sales-reps', element: <LinkedinSalesRepsPage /> },
                  { path: '/interviews', element: <InterviewsPage /> },
                  { path: '/interviews/run/:uid', element: <InterviewModePage /> },
                  { path: '/settings', element: <SettingsPage /> },
                  { element: <RequireAdmin />, children: [{ path: '/users', element: <UsersPage /> }] },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
