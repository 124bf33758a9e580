/**
 * A PostgreSQL cluster of the test's own (initdb in a temp folder, a free port, fsync off), for tests
 * that restart the database: the shared one must never be restarted. Its binaries are found under
 * PG_BIN, else /usr/lib/postgresql/<newest>/bin, else on PATH. PostgreSQL refuses to run as root, so
 * under root its commands run as the `postgres` user (runuser), in a folder that user owns.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

function findBinDir(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  for (const dir of candidates) if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

const BIN_DIR = findBinDir();
const AS_ROOT = process.getuid?.() === 0;

/** Why a private cluster cannot be started here, or undefined when it can. */
export const privatePostgresUnavailable: string | undefined = !BIN_DIR
  ? 'PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN'
  : AS_ROOT && !hasUser('postgres')
    ? 'running as root without a postgres user to run PostgreSQL as'
    : undefined;

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function commandLine(binary: string, args: string[]): [string, string[]] {
  const command = path.join(BIN_DIR!, binary);
  return AS_ROOT ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(binary: string, args: string[]): string {
  const [file, argv] = commandLine(binary, args);
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** As run, without blocking: several clusters can be set up at once (the test workers' clusters). */
async function runAsync(binary: string, args: string[]): Promise<string> {
  const [file, argv] = commandLine(binary, args);
  return (await promisify(execFile)(file, argv, { encoding: 'utf8' })).stdout;
}

export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** A superuser connection string to a database of the cluster (default `postgres`). */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async start(): Promise<PrivatePostgres> {
    if (privatePostgresUnavailable) throw new Error(privatePostgresUnavailable);
    const dir = mkdtempSync(path.join(tmpdir(), 'rephire-pg-'));
    if (AS_ROOT) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, uid, gid);
    }
    await runAsync('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const cluster = new PrivatePostgres(dir, await freePort());
    try {
      await runAsync('pg_ctl', cluster.pgCtlArgs('start', 'fast'));
    } catch (error) {
      throw cluster.failure('start', error);
    }
    return cluster;
  }

  /** The server's major version, e.g. 15. */
  static version(): number | undefined {
    return BIN_DIR ? Number(/(\d+)/.exec(run('pg_ctl', ['--version']))?.[1]) : undefined;
  }

  private pgCtlArgs(action: 'start' | 'stop' | 'restart', mode: 'fast' | 'immediate'): string[] {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c full_page_writes=off`;
    return ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-t', '60', '-m', mode, '-o', options, action];
  }

  private failure(action: string, error: unknown): Error {
    const log = existsSync(path.join(this.dir, 'log')) ? readFileSync(path.join(this.dir, 'log'), 'utf8').slice(-2000) : '';
    return new Error(`pg_ctl ${action} failed: ${(error as { stderr?: string }).stderr ?? error}\n${log}`);
  }

  private pgCtl(action: 'start' | 'stop' | 'restart', mode: 'fast' | 'immediate' = 'fast') {
    try {
      run('pg_ctl', this.pgCtlArgs(action, mode));
    } catch (error) {
      throw this.failure(action, error);
    }
  }

  /** Stops (fast: open connections are terminated, as on a server restart) and starts again. */
  restart(): void {
    this.pgCtl('restart');
  }

  stop(): void {
    this.pgCtl('stop');
  }

  startAgain(): void {
    this.pgCtl('start');
  }

  /** Stops the cluster at once and deletes its folder. */
  destroy(): void {
    try {
      this.pgCtl('stop', 'immediate');
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
