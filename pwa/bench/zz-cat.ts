import { readFileSync } from 'node:fs';
import { sourceMapNamer, type CpuProfile } from './task-attribution';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CpuProfile;
const name = sourceMapNamer('/work/main/pwa/dist');
const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const memo = new Map<number, string>();
const cat = (s: number): string => {
  if (memo.has(s)) return memo.get(s)!;
  const names: string[] = [];
  for (let x: number | undefined = s; x !== undefined; x = parent.get(x)) names.push(name(byId.get(x)!.callFrame));
  const leaf = names[0]!; const st = names.join(' | ');
  let c = 'other-js';
  if (['(idle)', '(program)', '(garbage collector)'].includes(leaf)) c = leaf;
  else if (st.includes('mutateWithoutResults') || leaf === 'put') c = 'idb-put';
  else if (st.includes('parsePullPage')) c = 'zod';
  else if (st.includes('readText') || st.includes('answerOf')) c = 'json/text';
  else if (st.includes('candidate-mirror')) c = 'mirror';
  else if (st.includes('stats.ts') || st.includes('candidate-list') || st.includes('candidate-snapshot') || st.includes('table-query') || st.includes('react-dom')) c = 'screens';
  else if (st.includes('pull.ts') || st.includes('confirmations') || st.includes('dexie')) c = 'pull/dexie';
  memo.set(s, c); return c;
};
const buckets = new Map<number, Map<string, number>>(); const total = new Map<string, number>();
let t = p.startTime;
p.samples.forEach((s, i) => { t += p.timeDeltas[i]!; const sec = Math.floor((t - p.startTime) / 1e6); const c = cat(s);
  const b = buckets.get(sec) ?? new Map(); buckets.set(sec, b); b.set(c, (b.get(c) ?? 0) + p.timeDeltas[i]!); total.set(c, (total.get(c) ?? 0) + p.timeDeltas[i]!); });
for (const [sec, b] of buckets) console.log(sec, [...b].sort().map(([k, v]) => `${k}=${Math.round(v / 1000)}`).join(' '));
console.log('TOTAL', [...total].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}=${Math.round(v / 1000)}`).join(' '));
if (process.argv[3]) { // list other-js top frames
  const c = new Map<string, number>(); t = p.startTime;
  p.samples.forEach((s, i) => { if (cat(s) === process.argv[3]) { const n = name(byId.get(s)!.callFrame); c.set(n, (c.get(n) ?? 0) + p.timeDeltas[i]!); } });
  for (const [k, v] of [...c].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(Math.round(v / 1000), k);
}
