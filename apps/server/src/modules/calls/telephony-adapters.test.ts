import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestInstance, createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { headers } from '../../test/counterparties.js';
import { AmiClient, type AmiMessage } from './ami-client.js';
import { calls, telephonyExtensions, telephonySettings } from './calls.table.js';
import { callEventOfAmi, recordingUrlOf, signTelephony } from './telephony.js';

/** A stand-in Asterisk Manager Interface: it greets, accepts one login, answers Originate, and can send events. */
function amiStandIn() {
  const actions: AmiMessage[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.setEncoding('utf8');
    socket.write('Asterisk Call Manager/5.0.1\r\n');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n\r\n')) >= 0) {
        const message: AmiMessage = {};
        for (const line of buffer.slice(0, end).split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) message[line.slice(0, colon)] = line.slice(colon + 1).trim();
        }
        buffer = buffer.slice(end + 4);
        actions.push(message);
        const ok = message.Action !== 'Login' || (message.Username === 'crm' && message.Secret === 'ami-secret');
        socket.write(`Response: ${ok ? 'Success' : 'Error'}\r\nActionID: ${message.ActionID}\r\nMessage: ${ok ? 'Accepted' : 'Authentication failed'}\r\n\r\n`);
      }
    });
  });
  return {
    actions,
    server,
    /** an event to every connected client, split across writes as TCP may */
    send(event: string) {
      for (const s of sockets) {
        s.write(event.slice(0, 7));
        s.write(`${event.slice(7)}\r\n\r\n`);
      }
    },
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the Asterisk adapter (AMI)', () => {
  const ami = amiStandIn();
  let port: number;
  let t: TestContext;
  beforeAll(async () => {
    port = await ami.listen();
    t = await createTestApp({
      TELEPHONY_AMI_HOST: '127.0.0.1',
      TELEPHONY_AMI_PORT: String(port),
      TELEPHONY_AMI_USER: 'crm',
      TELEPHONY_AMI_SECRET: 'ami-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    await ami.close();
  });

  it('click-to-call logs in and originates: the user’s extension first, then the number', async () => {
    const admin = await makeUser(t.db, 'admin');
    await t.db.insert(telephonyExtensions).values({ userId: admin.id, extension: '205' });
    await t.app.inject({ method: 'PUT', url: '/api/telephony/settings', headers: headers(t.app, admin), payload: { adapter: 'asterisk' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/calls/originate', headers: headers(t.app, admin), payload: { phone: '8 (90) 123-45-67' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ extension: '205', phone: '+998901234567' });
    const originate = ami.actions.find((a) => a.Action === 'Originate');
    expect(originate).toMatchObject({ Channel: 'PJSIP/205', Context: 'from-internal', Exten: '998901234567', Priority: '1', Async: 'true' });
    expect(ami.actions.find((a) => a.Action === 'Login')).toMatchObject({ Username: 'crm', Secret: 'ami-secret' });
  });

  it('a refused login is the PBX unreachable', async () => {
    const client = new AmiClient({ host: '127.0.0.1', port, username: 'crm', secret: 'wrong' });
    await expect(client.connect()).rejects.toThrow(/refused/);
    client.close();
  });

  it('passes events on, whole though they come in pieces', async () => {
    const events: AmiMessage[] = [];
    let arrived!: () => void;
    const done = new Promise<void>((resolve) => (arrived = resolve));
    const client = new AmiClient({ host: '127.0.0.1', port, username: 'crm', secret: 'ami-secret' }, (e) => {
      events.push(e);
      arrived();
    });
    await client.connect();
    ami.send('Event: Newchannel\r\nUniqueid: 1700.1\r\nLinkedid: 1700.1\r\nCallerIDNum: 998901234567\r\nExten: 205');
    await done;
    client.close();
    expect(events[0]).toMatchObject({ Event: 'Newchannel', Uniqueid: '1700.1', CallerIDNum: '998901234567' });
  });

  it('reads Asterisk’s events as call events', () => {
    const base = { Uniqueid: '1.1', Linkedid: '1.1', CallerIDNum: '998901234567', Exten: '205' };
    expect(callEventOfAmi({ Event: 'Newchannel', ...base })).toMatchObject({ callId: 'ami:1.1', event: 'ringing', direction: 'in', from: '998901234567' });
    expect(callEventOfAmi({ Event: 'DialEnd', ...base, Uniqueid: '1.2', DialStatus: 'ANSWER', DestCallerIDNum: '205' })).toMatchObject({
      event: 'answered',
      extension: '205',
    });
    expect(callEventOfAmi({ Event: 'DialEnd', ...base, DialStatus: 'BUSY' })).toMatchObject({ event: 'ended', outcome: 'busy' });
    expect(callEventOfAmi({ Event: 'Hangup', ...base })).toMatchObject({ event: 'ended' });
    expect(callEventOfAmi({ Event: 'Hangup', ...base, Uniqueid: '1.2' })).toBeNull();
    expect(callEventOfAmi({ Event: 'Newchannel', ...base, CallerIDNum: '205', Exten: '901234567' })).toMatchObject({ direction: 'out', extension: '205' });
  });
});

/** Waits for what `check` answers truthy (the AMI follower writes after the event, not before the test reads). */
async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the Asterisk adapter follows calls into the log: duration and recording', () => {
  const ami = amiStandIn();
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    const port = await ami.listen();
    database = await openTestDatabase();
    // chosen before the app starts: it follows AMI from its start
    await database.db.insert(telephonySettings).values({ id: 1, adapter: 'asterisk' });
    app = await buildTestInstance(database, {
      TELEPHONY_AMI_HOST: '127.0.0.1',
      TELEPHONY_AMI_PORT: String(port),
      TELEPHONY_AMI_USER: 'crm',
      TELEPHONY_AMI_SECRET: 'ami-secret',
      ASTERISK_RECORDING_URL: 'https://pbx.example/recordings/{file}',
    });
    await until(async () => ami.actions.find((a) => a.Action === 'Login'));
    expect(ami.actions.find((a) => a.Action === 'Login')).toMatchObject({ Events: 'call,cdr' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ami.close();
  });
  const row = (externalId: string, ready: (r: typeof calls.$inferSelect) => boolean) =>
    until(async () => {
      const [r] = await database.db.select().from(calls).where(eq(calls.externalId, externalId));
      return r && ready(r) ? r : null;
    });

  it('times the call from DialEnd to Hangup by the events’ Timestamps; the recording from MIXMONITOR_FILENAME', async () => {
    const call = 'Uniqueid: 1800000000.11\r\nLinkedid: 1800000000.11\r\nCallerIDNum: 998901112233\r\nExten: 205';
    ami.send(`Event: Newchannel\r\n${call}\r\nTimestamp: 1800000000.000000`);
    ami.send(`Event: Newchannel\r\nUniqueid: 1800000000.12\r\nLinkedid: 1800000000.11\r\nCallerIDNum: 205\r\nExten: 205\r\nTimestamp: 1800000000.200000`);
    ami.send(`Event: DialEnd\r\n${call}\r\nDialStatus: ANSWER\r\nDestCallerIDNum: 205\r\nTimestamp: 1800000004.500000`);
    ami.send(
      `Event: Hangup\r\n${call}\r\nChanVariable: MIXMONITOR_FILENAME=/var/spool/asterisk/monitor/in-1800000000.11.wav\r\nChanVariable: DIALSTATUS=ANSWER\r\nTimestamp: 1800000069.700000`,
    );
    const ended = await row('ami:1800000000.11', (r) => r.state === 'ended');
    expect(ended).toMatchObject({
      direction: 'in',
      outcome: 'answered',
      phone: '+998901112233',
      durationSeconds: 65,
      recordingUrl: 'https://pbx.example/recordings/in-1800000000.11.wav',
    });
    expect(ended.startedAt.toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });

  it('a Cdr brings the billed seconds and the recording named in its userfield; a Cdr of a call never seen writes nothing', async () => {
    const call = 'Uniqueid: 1800000100.21\r\nLinkedid: 1800000100.21\r\nCallerIDNum: 205\r\nExten: 901234567';
    ami.send(`Event: Newchannel\r\n${call}`);
    ami.send(`Event: DialEnd\r\n${call}\r\nDialStatus: ANSWER\r\nDestCallerIDNum: 901234567`);
    ami.send(`Event: Hangup\r\n${call}`);
    await row('ami:1800000100.21', (r) => r.state === 'ended');
    ami.send(
      'Event: Cdr\r\nUniqueID: 1800000100.21\r\nSource: 205\r\nDestination: 901234567\r\nDuration: 50\r\nBillableSeconds: 42\r\nDisposition: ANSWERED\r\nUserField: /var/spool/asterisk/monitor/out-1800000100.21.wav',
    );
    ami.send('Event: Cdr\r\nUniqueID: 1800000100.99\r\nBillableSeconds: 7\r\nDisposition: ANSWERED');
    const billed = await row('ami:1800000100.21', (r) => r.durationSeconds === 42);
    expect(billed).toMatchObject({ direction: 'out', outcome: 'answered', recordingUrl: 'https://pbx.example/recordings/out-1800000100.21.wav' });
    expect(await database.db.select().from(calls).where(eq(calls.externalId, 'ami:1800000100.99'))).toEqual([]);
  });

  it('a call nobody answered has no duration and no recording', async () => {
    const call = 'Uniqueid: 1800000200.31\r\nLinkedid: 1800000200.31\r\nCallerIDNum: 998901119999\r\nExten: 205';
    ami.send(`Event: Newchannel\r\n${call}\r\nTimestamp: 1800000200.000000`);
    ami.send(`Event: Hangup\r\n${call}\r\nChanVariable: MIXMONITOR_FILENAME=/var/spool/asterisk/monitor/x.wav\r\nTimestamp: 1800000230.000000`);
    ami.send('Event: Cdr\r\nUniqueID: 1800000200.31\r\nBillableSeconds: 0\r\nDisposition: NO ANSWER\r\nUserField: x.wav');
    const missed = await row('ami:1800000200.31', (r) => r.state === 'ended');
    // the Cdr after it changes nothing
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await database.db.select().from(calls).where(eq(calls.id, missed.id)))[0]).toMatchObject({
      outcome: 'missed',
      durationSeconds: 0,
      recordingUrl: null,
    });
  });
});

describe('recording addresses from ASTERISK_RECORDING_URL', () => {
  it('fills {uniqueid} and {file} (its last segment), takes an http(s) address as it is, makes nothing else', () => {
    expect(recordingUrlOf('https://pbx.example/recordings/{uniqueid}.wav', '1700.5')).toBe('https://pbx.example/recordings/1700.5.wav');
    expect(recordingUrlOf('https://pbx.example/r/{file}', '1700.5', 'C:\\rec\\a b.wav')).toBe('https://pbx.example/r/a%20b.wav');
    expect(recordingUrlOf('https://pbx.example/r/{file}', '1700.5')).toBeNull();
    expect(recordingUrlOf(undefined, '1700.5', 'https://files.example/1.mp3')).toBe('https://files.example/1.mp3');
    expect(recordingUrlOf(undefined, '1700.5', '/var/spool/1.wav')).toBeNull();
    // a name that would be a script stays a harmless path segment
    expect(recordingUrlOf('https://pbx.example/r/{file}', '1', 'javascript:alert(1)')).toBe('https://pbx.example/r/javascript%3Aalert(1)');
    expect(recordingUrlOf('javascript:{file}', '1', 'x.wav')).toBeNull();
  });
});

describe('the generic adapter (a cloud PBX’s address)', () => {
  const received: { body: string; timestamp: string; signature: string }[] = [];
  let pbx: HttpServer;
  let t: TestContext;
  const secret = 'generic-telephony-secret-0123456789';
  beforeAll(async () => {
    pbx = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, timestamp: String(req.headers['x-timestamp']), signature: String(req.headers['x-signature']) });
        res.writeHead(received.length > 1 ? 503 : 200).end();
      });
    });
    await new Promise<void>((resolve) => pbx.listen(0, '127.0.0.1', resolve));
    const { port } = pbx.address() as { port: number };
    t = await createTestApp({ TELEPHONY_PBX_URL: `http://127.0.0.1:${port}/originate`, TELEPHONY_WEBHOOK_SECRET: secret });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => pbx.close(() => resolve()));
  });

  it('POSTs the extension and the number, signed; a PBX that fails is TELEPHONY_UNREACHABLE', async () => {
    const admin = await makeUser(t.db, 'admin');
    await t.db.insert(telephonyExtensions).values({ userId: admin.id, extension: '300' });
    await t.app.inject({ method: 'PUT', url: '/api/telephony/settings', headers: headers(t.app, admin), payload: { adapter: 'generic' } });
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/calls/originate',
        headers: headers(t.app, admin),
        payload: { phone: '+998 (71) 200-11-22', subject: { type: 'order', id: 7 } },
      });
    expect((await call()).statusCode).toBe(202);
    const [first] = received;
    expect(JSON.parse(first!.body)).toEqual({ extension: '300', phone: '+998712001122', subject: { type: 'order', id: 7 } });
    expect(first!.signature).toBe(signTelephony(secret, first!.timestamp, first!.body));
    const refused = await call();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('TELEPHONY_UNREACHABLE');
  });
});
