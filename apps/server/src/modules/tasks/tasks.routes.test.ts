import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTwoTeams, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';
import { remindDueTasks } from './tasks.service.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let admin: U, chief: U, rep: U, rep2: U, otherChief: U, rep3: U;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const give = (user: { id: number }, body: Record<string, unknown>) => inject('POST', '/api/tasks', user, { title: 'Собрать остатки', ...body });
const move = (id: number, user: { id: number }, to: string) => inject('POST', `/api/tasks/${id}/move`, user, { to });
const notificationsOf = async (user: { id: number }) =>
  (await inject('GET', '/api/notifications', user)).json().items as { kind: string; subjectId: number; params: Record<string, string> }[];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, chief, rep, rep2, otherChief, rep3 } = await makeTwoTeams(t.db));
});
afterAll(() => t.close());

describe('giving tasks', () => {
  it('a chief gives a task to each of the team as copies; each assignee is told, and sees only their own', async () => {
    const res = await give(chief, {
      title: 'Проверить сроки годности',
      assigneeIds: [rep.id, rep2.id],
      dueAt: '2026-12-01T10:00:00+05:00',
      priority: 'high',
      checklist: ['Аптека Шифо', 'Аптека Навруз'],
    });
    expect(res.statusCode).toBe(201);
    const { ids } = res.json();
    expect(ids).toHaveLength(2);
    const mine = (await inject('GET', `/api/tasks/${ids[0]}`, rep)).json();
    expect(mine).toMatchObject({
      title: 'Проверить сроки годности',
      status: 'new',
      priority: 'high',
      dueAt: '2026-12-01T05:00:00Z',
      assigneeId: rep.id,
      creatorId: chief.id,
      checklistTotal: 2,
      checklistDone: 0,
      editable: false,
      moves: ['in_progress', 'done'],
    });
    expect((await inject('GET', `/api/tasks/${ids[1]}`, rep)).statusCode).toBe(404);
    expect((await notificationsOf(rep))[0]).toMatchObject({ kind: 'taskAssigned', subjectId: ids[0], params: { title: 'Проверить сроки годности' } });
    // the chief sees both copies, with everything they may do
    const list = (await inject('GET', '/api/tasks?mine=created', chief)).json();
    expect(list.items.map((i: { id: number }) => i.id).sort()).toEqual([...ids].sort());
    expect((await inject('GET', `/api/tasks/${ids[0]}`, chief)).json()).toMatchObject({ editable: true, moves: ['in_progress', 'done', 'cancelled'] });
  });

  it('a rep gives tasks only to themselves; a chief not to another chief’s team — the field says why', async () => {
    expect((await give(rep, { assigneeIds: [rep.id] })).statusCode).toBe(201);
    const refused = await give(rep, { assigneeIds: [rep.id, rep2.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ assigneeIds: 'You can give tasks only to yourself and people in your team' });
    const ru = await inject('POST', '/api/tasks', chief, { title: 'x', assigneeIds: [rep3.id] }, 'ru');
    expect(ru.json().fields).toEqual({ assigneeIds: 'Задачи можно давать только себе и сотрудникам своей команды' });
    const empty = await inject('POST', '/api/tasks', chief, { title: ' ', assigneeIds: [] });
    expect(Object.keys(empty.json().fields).sort()).toEqual(['assigneeIds', 'title']);
    expect((await give(admin, { assigneeIds: [rep3.id] })).statusCode).toBe(201);
  });
});

describe('working a task', () => {
  it('the rep starts and finishes it, the chief sees it done; the rep cannot cancel the chief’s task', async () => {
    const [id] = (await give(chief, { assigneeIds: [rep.id] })).json().ids;
    expect((await move(id, rep, 'cancelled')).statusCode).toBe(403);
    const started = await move(id, rep, 'in_progress');
    expect(started.json(), started.body).toMatchObject({ status: 'in_progress' });
    const done = await move(id, rep, 'done');
    expect(done.json()).toMatchObject({ status: 'done', moves: ['in_progress'] });
    expect((await move(id, rep, 'done')).json().code).toBe('TASK_STATUS_REFUSED');
    const seen = (await inject('GET', `/api/tasks?status=done&assigneeId=${rep.id}`, chief)).json();
    expect(seen.items.map((i: { id: number }) => i.id)).toContain(id);
    // another chief's team does not see it
    expect((await inject('GET', `/api/tasks/${id}`, otherChief)).statusCode).toBe(404);
    expect((await inject('GET', `/api/tasks/${id}`, rep2)).statusCode).toBe(404);
  });

  it('two moves at once: one wins, the other is refused', async () => {
    const [id] = (await give(chief, { assigneeIds: [rep.id] })).json().ids;
    const answers = await Promise.all([move(id, rep, 'done'), move(id, chief, 'cancelled')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('checklist and comments: the assignee ticks, anyone who sees it comments; only the creator edits', async () => {
    const [id] = (await give(chief, { assigneeIds: [rep.id], checklist: ['Первый пункт'] })).json().ids;
    const task = (await inject('GET', `/api/tasks/${id}`, rep)).json();
    const ticked = await inject('PUT', `/api/tasks/${id}/checklist/${task.checklist[0].id}`, rep, { done: true });
    expect(ticked.json()).toMatchObject({ checklistDone: 1, checklistTotal: 1 });
    expect((await inject('POST', `/api/tasks/${id}/checklist`, rep, { text: 'Второй пункт' })).json().checklistTotal).toBe(2);
    const commented = await inject('POST', `/api/tasks/${id}/comments`, chief, { text: 'Не забудь фото' });
    expect(commented.statusCode).toBe(201);
    expect(commented.json().comments[0]).toMatchObject({ authorId: chief.id, text: 'Не забудь фото' });
    expect((await inject('PUT', `/api/tasks/${id}`, rep, { title: 'Другое' })).statusCode).toBe(403);
    const edited = await inject('PUT', `/api/tasks/${id}`, chief, { title: 'Другое', priority: 'low' });
    expect(edited.json()).toMatchObject({ title: 'Другое', priority: 'low' });
    expect((await inject('PUT', `/api/tasks/${id}/checklist/999999`, rep, { done: true })).statusCode).toBe(404);
  });
});

describe('reminders before due', () => {
  it('an open task due within the lead time reminds its assignee once; a finished one does not', async () => {
    const now = new Date('2030-01-10T09:00:00Z');
    const [soon] = (await give(chief, { title: 'Скоро', assigneeIds: [rep2.id], dueAt: '2030-01-10T09:30:00Z' })).json().ids;
    const [later] = (await give(chief, { title: 'Позже', assigneeIds: [rep2.id], dueAt: '2030-01-10T12:00:00Z' })).json().ids;
    const [finished] = (await give(chief, { title: 'Готово', assigneeIds: [rep2.id], dueAt: '2030-01-10T09:10:00Z' })).json().ids;
    await move(finished, rep2, 'done');
    await remindDueTasks(t.db, 60, now);
    await remindDueTasks(t.db, 60, now);
    const due = (await notificationsOf(rep2)).filter((n) => n.kind === 'taskDue');
    expect(due.map((n) => n.subjectId)).toContain(soon);
    expect(due.filter((n) => n.subjectId === soon)).toHaveLength(1);
    expect(due.map((n) => n.subjectId)).not.toContain(later);
    expect(due.map((n) => n.subjectId)).not.toContain(finished);
  });
});
