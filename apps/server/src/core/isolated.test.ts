import { afterAll, describe, expect, it } from 'vitest';
import { closeIsolated, IsolatedError, limitIsolatedBuffers, runIsolated, workerModule } from './isolated.ts';

// A task's time limit is its own work, counted from the moment its worker starts it: the worker's start and the
// task module's loading, slow on a machine kept busy by other processes, do not count, nor does the time its thread
// waits for a core. It is the processor time of the worker's thread; the clock bounds a task that does not work.

const ARRANQUE_LENTO = workerModule<(n: number) => number>(import.meta.url, './test-tasks/arranque-lento.worker.ts');
const TAREA_LENTA = workerModule<(ms: number) => Promise<number>>(
  import.meta.url,
  './test-tasks/tarea-lenta.worker.ts',
);
const TAREA_OCUPADA = workerModule<(ms: number) => number>(import.meta.url, './test-tasks/tarea-ocupada.worker.ts');
const BUFFERS = workerModule<(mb: number) => Promise<number>>(import.meta.url, './test-tasks/buffers.worker.ts');

describe('runIsolated', () => {
  afterAll(closeIsolated);

  it('a module that takes longer to load than the task is given still runs its task', async () => {
    expect(await runIsolated(ARRANQUE_LENTO, 21, { limiteMs: 500 })).toBe(42);
  });

  it('a task that works longer than it is given ends with "tiempo", before it ends', async () => {
    const inicio = Date.now();
    const err = await runIsolated(TAREA_OCUPADA, 20_000, { limiteMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IsolatedError);
    expect((err as IsolatedError).motivo).toBe('tiempo');
    expect(Date.now() - inicio).toBeLessThan(20_000);
  });

  it("the time its thread does not work (waiting, or for a busy machine's cores) is not the task's", async () => {
    expect(await runIsolated(TAREA_LENTA, 1_500, { limiteMs: 1_000 })).toBe(1_500);
  });

  it('a task that waits past four times its time ends with "tiempo", by the clock', async () => {
    const err = await runIsolated(TAREA_LENTA, 60_000, { limiteMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IsolatedError);
    expect((err as IsolatedError).motivo).toBe('tiempo');
  });

  it('a task within its time answers', async () => {
    expect(await runIsolated(TAREA_LENTA, 10, { limiteMs: 5_000 })).toBe(10);
  });

  describe('the memory outside the heap a task holds (UPLOAD_MAX_BUFFERS_MB)', () => {
    afterAll(() => limitIsolatedBuffers(0));

    it('past the ceiling, the task ends with "memoria"', async () => {
      limitIsolatedBuffers(32 * 1024 * 1024);
      const err = await runIsolated(BUFFERS, 80, { limiteMs: 20_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IsolatedError);
      expect((err as IsolatedError).motivo).toBe('memoria');
    });

    it("within it, the task answers; the process's own memory, however much it grows meanwhile, is not the task's", async () => {
      limitIsolatedBuffers(32 * 1024 * 1024);
      const tarea = runIsolated(BUFFERS, 8, { limiteMs: 20_000 });
      // The API's thread allocates far more than the ceiling while the task runs.
      const ajeno = Array.from({ length: 200 }, () => Buffer.alloc(1024 * 1024, 2));
      expect(await tarea).toBe(8);
      expect(ajeno.length).toBe(200);
    });

    it('with no ceiling (0), a task holds what it needs', async () => {
      limitIsolatedBuffers(0);
      expect(await runIsolated(BUFFERS, 80, { limiteMs: 20_000 })).toBe(80);
    });
  });
});
