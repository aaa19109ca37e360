import { connect, type Socket } from 'node:net';

/** One AMI message: its `Key: value` lines (keys as Asterisk writes them). */
export type AmiMessage = Record<string, string>;

export interface AmiOptions {
  host: string;
  port: number;
  username: string;
  secret: string;
  /** how long an action waits for its response */
  timeoutMs?: number;
}

/**
 * A small client of Asterisk's Manager Interface (AMI) over TCP: the line protocol of `Key: value` lines
 * ending with an empty line. It logs in, sends actions (Originate) and matches their responses by
 * ActionID, and passes every event (Newchannel, Hangup, Cdr …) to `onEvent` — a channel variable
 * (`ChanVariable: NAME=value`) as the key `ChanVariable(NAME)`.
 */
export class AmiClient {
  private socket: Socket | null = null;
  private buffer = '';
  private nextId = 1;
  private readonly waiting = new Map<string, { resolve: (m: AmiMessage) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly options: AmiOptions,
    private readonly onEvent: (event: AmiMessage) => void = () => {},
  ) {}

  async connect(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const socket = connect({ host: this.options.host, port: this.options.port }, () => resolve());
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => this.read(chunk));
      socket.on('error', (error) => {
        reject(error);
        this.failAll(error);
      });
      socket.on('close', () => this.failAll(new Error('AMI connection closed')));
      this.socket = socket;
    });
    const answer = await this.action({ Action: 'Login', Username: this.options.username, Secret: this.options.secret, Events: 'call,cdr' });
    if (answer.Response !== 'Success') throw new Error(`AMI login refused: ${answer.Message ?? ''}`);
  }

  /** Sends an action and waits for its response. */
  action(fields: AmiMessage): Promise<AmiMessage> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('AMI not connected'));
    const id = String(this.nextId++);
    const text = Object.entries({ ...fields, ActionID: id })
      .map(([key, value]) => `${key}: ${value.replace(/[\r\n]/g, ' ')}`)
      .join('\r\n');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('AMI action timed out'));
      }, this.options.timeoutMs ?? 10_000);
      this.waiting.set(id, { resolve, reject, timer });
      socket.write(`${text}\r\n\r\n`);
    });
  }

  close(): void {
    this.socket?.end();
    this.socket?.destroy();
    this.socket = null;
  }

  private read(chunk: string) {
    this.buffer += chunk;
    // the greeting line ("Asterisk Call Manager/5.0") has no empty line after it
    this.buffer = this.buffer.replace(/^Asterisk Call Manager\/[^\r\n]*\r?\n/, '');
    let end: number;
    while ((end = this.buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const message: AmiMessage = {};
      for (const line of block.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const key = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        // channel variables (manager.conf's channelvars) come as many `ChanVariable: NAME=value` lines
        const variable = key === 'ChanVariable' ? /^([^=]+)=(.*)$/.exec(value) : null;
        if (variable) message[`ChanVariable(${variable[1]})`] = variable[2]!;
        else message[key] = value;
      }
      this.dispatch(message);
    }
  }

  private dispatch(message: AmiMessage) {
    const id = message.ActionID;
    if (message.Response && id && this.waiting.has(id)) {
      const pending = this.waiting.get(id)!;
      this.waiting.delete(id);
      clearTimeout(pending.timer);
      pending.resolve(message);
    } else if (message.Event) this.onEvent(message);
  }

  private failAll(error: Error) {
    for (const pending of this.waiting.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.waiting.clear();
  }
}
