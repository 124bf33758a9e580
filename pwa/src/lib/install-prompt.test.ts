import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt, promptInstall, useInstallPromptStore, type InstallPromptEvent } from './install-prompt';

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

afterEach(() => useInstallPromptStore.setState({ deferred: null }));

describe('install prompt', () => {
  it("keeps the browser's event instead of its mini-infobar, and shows the prompt once when asked", async () => {
    const target = new EventTarget() as Window;
    listenForInstallPrompt(target);
    expect(useInstallPromptStore.getState().deferred).toBeNull();
    const { event, prompt } = installEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstallPromptStore.getState().deferred).toBe(event);

    expect(await promptInstall()).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(useInstallPromptStore.getState().deferred).toBeNull();
    expect(await promptInstall()).toBe(false);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('says when the user dismissed the prompt, and forgets the event once the app is installed', async () => {
    const target = new EventTarget() as Window;
    listenForInstallPrompt(target);
    target.dispatchEvent(installEvent('dismissed').event);
    expect(await promptInstall()).toBe(false);

    target.dispatchEvent(installEvent('accepted').event);
    target.dispatchEvent(new Event('appinstalled'));
    expect(useInstallPromptStore.getState().deferred).toBeNull();
  });
});
