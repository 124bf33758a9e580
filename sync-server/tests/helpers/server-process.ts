/**
 * The real server as a child process (server-process.entry.ts) on a fixed loopback port, for tests
 * that kill it, restart it, or run several instances over one PostgreSQL. Every instance started with
 * the same SECRET_KEY accepts the others' session cookies, as behind a load balancer.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromServerProcess, ToServerProcess } from './server-process.entry';
import { testConfig } from './test-server';
import { freePort } from './free-port';

const ENTRY = fileURLToPath(new URL('./server-process.entry.ts', import.meta.url));

export interface ServerProcessOptions {
  /** Without one, the embedded database in a data folder of its own. */
  databaseUrl?: string;
  /** Defaults to a free port. */
  port?: number;
  /** Extra environment (API_KEY_RATE_LIMIT, …). */
  env?: Record<string, string>;
  /** Lets `memory({ gc: true })` collect garbage first (the soak). */
  exposeGc?: boolean;
  /** DATA_DIR (the embedded database lives there); a new temp folder when omitted, kept on restart. */
  dataDir?: string;
}

export class ServerProcess {
  /** Everything the process wrote to stderr (errors it logged), for failure messages. */
  stderr = '';
  exitCode: number | null = null;
  signal: NodeJS.Signals | null = null;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly port: number,
    readonly options: ServerProcessOptions,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      child.once('exit', () => resolve());
    });
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const port = options.port ?? (await freePort());
    const config = testConfig();
    options = { ...options, port, dataDir: options.dataDir ?? config.dataDir };
    const child = fork(ENTRY, [], {
      execArgv: ['--import', 'tsx', ...(options.exposeGc ? ['--expose-gc'] : [])],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl ?? '',
        DATA_DIR: options.dataDir,
        SECRET_KEY: config.secretKey,
        SCRYPT_LOG_N: String(config.scryptLogN),
        LEADS_PROVIDER_URL: config.leadsProviderUrl,
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = await new Promise<FromServerProcess>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code, signal) => reject(new Error(`server process exited (${code ?? signal}) before listening:\n${stderr}`)));
    });
    if (ready.type !== 'ready') throw new Error(`unexpected first message from the server process: ${JSON.stringify(ready)}`);
    const server = new ServerProcess(child, ready.url, port, options);
    server.stderr = stderr;
    child.stderr!.on('data', (chunk: Buffer) => (server.stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      server.exitCode = code;
      server.signal = signal;
    });
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Still running: neither crashed nor stopped. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no shutdown code runs, in-flight requests and transactions are cut off. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A clean shutdown (SIGTERM). */
  async stop(): Promise<void> {
    if (this.alive) this.child.kill('SIGTERM');
    await this.exited;
  }

  /** Another process like this one, on the same port (after kill or stop). */
  restart(): Promise<ServerProcess> {
    return ServerProcess.start({ ...this.options, port: this.port });
  }

  memory(options: { gc?: boolean } = {}): Promise<Extract<FromServerProcess, { type: 'memory' }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromServerProcess) => {
        if (message.type !== 'memory') return;
        this.child.off('message', onMessage);
        resolve(message);
      };
      this.child.on('message', onMessage);
      const request: ToServerProcess = { type: 'memory', gc: options.gc };
      this.child.send(request, (error) => error && reject(error));
    });
  }
}
