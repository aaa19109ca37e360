/**
 * Telephony webhook benchmark (issue 18): a cloud PBX sends signed call events to POST
 * /api/telephony/webhook at a steady rate (BENCH_CALLS_RATE, default 200 a second) for
 * BENCH_CALLS_SECONDS (default 60). Each call is three events — ringing, answered, ended — and every
 * tenth event is sent twice (a PBX retrying), so the webhook must be idempotent per call id. Afterwards
 * the log must hold every call exactly once, ended and answered: 0 lost, 0 duplicated.
 */
import { Agent, request } from 'node:http';
import { sql } from 'drizzle-orm';
import { benchDatabase, benchDriver, startApp } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { signTelephony } from '../apps/server/src/modules/calls/telephony.js';

const rate = Number(process.env.BENCH_CALLS_RATE ?? 200);
const seconds = Number(process.env.BENCH_CALLS_SECONDS ?? 60);
const secret = 'bench-telephony-secret-0123456789';
const database = await benchDatabase('calls_webhook');
const { app, baseUrl } = await startApp(database, { env: { TELEPHONY_WEBHOOK_SECRET: secret } });
const url = new URL('/api/telephony/webhook', baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
console.log(`driver: ${benchDriver}; ${rate} events/s for ${seconds} s`);

const run = `b${Date.now().toString(36)}`;
const stages = ['ringing', 'answered', 'ended'] as const;
/** the i-th event: call i / 3, its stage i % 3, from a number of its own */
function eventOf(i: number) {
  const call = Math.floor(i / 3);
  const stage = stages[i % 3]!;
  return {
    callId: `${run}-${call}`,
    event: stage,
    direction: 'in',
    from: `+99890${String(1_000_000 + (call % 9_000_000)).slice(-7)}`,
    to: '100',
    ...(stage === 'ended' ? { durationSeconds: 30 + (call % 60) } : {}),
  };
}

const latencies: number[] = [];
let failed = 0;
function send(event: object): Promise<void> {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-timestamp': timestamp,
          'x-signature': signTelephony(secret, timestamp, body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) failed += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      },
    );
    req.on('error', () => {
      failed += 1;
      resolve();
    });
    req.end(body);
  });
}

// whole calls: the run ends on a call's last event
const total = Math.floor((rate * seconds) / 3) * 3;
const inFlight = new Set<Promise<void>>();
const began = performance.now();
let sent = 0;
let resent = 0;
while (sent < total) {
  // the events due by now, at the steady rate (a tick every 10 ms)
  const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * rate) + 1);
  for (; sent < due; sent += 1) {
    const event = eventOf(sent);
    const copies = sent % 10 === 0 ? 2 : 1;
    resent += copies - 1;
    for (let c = 0; c < copies; c += 1) {
      const p = send(event).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
}
await Promise.all(inFlight);
const elapsed = (performance.now() - began) / 1000;

const calls = total / 3;
const [row] = await queryRows<{ rows: number; distinct_calls: number; ended: number; answered: number }>(
  database.db,
  sql`select count(*)::int as rows, count(distinct external_id)::int as distinct_calls,
    count(*) filter (where state = 'ended')::int as ended, count(*) filter (where outcome = 'answered')::int as answered
    from calls where external_id like ${`${run}-%`}`,
);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const lost = calls - (row?.ended ?? 0);
const duplicated = (row?.rows ?? 0) - (row?.distinct_calls ?? 0);
console.log(`events: ${total} (+${resent} resent) in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(0)}/s`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${pct(100)}; refused ${failed}`);
console.log(`calls: ${calls} sent, ${row?.distinct_calls} logged, ${row?.ended} ended (${row?.answered} answered) → lost ${lost}, duplicated ${duplicated}`);
agent.destroy();
await app.close();
await database.close();
const ok = lost === 0 && duplicated === 0 && failed === 0 && row?.answered === calls && total / elapsed >= rate * 0.95;
console.log(ok ? `✓ ${rate}/s with 0 lost and 0 duplicated` : '✗ beyond the ceiling');
process.exit(ok ? 0 : 1);
