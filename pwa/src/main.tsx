/**
 * Start-up order matters for an offline start: paint the remembered user's appearance, render at once
 * from the remembered user, then ask the server (config, current user) in the background.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/App';
import { applyAppearance } from './app/appearance';
import { registerServiceWorker } from './app/pwa/register-sw';
import { startSyncForSignedInUser } from './app/sync-bootstrap';
import { startAuth, useAuthStore, watchAuth } from './features/auth/auth-store';
import { readRememberedUser } from './features/auth/remembered-user';
import { registerCandidatesSignOut } from './features/candidates/candidates-sign-out';
import { registerLeadsSignOut } from './features/linkedin/leads-sign-out';
import { loadAppConfig, useAppConfig } from './lib/app-config';
import { listenForInstallPrompt } from './lib/install-prompt';

applyAppearance(readRememberedUser());
useAuthStore.subscribe((state, previous) => {
  if (state.user !== previous.user) applyAppearance(state.user);
});
document.title = useAppConfig.getState().appName;
useAppConfig.subscribe((state) => (document.title = state.appName));

watchAuth();
startSyncForSignedInUser();
registerLeadsSignOut();
registerCandidatesSignOut();
void startAuth();
void loadAppConfig();
registerServiceWorker();
listenForInstallPrompt();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
