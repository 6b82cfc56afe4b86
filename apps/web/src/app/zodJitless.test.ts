import './zodJitless.ts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod under the CSP', () => {
  it('runs without eval (jitless) once the app set it, before zod loaded', () => {
    expect(z.config().jitless).toBe(true);
  });
});
