// @vitest-environment jsdom
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './Badge';
import { Dialog } from './Dialog';
import { FormField, fieldControlProps } from './FormField';
import { Input } from './Input';
import { Select } from './Select';
import { Switch } from './Switch';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from './Tabs';
import { TOOLTIP_DELAY_MS, Tooltip } from './Tooltip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no ResizeObserver; Headless UI's floating panels watch their anchor with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const render = (node: ReactNode) => act(async () => root.render(node));
const byRole = (role: string) => document.querySelector<HTMLElement>(`[role="${role}"]`);

describe('FormField', () => {
  it('ties the control to its label, hint and error', async () => {
    await render(
      <FormField id="email" label="Email" hint="For notifications" error="Please enter a valid email address">
        <Input {...fieldControlProps('email', { hint: 'For notifications', error: 'Please enter a valid email address' })} />
      </FormField>,
    );
    const input = container.querySelector('input')!;
    expect(container.querySelector('label')!.htmlFor).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error');
    expect(document.getElementById('email-error')!.textContent).toBe('Please enter a valid email address');
    expect(document.getElementById('email-error')!.getAttribute('role')).toBe('alert');
  });
});

describe('Dialog', () => {
  it('shows a labelled modal and closes on Escape', async () => {
    const onClose = vi.fn();
    await render(
      <Dialog open onClose={onClose} title="Delete user?" description="This action cannot be undone.">
        <button type="button">Confirm</button>
      </Dialog>,
    );
    const dialog = byRole('dialog')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Delete user?');
    await act(async () => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Switch', () => {
  it('is a labelled switch that toggles', async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <Switch checked={on} onChange={setOn} label="Compact view" description="Display more content" />;
    }
    await render(<Harness />);
    const control = byRole('switch')!;
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(control.getAttribute('aria-labelledby')!.split(' ')[0]!)!.textContent).toBe('Compact view');
    await act(async () => control.click());
    expect(control.getAttribute('aria-checked')).toBe('true');
  });
});

describe('Select', () => {
  it('shows the chosen option and changes it from the list', async () => {
    function Harness() {
      const [value, setValue] = useState<'all' | 'us' | 'intl'>('all');
      return (
        <Select
          label="Location"
          value={value}
          onChange={setValue}
          options={[
            { value: 'all', label: 'All Locations' },
            { value: 'us', label: 'United States' },
            { value: 'intl', label: 'International' },
          ]}
        />
      );
    }
    await render(<Harness />);
    const button = container.querySelector('button')!;
    expect(button.textContent).toBe('All Locations');
    await act(async () => void button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    const options = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.map((o) => o.textContent)).toEqual(['All Locations', 'United States', 'International']);
    await act(async () => options[2]!.click());
    expect(container.querySelector('button')!.textContent).toBe('International');
  });
});

describe('Tabs', () => {
  it('selects the tab given and reports changes', async () => {
    const onChange = vi.fn();
    await render(
      <Tabs selectedIndex={1} onChange={onChange}>
        <TabList>
          <Tab>Login</Tab>
          <Tab>Register</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>login form</TabPanel>
          <TabPanel>register form</TabPanel>
        </TabPanels>
      </Tabs>,
    );
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(document.querySelector('[role="tabpanel"]:not([aria-hidden])')!.textContent).toBe('register form');
    await act(async () => tabs[0]!.click());
    expect(onChange).toHaveBeenCalledWith(0);
  });
});

describe('Tooltip', () => {
  it('appears after 700 ms of hover and describes its trigger', async () => {
    vi.useFakeTimers();
    await render(
      <Tooltip content="Click to view hired candidates">
        <button type="button">Hired</button>
      </Tooltip>,
    );
    const trigger = container.querySelector('button')!;
    await act(async () => void trigger.parentElement!.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await act(async () => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(byRole('tooltip')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    const tooltip = byRole('tooltip')!;
    expect(tooltip.textContent).toBe('Click to view hired candidates');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(byRole('tooltip')).toBeNull();
  });
});

describe('Badge', () => {
  it('carries its variant', async () => {
    await render(<Badge variant="destructive">admin</Badge>);
    expect(container.querySelector('span')!.dataset.variant).toBe('destructive');
  });
});
