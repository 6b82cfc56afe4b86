import { afterAll, describe, expect, it } from 'vitest';
import { closeIsolated, IsolatedError, runIsolated, workerModule } from './isolated.ts';

// A task's time limit is its own work, counted from the moment its worker starts it: the worker's start and the
// task module's loading, slow on a machine kept busy by other processes, do not count.

const ARRANQUE_LENTO = workerModule<(n: number) => number>(import.meta.url, './test-tasks/arranque-lento.worker.ts');
const TAREA_LENTA = workerModule<(ms: number) => Promise<number>>(
  import.meta.url,
  './test-tasks/tarea-lenta.worker.ts',
);

describe('runIsolated', () => {
  afterAll(closeIsolated);

  it('a module that takes longer to load than the task is given still runs its task', async () => {
    expect(await runIsolated(ARRANQUE_LENTO, 21, { limiteMs: 500 })).toBe(42);
  });

  it('a task that works longer than it is given ends with "tiempo"', async () => {
    const err = await runIsolated(TAREA_LENTA, 5_000, { limiteMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IsolatedError);
    expect((err as IsolatedError).motivo).toBe('tiempo');
  });

  it('a task within its time answers', async () => {
    expect(await runIsolated(TAREA_LENTA, 10, { limiteMs: 5_000 })).toBe(10);
  });
});
