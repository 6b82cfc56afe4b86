import { z } from 'zod';

/** `GET ./assets/config.json` (spec §3, §7): written by the server from its environment. */
export const runtimeConfig = z.object({
  api: z.string(),
  instaladores: z.string(),
  store: z.string(),
  versiones: z.string(),
  archivos: z.string(),
  /** Deployment variant; 'ORG' runs the reduced product (spec §1). */
  sitio: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
