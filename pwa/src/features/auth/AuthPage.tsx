import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppConfig } from '@/lib/app-config';
import { Button } from '@/ui/Button';
import { Logo } from '@/ui/Logo';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/ui/Tabs';
import { useOnline } from '@/ui/useOnline';
import { useAuthStore } from './auth-store';
import { AuthBrandPanel } from './AuthBrandPanel';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export const REGISTRATION_CLOSED_TEXT = 'Registration is closed. Ask an administrator for an account.';

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { appName, registrationOpen } = useAppConfig();
  const notice = useAuthStore((state) => state.notice);
  const online = useOnline();
  const tab = params.get('tab') === 'register' ? 1 : 0;
  const selectTab = (index: number) => setParams(index === 1 ? { tab: 'register' } : {}, { replace: true });
  const done = () => navigate('/dashboard', { replace: true });

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel appName={appName} />
      <main className="flex flex-col items-center justify-center gap-6 px-4 py-10 sm:px-8">
        <Link to="/" data-plain-link className="flex items-center gap-2 text-xl font-bold lg:hidden">
          <Logo className="size-8" /> {appName}
        </Link>
        <div className="w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{tab === 1 ? 'Create your account' : 'Welcome back'}</h1>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            {tab === 1 ? `Start tracking candidates with ${appName}.` : `Sign in to ${appName} to continue.`}
          </p>
          {notice === 'sessionEnded' && (
            <p role="status" className="mb-4 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
              Your session has ended. Please sign in again.
            </p>
          )}
          {!online && (
            <p role="status" className="mb-4 rounded-md border bg-muted px-3 py-2 text-sm text-muted-foreground">
              You are offline. Signing in needs a connection.
            </p>
          )}
          <Tabs selectedIndex={tab} onChange={selectTab}>
            <TabList>
              <Tab>Login</Tab>
              <Tab>Register</Tab>
            </TabList>
            <TabPanels className="mt-2">
              <TabPanel>
                <LoginForm onSuccess={done} />
              </TabPanel>
              <TabPanel>
                {registrationOpen === false ? (
                  <div className="grid gap-4">
                    <p role="status" className="rounded-md border bg-muted px-4 py-3 text-sm">
                      {REGISTRATION_CLOSED_TEXT}
                    </p>
                    <Button variant="outline" onClick={() => selectTab(0)}>
                      Go to Login
                    </Button>
                  </div>
                ) : (
                  <RegisterForm onSuccess={done} />
                )}
              </TabPanel>
            </TabPanels>
          </Tabs>
        </div>
      </main>
    </div>
  );
}
