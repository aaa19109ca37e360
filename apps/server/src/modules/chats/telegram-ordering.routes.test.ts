import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestInstance, makeUser } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderStock } from '../../test/order-fixtures.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.js';
import { answerClientCommand } from './telegram-ordering.js';
import { tellOrderStatuses } from './chat-order-updates.js';

let database: TestDatabase;
let telegram: TelegramStandIn;
let app: FastifyInstance;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U;
let pharmacy: { id: number; name: string };
const chatId = 9001;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  app.inject({ method, url, headers: headers(app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
/** The bot's answer to `text` the pharmacy writes (its Telegram in English). */
async function ask(text: string) {
  const from = telegram.sent.length;
  telegram.write(chatId, text, 'en');
  return telegram.nextTo(chatId, undefined, from);
}
const ordersOfPharmacy = async () =>
  (await inject('GET', `/api/orders?organizationId=${pharmacy.id}&size=100`, operator)).json().items as { id: number; number: number; status: string }[];

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  database = await openTestDatabase();
  app = await buildTestInstance(database, {
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_URL: telegram.url,
    TASK_REMINDER_SWEEP_SECONDS: '0',
    CHAT_ORDER_SWEEP_SECONDS: '0',
  });
  admin = await makeUser(database.db, 'admin');
  operator = await makeUser(database.db, 'operator', { managerId: admin.id });
  pharmacy = await createOrganization(app, admin, organizationBody(await place(database.db, 'TK', 'Chilonzor'), { name: 'Apteka Sadaf' }));
  await orderStock(database.db, { nurofenSoon: 10, nurofenLater: 10, aspirin: 1000, citramon: 10 });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await telegram?.close();
});

describe('ordering through the company bot', () => {
  it('a chat not yet linked to its pharmacy is told how to get linked', async () => {
    await ask('Salom, biz Sadaf dorixonasimiz');
    expect(await ask('/debt')).toContain('not linked to a pharmacy yet');
    expect(await ask('/order\nАспирин 500 мг 3')).toContain('not linked to a pharmacy yet');
  });

  it('once the desk links it: its debt, prices, an order priced by its terms, confirmed into a new order for the operator', async () => {
    const [chat] = (await inject('GET', '/api/chats?q=User%209001', operator)).json().items;
    expect((await inject('PUT', `/api/chats/${chat.id}`, operator, { organizationId: pharmacy.id })).statusCode).toBe(200);
    expect(await ask('/debt')).toMatch(/^Apteka Sadaf: no debt; credit left /);
    expect(await ask('/prices аспирин')).toMatch(/Аспирин 500 мг — [\d\s,.]+/);
    expect(await ask('/prices xyzzy')).toContain('Nothing in stock matches');
    expect(await ask('/order\nАспирин 500 мг 3\nнурофен 2')).toMatch(/Your order:\nАспирин 500 мг × 3 = .+\nНурофен 200 мг × 2 = .+\nTotal: /);
    expect(await ask('/order\nАспирин')).toContain('I did not understand the line «Аспирин»');
    // the failed /order did not replace the draft
    const placed = await ask('/confirm');
    expect(placed).toMatch(/^Order №\d+ for .+ has been sent to our operator/);
    const [order] = await ordersOfPharmacy();
    expect(order).toMatchObject({ status: 'new' });
    expect(placed).toContain(`№${order!.number}`);
    expect(await ask('/confirm')).toContain('nothing to confirm');
    // the operator moves it: the pharmacy is told once, in its conversation too
    expect((await inject('POST', `/api/orders/${order!.id}/move`, operator, { to: 'in_processing' })).statusCode).toBe(200);
    const from = telegram.sent.length;
    expect(await tellOrderStatuses(app.db, app.config)).toEqual({ told: 1 });
    expect(await telegram.nextTo(chatId, undefined, from)).toBe(`Order №${order!.number}: In processing`);
    expect(await tellOrderStatuses(app.db, app.config)).toEqual({ told: 0 });
    const messages = (await inject('GET', `/api/chats/${chat.id}/messages`, operator)).json().items;
    expect(messages[0]).toMatchObject({ direction: 'out', text: `Order №${order!.number}: In processing`, delivery: 'sent' });
  });

  it('the same confirming update delivered twice is one order; /repeat drafts the last order again', async () => {
    const before = (await ordersOfPharmacy()).length;
    const lng = 'en' as const;
    const externalId = String(chatId);
    const repeated = await answerClientCommand(app.db, { externalId, command: 'repeat', args: '', updateId: 501, lng });
    expect(repeated).toContain('Аспирин 500 мг × 3');
    expect(repeated).toContain('Нурофен 200 мг × 2');
    const first = await answerClientCommand(app.db, { externalId, command: 'confirm', args: '', updateId: 502, lng });
    // Telegram delivers the update again after the draft was sent: the same update id answers the same order
    await answerClientCommand(app.db, { externalId, command: 'repeat', args: '', updateId: 503, lng });
    const again = await answerClientCommand(app.db, { externalId, command: 'confirm', args: '', updateId: 502, lng });
    expect(again).toBe(first);
    expect((await ordersOfPharmacy()).length).toBe(before + 1);
  });

  it('an order for more than is free is refused with the order rules’ reason, and nothing is kept', async () => {
    const before = (await ordersOfPharmacy()).length;
    expect(await ask('/order\nЦитрамон 500')).toContain('Not enough');
    expect(await ask('/confirm')).toContain('nothing to confirm');
    expect((await ordersOfPharmacy()).length).toBe(before);
  });
});
