import { expect, it } from 'vitest';
import { throttledLog } from './throttled-log';

it('writes the first line, then one per interval with the count held back', () => {
  const lines: string[] = [];
  let time = 0;
  const log = throttledLog(1_000, (line) => lines.push(line), () => time);
  log('down 1');
  for (let i = 2; i <= 5; i++) {
    time += 100;
    log(`down ${i}`);
  }
  expect(lines).toEqual(['down 1']);
  time = 1_000;
  log('down 6');
  time = 5_000;
  log('down 7');
  expect(lines).toEqual(['down 1', 'down 6 (and 4 more like it)', 'down 7']);
});
