/**
 * /settings: a vertical tab list (Profile, Password, Appearance, API Keys, and System for admins).
 * The open tab is in the address (?tab=password), so it survives a reload and can be linked to. Only
 * the open tab is mounted, so API keys are fetched only while their tab is open.
 */
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/ui/Tabs';
import { AppearanceTab } from './AppearanceTab';
import { ApiKeysTab } from './api-keys/ApiKeysTab';
import { PasswordTab } from './PasswordTab';
import { ProfileTab } from './ProfileTab';
import { SystemTab } from './SystemTab';

const TABS = [
  { key: 'profile', label: 'Profile', Panel: ProfileTab },
  { key: 'password', label: 'Password', Panel: PasswordTab },
  { key: 'appearance', label: 'Appearance', Panel: AppearanceTab },
  { key: 'api-keys', label: 'API Keys', Panel: ApiKeysTab },
  { key: 'system', label: 'System', Panel: SystemTab, adminOnly: true },
] as const;

/** Wide screens show the tab list beside the content (arrow keys up/down); narrower ones above it (left/right). */
const WIDE_QUERY = '(min-width: 1024px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

export function SettingsPage() {
  const wide = useWide();
  const role = useAuthStore((state) => state.user?.role);
  const tabs = TABS.filter((tab) => !('adminOnly' in tab) || role === 'admin');
  const [params, setParams] = useSearchParams();
  const selected = Math.max(0, tabs.findIndex((tab) => tab.key === params.get('tab')));

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Manage your account settings and preferences.</p>
      </header>
      <Tabs
        vertical={wide}
        selectedIndex={selected}
        onChange={(index) => setParams(index === 0 ? {} : { tab: tabs[index]!.key }, { replace: true })}
      >
        <TabList vertical={wide} className={wide ? 'h-fit' : 'overflow-x-auto'}>
          {tabs.map((tab) => (
            <Tab key={tab.key} className={wide ? 'text-left' : undefined}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="min-w-0 flex-1">
          {tabs.map(({ key, Panel }) => (
            <TabPanel key={key}>
              <Panel />
            </TabPanel>
          ))}
        </TabPanels>
      </Tabs>
    </div>
  );
}
