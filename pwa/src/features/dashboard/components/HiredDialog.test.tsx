// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { HiredDialog } from './HiredDialog';

const formatted = vi.hoisted(() => ({ phones: 0 }));
vi.mock('@shared/candidates/phone', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shared/candidates/phone')>();
  return {
    ...actual,
    formatPhone: (phone: string | null | undefined) => {
      formatted.phones += 1;
      return actual.formatPhone(phone);
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterEach(async () => {
  await act(async () => root.render(null));
});

it('makes its rows only while open: the dashboard renders it closed on every change of its figures', async () => {
  const hired = ['Ann', 'Bo', 'Cy'].map((name) => makeCandidate({ name, status: 'hired', phone: '9495550100' }));
  await act(async () => root.render(<HiredDialog open={false} onClose={() => {}} hired={hired} />));
  await act(async () => root.render(<HiredDialog open={false} onClose={() => {}} hired={[...hired]} />));
  expect(formatted.phones).toBe(0);
  expect(document.body.textContent).not.toContain('Hired Candidates');

  await act(async () => root.render(<HiredDialog open onClose={() => {}} hired={hired} />));
  expect(document.body.textContent).toContain('Hired Candidates');
  for (const name of ['Ann', 'Bo', 'Cy']) expect(document.body.textContent).toContain(name);
  expect(formatted.phones).toBe(3);
});
